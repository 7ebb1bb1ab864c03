import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, type ApiResult } from '../../../lib/api.ts';
import { artistKeys, validId } from './keys.ts';

/** Albums per page (the API's own default). */
export const ALBUM_PAGE_SIZE = 30;

export type AlbumPage = ApiResult<'/artist/album'>;

/** GET /artist/album?id&limit&offset — a page of the artist's albums, newest first. */
export function fetchAlbumPage(id: number, offset: number, signal?: AbortSignal): Promise<AlbumPage> {
  return api('/artist/album', { id, limit: ALBUM_PAGE_SIZE, offset }, { signal });
}

/** The next page's offset while the server says there is more; an empty page ends the list too. */
export function nextAlbumOffset(
  last: Pick<AlbumPage, 'more' | 'hotAlbums'>,
  pages: readonly Pick<AlbumPage, 'hotAlbums'>[],
): number | undefined {
  if (!last.more || last.hotAlbums.length === 0) return undefined;
  return pages.reduce((sum, page) => sum + page.hotAlbums.length, 0);
}

export const artistAlbumsQueryOptions = (id: number) =>
  infiniteQueryOptions({
    queryKey: artistKeys.albums(id),
    queryFn: ({ pageParam, signal }) => fetchAlbumPage(id, pageParam, signal),
    initialPageParam: 0,
    enabled: validId(id),
    getNextPageParam: nextAlbumOffset,
    staleTime: 10 * 60_000,
  });

export const useArtistAlbums = (id: number) => useInfiniteQuery(artistAlbumsQueryOptions(id));
