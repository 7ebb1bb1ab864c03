import { queryOptions } from '@tanstack/react-query';
import type { PersonalizedPlaylist } from '@cloudtune/contract';
import { api } from '../../../lib/api.ts';
import { discoverKeys } from './keys.ts';

/** The recommend page asks for 14 playlists (the server's default is 30). */
export const RECOMMEND_LIMIT = 14;

/** GET /personalized — recommended playlists. */
export async function fetchPersonalized(limit = RECOMMEND_LIMIT, signal?: AbortSignal): Promise<PersonalizedPlaylist[]> {
  const data = await api('/personalized', { limit }, { signal });
  return data.result;
}

export const personalizedQueryOptions = (limit = RECOMMEND_LIMIT) =>
  queryOptions({
    queryKey: discoverKeys.personalized(limit),
    queryFn: ({ signal }) => fetchPersonalized(limit, signal),
    staleTime: 10 * 60_000,
  });
