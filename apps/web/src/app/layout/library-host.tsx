import { useCallback, useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { loadUserPlaylists, requireLogin, useAuthStore } from '../../features/auth/index.ts';
import { LibraryDialogs, LikeButton, splitUserPlaylists, syncLikes, toggleSongLiked } from '../../features/library/index.ts';
import { usePlayerStore } from '../../features/player/index.ts';
import { changePlaylistTracks, playlistKeys } from '../../features/playlist/index.ts';

/**
 * The library joined to auth, player and playlist pages: the logged-in user's likes are loaded
 * (and dropped at logout), and whatever changes a playlist (a like, 收藏到歌单, 新建歌单,
 * 收藏) reloads the sidebar's list and the changed playlist's page.
 */
export function useLibraryRefresh() {
  const client = useQueryClient();
  return useCallback((playlistId?: number) => refreshLibrary(client, playlistId), [client]);
}

export async function refreshLibrary(client: QueryClient, playlistId?: number): Promise<void> {
  const uid = useAuthStore.getState().user?.account.id;
  if (playlistId !== undefined) await client.invalidateQueries({ queryKey: playlistKeys.detail(playlistId) });
  if (uid !== undefined) await loadUserPlaylists(uid).catch(() => undefined);
}

/** The liked-songs playlist's id (我喜欢的音乐), to refresh its page after a heart is clicked. */
export function likedPlaylistId(): number | undefined {
  const { user, playlist } = useAuthStore.getState();
  return user ? (splitUserPlaylists(playlist, user.account.id).liked?.id ?? undefined) : undefined;
}

/** A heart clicked anywhere: login first (SPEC §4), then the like, then 我喜欢的音乐 refreshed. */
export async function toggleLike(client: QueryClient, songId: number): Promise<void> {
  if (!requireLogin()) return;
  if (await toggleSongLiked(songId)) await refreshLibrary(client, likedPlaylistId());
}

/** Mounted once in the shell: keeps the likes in step with the login and hosts the library's dialogs. */
export function LibraryHost() {
  const uid = useAuthStore((s) => s.user?.account.id ?? null);
  const playlists = useAuthStore((s) => s.playlist);
  const refresh = useLibraryRefresh();
  useEffect(() => {
    void syncLikes(uid).catch(() => undefined);
  }, [uid]);
  return <LibraryDialogs uid={uid} playlists={playlists} onPlaylistsChanged={(id) => void refresh(id)} addTracks={addTracks} />;
}

const addTracks = (pid: number, songIds: readonly number[]) => changePlaylistTracks('add', pid, songIds);

/** The player bar's heart for the song playing. */
export function PlayerLike() {
  const songId = usePlayerStore((s) => s.current?.id);
  const client = useQueryClient();
  if (songId === undefined) return null;
  return <LikeButton songId={songId} onToggle={(id) => void toggleLike(client, id)} />;
}
