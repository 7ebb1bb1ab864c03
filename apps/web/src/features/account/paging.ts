/**
 * Paging of the user pages' lists. The follow list and the profile's playlists
 * append with the current list length as the offset; fans and events page by NetEase's
 * `lasttime` (the last fan's follow time, the answer's lasttime). A page saying `more: false`
 * finishes the list.
 */
export const FOLLOW_PAGE_SIZE = 20;
export const PLAYLIST_PAGE_SIZE = 20;
export const FANS_PAGE_SIZE = 40;
export const EVENTS_PAGE_SIZE = 40;

interface Page<T> {
  items: readonly T[];
  more: boolean;
}

/** The next offset (the length of the list so far), or undefined when the last page said there is no more. */
export function nextOffset<T>(pages: readonly Page<T>[]): number | undefined {
  const last = pages.at(-1);
  if (last && (!last.more || last.items.length === 0)) return undefined;
  return pages.reduce((n, p) => n + p.items.length, 0);
}

/** The next fans page starts after the last fan's follow time; -1 is the newest. */
export function nextFanTime(pages: readonly Page<{ time?: number }>[]): number | undefined {
  const last = pages.at(-1);
  if (!last) return -1;
  if (!last.more || last.items.length === 0) return undefined;
  return last.items.at(-1)?.time ?? undefined;
}

/** Every item of the pages in order, each id once (a list that moved between pages repeats none). */
export function flattenPages<T>(pages: readonly Page<T>[], id: (item: T) => number): T[] {
  const seen = new Set<number>();
  const out: T[] = [];
  for (const page of pages) {
    for (const item of page.items) {
      const key = id(item);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(item);
    }
  }
  return out;
}

export type ListState = 'loading' | 'error' | 'end' | 'idle';

/** The footer's state: a failed page wins, then a page on its way, then the end (only once something has loaded). */
export function listState(q: { isError: boolean; isFetching: boolean; hasNextPage: boolean; count: number }): ListState {
  if (q.isError) return 'error';
  if (q.isFetching) return 'loading';
  if (!q.hasNextPage && q.count > 0) return 'end';
  return 'idle';
}
