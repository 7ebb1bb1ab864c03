import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ArtistDescResponse } from '@cloudtune/contract';
import { request, type ApiData } from '../../../lib/http.ts';
import { artistKeys, validId } from './keys.ts';

/** GET /artist/desc?id — the brief description and the titled introduction sections. */
export function fetchArtistDesc(id: number, signal?: AbortSignal): Promise<ApiData<ArtistDescResponse>> {
  return request<ArtistDescResponse>('/artist/desc', { params: { id }, signal });
}

export const artistDescQueryOptions = (id: number) =>
  queryOptions({
    queryKey: artistKeys.desc(id),
    queryFn: ({ signal }) => fetchArtistDesc(id, signal),
    enabled: validId(id),
    staleTime: 30 * 60_000,
  });

export const useArtistDesc = (id: number) => useQuery(artistDescQueryOptions(id));
