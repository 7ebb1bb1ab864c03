import type { Repos } from '../../repos/index.ts';
import { chance, rngFor, type Rng } from '../../text/prng.ts';

/**
 * The demo's genres: the playlist square's 风格 tags, weighted roughly as a streaming catalogue's
 * are (pop first). Names the listener reads, so Chinese like the rest of the interface.
 */
const GENRE_WEIGHTS: readonly (readonly [string, number])[] = [
  ['流行', 30],
  ['摇滚', 12],
  ['民谣', 12],
  ['电子', 10],
  ['说唱', 8],
  ['R&B/Soul', 8],
  ['轻音乐', 8],
  ['爵士', 6],
  ['古典', 6],
];
const TOTAL_WEIGHT = GENRE_WEIGHTS.reduce((n, [, w]) => n + w, 0);

function weightedGenre(rng: Rng): string {
  let roll = rng() * TOTAL_WEIGHT;
  for (const [name, weight] of GENRE_WEIGHTS) {
    roll -= weight;
    if (roll < 0) return name;
  }
  return GENRE_WEIGHTS[0]![0];
}

/**
 * A demo album's genres (its songs have the same): one, sometimes a second. Drawn from the
 * album's own stream, keyed by its id rather than its place in the seed, so the seeder and the
 * backfill of a library seeded before genres existed pick the same ones, and no other stream of
 * the seed moves.
 */
export function demoAlbumGenres(seed: number, albumId: number): string[] {
  const rng = rngFor(seed, 'genre', albumId);
  const main = weightedGenre(rng);
  if (!chance(rng, 0.15)) return [main];
  const second = weightedGenre(rng);
  return second === main ? [main] : [main, second];
}

/**
 * Gives the generated songs of a library seeded before genres existed their albums' genres
 * (callers run it once, in a transaction). Imported songs get theirs from their tags on the next
 * scan (migration 030).
 */
export async function backfillDemoGenres(repos: Repos, seed: number): Promise<number> {
  const untagged = await repos.songs.generatedWithoutGenre();
  for (const { id, albumId } of untagged) await repos.genres.setSongGenres(id, demoAlbumGenres(seed, albumId));
  return untagged.length;
}
