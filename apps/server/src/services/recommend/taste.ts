import type { Repos } from '../../repos/index.ts';

/**
 * A listener's taste, read from what they really did (docs/decisions/0017-daily-recommendations.md):
 * every play weighs 0.5^(age / 7 days) over the last 90 days, a liked song weighs like 3 fresh
 * plays. Songs add their weight to the artists they credit (the main artist fully, others half)
 * and to the playlist tags around them.
 */
export const TASTE_WINDOW_DAYS = 90;
export const HALF_LIFE_DAYS = 3;
export const LIKE_WEIGHT = 3;
/** A song played this recently is not recommended again (they know it). */
export const RECENT_DAYS = 7;
/** How many of the strongest artists and tags a recommendation looks around. */
const TOP_ARTISTS = 10;
const TOP_TAGS = 6;
/** Similar artists are looked for around this many of the strongest artists. */
const SIMILAR_SOURCES = 3;

const DAY_MS = 86_400_000;

export interface Taste {
  /** the song's weight in the listener's taste */
  songs: Map<number, number>;
  /** songs played in the last RECENT_DAYS days, and liked songs: not recommended */
  known: Set<number>;
  /** songs played before, but not recently: recommended less eagerly than new ones */
  heard: Set<number>;
  /** artist → weight, strongest first (TOP_ARTISTS at most) */
  artists: Map<number, number>;
  /** artist → [similarity × the source artist's share, the source artist] */
  similar: Map<number, { weight: number; source: number }>;
  /** tag → weight, strongest first (TOP_TAGS at most) */
  tags: Map<number, number>;
  /** true when the listener has played or liked nothing yet: recommend what is popular */
  empty: boolean;
}

const top = (weights: Map<number, number>, n: number) => new Map([...weights].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, n));

const add = (m: Map<number, number>, key: number, w: number) => m.set(key, (m.get(key) ?? 0) + w);

/** The listener's taste now (`now` on the library clock, which stamps plays). */
export async function tasteOf(
  repos: Repos,
  userId: number,
  now: number,
  similarArtists: (id: number) => Promise<{ id: number; score: number }[]>,
): Promise<Taste> {
  const songs = new Map<number, number>();
  const known = new Set<number>();
  const heard = new Set<number>();
  for (const row of await repos.plays.byDay(userId, now, now - TASTE_WINDOW_DAYS * DAY_MS)) {
    add(songs, row.songId, row.plays * 0.5 ** (row.ageDays / HALF_LIFE_DAYS));
    if (row.ageDays < RECENT_DAYS) known.add(row.songId);
    else heard.add(row.songId);
  }
  for (const id of await repos.playlists.likedSongIds(userId)) {
    add(songs, id, LIKE_WEIGHT);
    known.add(id);
  }
  for (const id of known) heard.delete(id);
  return await tasteAround(repos, songs, known, heard, similarArtists);
}

/**
 * The artists, artists like them and playlist tags around weighted songs: a listener's plays and
 * likes, or the songs a "more like this" starts from (getSimilarSongs).
 */
export async function tasteAround(
  repos: Repos,
  songs: Map<number, number>,
  known: Set<number>,
  heard: Set<number>,
  similarArtists: (id: number) => Promise<{ id: number; score: number }[]>,
): Promise<Taste> {
  const ids = [...songs.keys()];
  const artists = new Map<number, number>();
  for (const c of await repos.songs.credits(ids)) add(artists, c.artistId, (songs.get(c.songId) ?? 0) * (c.position === 0 ? 1 : 0.5));
  // A song's tags share its weight by how many playlists give it each tag.
  const tagRows = await repos.playlists.songTags(ids);
  const perSong = new Map<number, number>();
  for (const t of tagRows) add(perSong, t.songId, t.playlists);
  const tags = new Map<number, number>();
  for (const t of tagRows) add(tags, t.tagId, ((songs.get(t.songId) ?? 0) * t.playlists) / perSong.get(t.songId)!);

  const topArtists = top(artists, TOP_ARTISTS);
  const strongest = Math.max(0, ...topArtists.values());
  const similar = new Map<number, { weight: number; source: number }>();
  for (const [source, w] of [...topArtists].slice(0, SIMILAR_SOURCES)) {
    for (const s of await similarArtists(source)) {
      const weight = (w / strongest) * s.score;
      if (!topArtists.has(s.id) && weight > (similar.get(s.id)?.weight ?? 0)) similar.set(s.id, { weight, source });
    }
  }
  return { songs, known, heard, artists: topArtists, similar, tags: top(tags, TOP_TAGS), empty: songs.size === 0 };
}
