import type { SearchType } from '@cloudtune/contract';

/** 30 results a page, pages counted from 1. */
export const PAGE_SIZE = 30;

/** The five tabs of /search, their search type and result title. */
export const SEARCH_TABS = [
  { slug: 'song', label: '歌曲', type: 1, unit: '首歌曲' },
  { slug: 'artist', label: '歌手', type: 100, unit: '位歌手' },
  { slug: 'album', label: '专辑', type: 10, unit: '张专辑' },
  { slug: 'songlist', label: '歌单', type: 1000, unit: '个歌单' },
  { slug: 'lyrics', label: '歌词', type: 1006, unit: '首歌词' },
] as const satisfies readonly { slug: string; label: string; type: SearchType; unit: string }[];

export type SearchTab = (typeof SEARCH_TABS)[number];
export type SearchTabSlug = SearchTab['slug'];

export const tabBySlug = (slug: string | undefined): SearchTab | undefined => SEARCH_TABS.find((t) => t.slug === slug);

/** "找到 12 首歌曲" — N is the server's count. */
export const resultTitle = (tab: SearchTab, count: number): string => `找到 ${count} ${tab.unit}`;

/** Page 1 → offset 0, page 3 → offset 60 (the offset follows the page). */
export const offsetOf = (page: number): number => (Math.max(1, Math.floor(page)) - 1) * PAGE_SIZE;

/** How many pages `count` results fill (at least one, so an empty result still has page 1). */
export const pageCount = (count: number): number => Math.max(1, Math.ceil(Math.max(0, count) / PAGE_SIZE));

/** The page in the URL (`?page=3`), clamped to a whole number ≥ 1; anything else is page 1. */
export function pageFromQuery(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** /search/<tab>?keywords=…&page=… — the page is left out when it is the first. */
export function searchPath(slug: SearchTabSlug, keywords: string, page = 1): string {
  const query = new URLSearchParams({ keywords });
  if (page > 1) query.set('page', String(page));
  return `/search/${slug}?${query.toString()}`;
}
