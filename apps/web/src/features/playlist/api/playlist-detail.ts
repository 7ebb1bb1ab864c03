import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlaylistDetail } from '@cloudtune/contract';
import { api } from '../../../lib/api.ts';
import { withPrivileges } from '../../../lib/song-availability.ts';
import { playlistKeys } from './keys.ts';

/**
 * GET /playlist/detail?id — the playlist with (some of) its tracks and all its track ids; each
 * track gets its privilege from the `privileges` sent beside them.
 */
export async function fetchPlaylistDetail(id: number, signal?: AbortSignal): Promise<PlaylistDetail> {
  const data = await api('/playlist/detail', { id }, { signal });
  return { ...data.playlist, tracks: withPrivileges(data.playlist.tracks, data.privileges) };
}

export const playlistDetailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: playlistKeys.detail(id),
    queryFn: ({ signal }) => fetchPlaylistDetail(id, signal),
    staleTime: 60_000,
  });

export const usePlaylistDetail = (id: number) => useQuery(playlistDetailQueryOptions(id));
