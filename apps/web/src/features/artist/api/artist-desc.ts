import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiResult } from '../../../lib/api.ts';
import { artistKeys, validId } from './keys.ts';

/** GET /artist/desc?id — the brief description and the titled introduction sections. */
export function fetchArtistDesc(id: number, signal?: AbortSignal): Promise<ApiResult<'/artist/desc'>> {
  return api('/artist/desc', { id }, { signal });
}

export const artistDescQueryOptions = (id: number) =>
  queryOptions({
    queryKey: artistKeys.desc(id),
    queryFn: ({ signal }) => fetchArtistDesc(id, signal),
    enabled: validId(id),
    staleTime: 30 * 60_000,
  });

export const useArtistDesc = (id: number) => useQuery(artistDescQueryOptions(id));
