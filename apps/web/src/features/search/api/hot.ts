import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { searchKeys } from './keys.ts';

export interface HotSearch {
  searchWord: string;
  score?: number;
  content?: string;
}

/**
 * GET /search/hot/detail — what people search for. A server without it (404) just has no
 * hot list: the dropdown then shows the search history alone.
 */
export async function fetchHotSearches(signal?: AbortSignal): Promise<HotSearch[]> {
  const data = await request<{ code: number; data?: HotSearch[] }>('/search/hot/detail', { signal });
  return (data.data ?? []).filter((h) => typeof h.searchWord === 'string' && h.searchWord !== '');
}

export const useHotSearches = (enabled: boolean) =>
  useQuery(
    queryOptions({
      queryKey: searchKeys.hot(),
      queryFn: ({ signal }) => fetchHotSearches(signal),
      enabled,
      staleTime: 10 * 60_000,
      retry: false,
    }),
  );
