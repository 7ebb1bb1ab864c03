import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiResult } from '../../../lib/api.ts';
import { discoverKeys } from './keys.ts';

/** GET /toplist/detail — every chart: the official ones carry a 3-track preview. */
export function fetchToplist(signal?: AbortSignal): Promise<ApiResult<'/toplist/detail'>> {
  return api('/toplist/detail', {}, { signal });
}

export const toplistQueryOptions = () =>
  queryOptions({ queryKey: discoverKeys.toplist(), queryFn: ({ signal }) => fetchToplist(signal), staleTime: 5 * 60_000 });

export const useToplist = () => useQuery(toplistQueryOptions());
