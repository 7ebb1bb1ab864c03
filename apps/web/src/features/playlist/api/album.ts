import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiResult } from '../../../lib/api.ts';
import { playlistKeys } from './keys.ts';

export type AlbumData = ApiResult<'/album'>;

/** GET /album?id — the album and its songs. */
export function fetchAlbum(id: number, signal?: AbortSignal): Promise<AlbumData> {
  return api('/album', { id }, { signal });
}

export const albumQueryOptions = (id: number) =>
  queryOptions({ queryKey: playlistKeys.album(id), queryFn: ({ signal }) => fetchAlbum(id, signal), staleTime: 10 * 60_000 });

export const useAlbum = (id: number) => useQuery(albumQueryOptions(id));
