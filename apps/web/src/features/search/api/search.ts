import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchResult, SearchType } from '@cloudtune/contract';
import { api } from '../../../lib/api.ts';
import { PAGE_SIZE, offsetOf } from '../search-tabs.ts';
import { searchKeys } from './keys.ts';

/** GET /search — one page of one type's results. */
export async function fetchSearch(keywords: string, type: SearchType, page: number, signal?: AbortSignal): Promise<SearchResult> {
  const data = await api('/search', { keywords, type, limit: PAGE_SIZE, offset: offsetOf(page) }, { signal });
  return data.result;
}

export const searchQueryOptions = (keywords: string, type: SearchType, page: number) =>
  queryOptions({
    queryKey: searchKeys.results(keywords, type, page),
    queryFn: ({ signal }) => fetchSearch(keywords, type, page, signal),
    enabled: keywords.trim() !== '',
    staleTime: 5 * 60_000,
    // Paging keeps the last page on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });

export const useSearch = (keywords: string, type: SearchType, page: number) => useQuery(searchQueryOptions(keywords, type, page));
