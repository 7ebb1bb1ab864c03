import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlaylistCatlistResponse } from '@cloudtune/contract';
import { request, type ApiData } from '../../../lib/http.ts';
import { discoverKeys } from './keys.ts';

/** GET /playlist/catlist — every playlist tag, by category (the 全部歌单 picker). */
export function fetchCatlist(signal?: AbortSignal): Promise<ApiData<PlaylistCatlistResponse>> {
  return request<PlaylistCatlistResponse>('/playlist/catlist', { signal });
}

export const catlistQueryOptions = () =>
  queryOptions({ queryKey: discoverKeys.catlist(), queryFn: ({ signal }) => fetchCatlist(signal), staleTime: 30 * 60_000 });

export const useCatlist = () => useQuery(catlistQueryOptions());
