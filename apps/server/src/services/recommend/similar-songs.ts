import type { Repos } from '../../repos/index.ts';
import type { Rng } from '../../text/prng.ts';
import { pickWeighted } from './pick.ts';
import { scoreSongs } from './song-scores.ts';
import { tasteAround } from './taste.ts';

/** Similar artists and tag neighbours considered at most (as for the daily songs). */
const SIMILAR_ARTISTS = 10;
const TAG_SONGS = 300;

/** What "more like this" starts from: songs (a song, an album's, an artist's) and the songs never to answer. */
export interface SimilarSeed {
  songs: readonly number[];
  exclude: ReadonlySet<number>;
}

/**
 * Songs like the seed's, drawn as the daily songs are (song-scores.ts, pick.ts): the seed's songs
 * make a taste — their artists, artists like them, their playlist tags — and the songs scored
 * near it are drawn, stronger ones likelier, at most a fifth (and at least 4) by one main artist
 * while others are left. Only songs near the seed qualify, never merely popular ones: a seed with
 * nothing around it gets nothing.
 */
export async function similarSongs(
  repos: Repos,
  similarArtists: (id: number) => Promise<{ id: number; score: number }[]>,
  seed: SimilarSeed,
  count: number,
  rng: Rng,
): Promise<number[]> {
  if (count <= 0 || seed.songs.length === 0) return [];
  const taste = await tasteAround(repos, new Map(seed.songs.map((id) => [id, 1])), new Set(), new Set(), similarArtists);
  const similar = new Map([...taste.similar].sort((a, b) => b[1].weight - a[1].weight || a[0] - b[0]).slice(0, SIMILAR_ARTISTS));
  const candidates = new Set([
    ...(await repos.songs.idsByArtists([...taste.artists.keys(), ...similar.keys()])),
    ...(await repos.songs.mostPopularTagged([...taste.tags.keys()], TAG_SONGS)),
  ]);
  for (const id of seed.exclude) candidates.delete(id);
  const scored = (
    await scoreSongs(
      repos,
      [...candidates].sort((a, b) => a - b),
      taste,
      similar,
    )
  ).filter((s) => s.related);
  return pickWeighted(rng, scored, count, Math.max(4, Math.ceil(count / 5))).map((s) => s.id);
}
