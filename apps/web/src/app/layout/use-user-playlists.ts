import { useQuery } from '@tanstack/react-query';
import { allUserPlaylistsQuery } from '../../features/account/data.ts';
import type { UserPlaylistItem } from '../../features/my-music/index.ts';

const NO_PLAYLISTS: readonly UserPlaylistItem[] = [];

/**
 * The logged-in user's playlists, their own and the ones they collected, for the sidebar and
 * 收藏到歌单 ([] until they arrive): a query of the account feature's, keyed by the user.
 */
export function useUserPlaylists(uid: number): readonly UserPlaylistItem[] {
  return useQuery({ ...allUserPlaylistsQuery(uid), enabled: uid > 0 }).data ?? NO_PLAYLISTS;
}
