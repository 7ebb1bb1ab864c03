import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiResult } from '../../../lib/api.ts';
import { discoverKeys } from './keys.ts';

/** GET /playlist/catlist — every playlist tag, by category (the 全部歌单 picker). */
export function fetchCatlist(signal?: AbortSignal): Promise<ApiResult<'/playlist/catlist'>> {
  return api('/playlist/catlist', {}, { signal });
}

export const catlistQueryOptions = () =>
  queryOptions({ queryKey: discoverKeys.catlist(), queryFn: ({ signal }) => fetchCatlist(signal), staleTime: 30 * 60_000 });

export const useCatlist = () => useQuery(catlistQueryOptions());
