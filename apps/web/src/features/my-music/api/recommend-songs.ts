import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiResult } from '../../../lib/api.ts';
import { libraryKeys } from './keys.ts';

export type DailySong = ApiResult<'/recommend/songs'>['data']['dailySongs'][number];

/** GET /recommend/songs — the logged-in user's daily songs (data.dailySongs; each embeds its privilege). */
export async function fetchRecommendSongs(signal?: AbortSignal) {
  const { data } = await api('/recommend/songs', {}, { auth: true, signal });
  return { songs: data.dailySongs, reasons: data.recommendReasons ?? [] };
}

/** Keyed by the user and by the list's day, so another login or the 6:00 update asks again. */
export const recommendSongsQueryOptions = (uid: number, day: string) =>
  queryOptions({
    queryKey: libraryKeys.dailySongs(uid, day),
    queryFn: ({ signal }) => fetchRecommendSongs(signal),
    staleTime: 30 * 60_000,
  });

export const useRecommendSongs = (uid: number, day: string) => useQuery(recommendSongsQueryOptions(uid, day));
