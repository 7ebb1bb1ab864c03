import type { Repos } from '../../repos/index.ts';
import type { Taste } from './taste.ts';

/** Weights of a song's signals (each 0–1): the artists they play, artists like those, the tags they play, popularity. */
const SONG_WEIGHTS = { artist: 1, similar: 0.6, tag: 0.5, popular: 0.25 };
/** Every candidate keeps a little chance, so the list is never only the obvious. */
export const FLOOR = 0.05;
export const REASON_POPULAR = '近期热门';

/** Best of the weighted parts: its reason goes with the recommendation. */
export function strongest(parts: { value: number; reason: () => string }[]) {
  const best = parts.reduce((a, b) => (b.value > a.value ? b : a));
  return { score: parts.reduce((s, p) => s + p.value, FLOOR), reason: best.value > 0 ? best.reason() : REASON_POPULAR };
}

/** The largest weight (never 0: weights are divided by it). */
export const maxOf = (m: Map<number, number>) => Math.max(Number.MIN_VALUE, ...m.values());

export interface SongScore {
  id: number;
  score: number;
  reason: string;
  /** the song's main artist (lists cap how many songs of one artist they hold) */
  group?: number;
  /** true when the song is near the taste — its artists, artists like them or its tags — not merely popular */
  related: boolean;
}

/**
 * Each candidate song scored against a taste: how much the taste holds its artists (the main
 * one fully, others half), artists like those (`similar`: artist → weight and the artist it is
 * like), its playlist tags, and its popularity; the strongest part gives the reason.
 */
export async function scoreSongs(
  repos: Repos,
  ids: readonly number[],
  taste: Taste,
  similar: ReadonlyMap<number, { weight: number; source: number }>,
): Promise<SongScore[]> {
  const songs = await repos.songs.findByIds(ids);
  const credits = new Map<number, { artistId: number; position: number }[]>();
  for (const c of await repos.songs.credits(ids)) credits.set(c.songId, [...(credits.get(c.songId) ?? []), c]);
  const tagShares = new Map<number, { tagId: number; playlists: number }[]>();
  for (const t of await repos.playlists.songTags(ids)) tagShares.set(t.songId, [...(tagShares.get(t.songId) ?? []), t]);
  const artistMax = maxOf(taste.artists);
  const tagMax = maxOf(taste.tags);
  const artistNames = new Map(
    [...(await repos.artists.findByIds([...taste.artists.keys(), ...[...similar.values()].map((s) => s.source)])).values()].map((a) => [
      a.id,
      a.name,
    ]),
  );
  const tagNames = new Map((await repos.tags.all()).map((t) => [t.id, t.name]));

  return ids.flatMap((id): SongScore[] => {
    const song = songs.get(id);
    if (!song) return [];
    const credited = credits.get(id) ?? [];
    const mine = credited
      .map((c) => ({ id: c.artistId, value: ((taste.artists.get(c.artistId) ?? 0) / artistMax) * (c.position === 0 ? 1 : 0.5) }))
      .reduce((a, b) => (b.value > a.value ? b : a), { id: 0, value: 0 });
    const alike = credited
      .map((c) => ({ source: similar.get(c.artistId)?.source ?? 0, value: similar.get(c.artistId)?.weight ?? 0 }))
      .reduce((a, b) => (b.value > a.value ? b : a), { source: 0, value: 0 });
    const shares = tagShares.get(id) ?? [];
    const total = shares.reduce((s, t) => s + t.playlists, 0);
    const tagParts = shares.map((t) => ({ id: t.tagId, value: ((taste.tags.get(t.tagId) ?? 0) / tagMax) * (t.playlists / total) }));
    const tag = tagParts.reduce((s, t) => s + t.value, 0);
    const topTag = tagParts.reduce((a, b) => (b.value > a.value ? b : a), { id: 0, value: 0 });
    const { score, reason } = strongest([
      { value: SONG_WEIGHTS.artist * mine.value, reason: () => `你常听的${artistNames.get(mine.id)}` },
      { value: SONG_WEIGHTS.similar * alike.value, reason: () => `与${artistNames.get(alike.source)}风格相近` },
      { value: SONG_WEIGHTS.tag * tag, reason: () => `你喜欢的${tagNames.get(topTag.id)}` },
      // Someone who has played nothing yet gets what is popular.
      { value: (taste.empty ? 1 : SONG_WEIGHTS.popular) * (song.popularity / 100), reason: () => REASON_POPULAR },
    ]);
    const group = credited.find((c) => c.position === 0)?.artistId;
    return [{ id, score, reason, group, related: mine.value + alike.value + tag > 0 }];
  });
}
