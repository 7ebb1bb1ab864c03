import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AlbumResponse } from '@cloudtune/contract';
import { request, type ApiData } from '../../../lib/http.ts';

export type AlbumData = ApiData<AlbumResponse>;

/** GET /album?id — the album and its songs. */
export function fetchAlbum(id: number, signal?: AbortSignal): Promise<AlbumData> {
  return request<AlbumResponse>('/album', { params: { id }, signal });
}

export const albumQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['album', id], queryFn: ({ signal }) => fetchAlbum(id, signal), staleTime: 10 * 60_000 });

export const useAlbum = (id: number) => useQuery(albumQueryOptions(id));
