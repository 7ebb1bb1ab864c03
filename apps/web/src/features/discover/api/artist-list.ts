import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, type ApiResult } from '../../../lib/api.ts';
import { artistListParams, nextArtistOffset, type ArtistFilters } from '../artist-filters.ts';
import { discoverKeys } from './keys.ts';

export type ArtistPage = ApiResult<'/artist/list'>;

/** GET /artist/list?type&area&initial&limit&offset — one page of artists. */
export function fetchArtistPage(filters: ArtistFilters, offset: number, signal?: AbortSignal): Promise<ArtistPage> {
  return api('/artist/list', artistListParams(filters, offset), { signal });
}

export const artistListQueryOptions = (filters: ArtistFilters) =>
  infiniteQueryOptions({
    queryKey: discoverKeys.artists(filters),
    queryFn: ({ pageParam, signal }) => fetchArtistPage(filters, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: nextArtistOffset,
    staleTime: 10 * 60_000,
  });

export const useArtistList = (filters: ArtistFilters) => useInfiniteQuery(artistListQueryOptions(filters));
