import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Artist } from '@cloudtune/contract';
import { api } from '../../../lib/api.ts';
import { artistKeys, validId } from './keys.ts';

/** GET /simi/artist?id — similar artists. */
export async function fetchSimilarArtists(id: number, signal?: AbortSignal): Promise<Artist[]> {
  const body = await api('/simi/artist', { id }, { signal });
  return body.artists;
}

export const similarArtistsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: artistKeys.similar(id),
    queryFn: ({ signal }) => fetchSimilarArtists(id, signal),
    enabled: validId(id),
    staleTime: 30 * 60_000,
  });

export const useSimilarArtists = (id: number) => useQuery(similarArtistsQueryOptions(id));
