import type { IndexedSongFilter, SongFilters } from '../../repos/songs.ts';

/**
 * Draws before the passing songs are listed instead: enough for a filter that passes one song in
 * a few hundred, when a size-10 draw still costs a few ms; past that, listing is cheaper.
 */
const MIN_DRAWS = 4096;
const DRAWS_PER_SONG = 4;

/**
 * Up to `size` distinct songs passing `filter`, drawn uniformly, in random order — without
 * `ORDER BY random()`, which reads and sorts every row (0.3 s on a million songs).
 *
 * Rejection sampling: ids are drawn uniformly from the id range and kept when they are songs that
 * pass the filter. At every draw each passing song not yet kept is equally likely, so the result
 * is a uniform sample without replacement however many ids are missing. Each draw is one lookup
 * by primary key, so this is fast while most ids pass; when the filter passes few (a rare genre,
 * a narrow year range), draws would mostly miss, so after a budget of draws the passing songs are
 * listed from the filter's index and shuffled instead — uniform too.
 */
export async function randomSongIds(
  repo: SongFilters,
  size: number,
  filter: IndexedSongFilter,
  { random = Math.random, minDraws = MIN_DRAWS }: { random?: () => number; minDraws?: number } = {},
): Promise<number[]> {
  const range = await repo.idRange();
  if (!range || size <= 0) return [];
  const span = range.high - range.low + 1;
  const picked = new Set<number>();
  let budget = Math.max(minDraws, size * DRAWS_PER_SONG);
  let draws = 0;
  let hits = 0;
  while (picked.size < size && budget > 0) {
    // As many draws as the pass rate seen so far says the missing songs need, with a margin.
    const rate = draws === 0 ? 1 : Math.max(hits, 1) / draws;
    const batch = Math.min(budget, Math.max(32, Math.ceil(((size - picked.size) / rate) * 1.25)));
    budget -= batch;
    draws += batch;
    const drawn = Array.from({ length: batch }, () => range.low + Math.floor(random() * span));
    const passing = new Set(await repo.passing(drawn, filter));
    for (const id of drawn) {
      if (!passing.has(id)) continue;
      hits++;
      if (picked.size < size) picked.add(id);
    }
  }
  if (picked.size === size) return [...picked];
  return sample(await repo.every(filter), size, random);
}

/** `size` items of `items` in random order (a partial Fisher–Yates; `items` is reordered). */
function sample(items: number[], size: number, random: () => number): number[] {
  const n = Math.min(size, items.length);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(random() * (items.length - i));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items.slice(0, n);
}
