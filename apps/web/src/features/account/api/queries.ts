import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { accountKeys } from './keys.ts';
import { fetchEvents, fetchFolloweds, fetchFollows, fetchUserDetail, fetchUserPlaylists } from './user.ts';
import { EVENTS_PAGE_SIZE, FANS_PAGE_SIZE, FOLLOW_PAGE_SIZE, nextFanTime, nextOffset, PLAYLIST_PAGE_SIZE } from '../paging.ts';

export const userDetailQuery = (uid: number) =>
  queryOptions({ queryKey: accountKeys.detail(uid), queryFn: ({ signal }) => fetchUserDetail(uid, signal), staleTime: 30_000 });

/** Up to this many of the logged-in user's playlists are listed in the sidebar. */
export const PLAYLIST_LOAD_LIMIT = 10_000;

/** All of a user's playlists (their own and the ones they collected) in one call. */
export const allUserPlaylistsQuery = (uid: number) =>
  queryOptions({
    queryKey: accountKeys.allPlaylists(uid),
    queryFn: async ({ signal }) => (await fetchUserPlaylists(uid, 0, PLAYLIST_LOAD_LIMIT, signal)).playlist,
  });

export const userPlaylistsQuery = (uid: number) =>
  infiniteQueryOptions({
    queryKey: accountKeys.playlists(uid),
    initialPageParam: 0,
    queryFn: async ({ pageParam, signal }) => {
      const r = await fetchUserPlaylists(uid, pageParam, PLAYLIST_PAGE_SIZE, signal);
      return { items: r.playlist, more: r.more };
    },
    getNextPageParam: (_last, pages) => nextOffset(pages),
  });

export const followsQuery = (uid: number) =>
  infiniteQueryOptions({
    queryKey: accountKeys.follows(uid),
    initialPageParam: 0,
    queryFn: async ({ pageParam, signal }) => {
      const r = await fetchFollows(uid, pageParam, FOLLOW_PAGE_SIZE, signal);
      return { items: r.follow, more: r.more };
    },
    getNextPageParam: (_last, pages) => nextOffset(pages),
  });

export const fansQuery = (uid: number) =>
  infiniteQueryOptions({
    queryKey: accountKeys.fans(uid),
    initialPageParam: -1,
    queryFn: async ({ pageParam, signal }) => {
      const r = await fetchFolloweds(uid, pageParam, FANS_PAGE_SIZE, signal);
      return { items: r.followeds, more: r.more };
    },
    getNextPageParam: (_last, pages) => nextFanTime(pages),
  });

export const eventsQuery = (uid: number) =>
  infiniteQueryOptions({
    queryKey: accountKeys.events(uid),
    initialPageParam: -1,
    queryFn: async ({ pageParam, signal }) => {
      const r = await fetchEvents(uid, pageParam, EVENTS_PAGE_SIZE, signal);
      return { items: r.events, more: r.more, lasttime: r.lasttime };
    },
    getNextPageParam: (last) => (last.more && last.items.length ? last.lasttime : undefined),
  });
