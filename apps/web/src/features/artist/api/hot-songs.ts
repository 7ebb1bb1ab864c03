import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Song } from '@cloudtune/contract';
import { api } from '../../../lib/api.ts';
import { artistKeys, validId } from './keys.ts';

/** The desktop client's 热门50首. */
export const HOT_SONG_COUNT = 50;

/** GET /artists?id — the artist's hot songs (the first 50). */
export async function fetchHotSongs(id: number, signal?: AbortSignal): Promise<Song[]> {
  const body = await api('/artists', { id }, { signal });
  return body.hotSongs.slice(0, HOT_SONG_COUNT);
}

export const hotSongsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: artistKeys.hotSongs(id),
    queryFn: ({ signal }) => fetchHotSongs(id, signal),
    enabled: validId(id),
    staleTime: 10 * 60_000,
  });

export const useHotSongs = (id: number) => useQuery(hotSongsQueryOptions(id));
