import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ArtistDetailResponse } from '@cloudtune/contract';
import { api } from '../../../lib/api.ts';
import { artistKeys, validId } from './keys.ts';

export type ArtistDetail = ArtistDetailResponse['data'];

/** GET /artist/detail?id — the page head: picture, name, aliases, counts. */
export async function fetchArtistDetail(id: number, signal?: AbortSignal): Promise<ArtistDetail> {
  const body = await api('/artist/detail', { id }, { signal });
  return body.data;
}

export const artistDetailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: artistKeys.detail(id),
    queryFn: ({ signal }) => fetchArtistDetail(id, signal),
    enabled: validId(id),
    staleTime: 30 * 60_000,
  });

export const useArtistDetail = (id: number) => useQuery(artistDetailQueryOptions(id));
