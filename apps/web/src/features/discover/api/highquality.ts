import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, type ApiResult } from '../../../lib/api.ts';
import { nextSquareCursor, SQUARE_PAGE_SIZE } from '../square-rules.ts';
import { discoverKeys } from './keys.ts';

export type SquarePage = ApiResult<'/top/playlist/highquality'>;

/** GET /top/playlist/highquality?cat&limit&before — one page of a tag's curated playlists. */
export function fetchSquarePage(tag: string, before: number | undefined, signal?: AbortSignal): Promise<SquarePage> {
  return api('/top/playlist/highquality', { cat: tag, limit: SQUARE_PAGE_SIZE, before }, { signal });
}

export const squareQueryOptions = (tag: string) =>
  infiniteQueryOptions({
    queryKey: discoverKeys.square(tag),
    queryFn: ({ pageParam, signal }) => fetchSquarePage(tag, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: nextSquareCursor,
    staleTime: 5 * 60_000,
  });

export const useSquare = (tag: string) => useInfiniteQuery(squareQueryOptions(tag));
