import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiResult } from '../../../lib/api.ts';
import { searchKeys } from './keys.ts';

export type HotSearch = ApiResult<'/search/hot/detail'>['data'][number];

/**
 * GET /search/hot/detail — what people search for. A server without it (404) just has no
 * hot list: the dropdown then shows the search history alone.
 */
export async function fetchHotSearches(signal?: AbortSignal): Promise<HotSearch[]> {
  const data = await api('/search/hot/detail', {}, { signal });
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
