import type { SearchKind, SearchRepo } from '../../repos/search.ts';

/**
 * Counts stop here, as NetEase's do (its songCount never passes 600): a page past it is empty.
 * It also bounds the work of a one-character keyword on a million songs.
 */
export const MAX_RESULTS = 600;

export interface RankedPage {
  /** ids of the page, in rank order */
  ids: number[];
  /** matches counted, at most `countUpTo` */
  total: number;
}

/**
 * One page of matches in rank order: names equal to the keyword, then names starting with it,
 * then everything containing it (in a name, an artist, an album, a tag or a lyric); popularity
 * orders each class. The index hands each class over already in popularity order, so only the
 * first offset + limit rows of each are read: whatever the true order's first n rows are, they
 * are among the first n of their own class.
 */
export function rankedPage(
  repo: SearchRepo,
  kind: SearchKind,
  keyword: string,
  offset: number,
  limit: number,
  countUpTo = MAX_RESULTS,
): RankedPage {
  const anywhere = repo.find(kind, keyword, 'anywhere', countUpTo);
  const total = anywhere.length;
  const end = Math.min(offset + limit, total);
  if (offset >= end) return { ids: [], total };
  // Lyrics have no names: their order is popularity alone.
  const named = kind === 1006 ? [] : [...repo.find(kind, keyword, 'exact', end), ...repo.find(kind, keyword, 'prefix', end)];
  const ordered = new Set<number>();
  for (const id of [...named, ...anywhere]) {
    ordered.add(id);
    if (ordered.size === end) break;
  }
  return { ids: [...ordered].slice(offset, end), total };
}
