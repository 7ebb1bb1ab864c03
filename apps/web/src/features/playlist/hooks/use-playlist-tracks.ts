import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PlaylistDetail, Song } from '@cloudtune/contract';
import { songDetailsQueryOptions } from '../api/song-detail.ts';

/**
 * All tracks of a playlist. /playlist/detail may return fewer `tracks` than `trackIds`
 * (the real API caps them); the missing ones come from /song/detail, in chunks.
 */
export function usePlaylistTracks(playlist: PlaylistDetail | undefined) {
  const missing = useMemo(() => {
    if (!playlist || playlist.tracks.length >= playlist.trackIds.length) return [];
    const have = new Set(playlist.tracks.map((t) => t.id));
    return playlist.trackIds.map((t) => t.id).filter((id) => !have.has(id));
  }, [playlist]);

  const rest = useQuery({ ...songDetailsQueryOptions(missing), enabled: missing.length > 0 });

  const tracks = useMemo<Song[]>(() => {
    if (!playlist) return [];
    if (!rest.data?.length) return playlist.tracks;
    const byId = new Map([...playlist.tracks, ...rest.data].map((s) => [s.id, s]));
    return playlist.trackIds.flatMap((t) => byId.get(t.id) ?? []);
  }, [playlist, rest.data]);

  return { tracks, loadingRest: missing.length > 0 && rest.isPending, restError: rest.isError, retryRest: rest.refetch };
}
