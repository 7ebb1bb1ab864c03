import { lazy, Suspense, useCallback, useEffect, useRef, type ComponentProps } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { accountKeys, allUserPlaylistsQuery } from '../../features/account/data.ts';
import { requireLogin, useAuthStore } from '../../features/auth/index.ts';
import { LibraryDialogs, LikeButton, likesQuery, splitUserPlaylists, syncLikes, toggleSongLiked } from '../../features/my-music/index.ts';
import { usePlayerStore } from '../../features/player/index.ts';
import { useUserPlaylists } from './use-user-playlists.ts';
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
  if (uid !== undefined) await client.invalidateQueries({ queryKey: accountKeys.allPlaylists(uid) });
}

/** The liked-songs playlist's id (我喜欢的音乐), to refresh its page after a heart is clicked. */
export function likedPlaylistId(client: QueryClient): number | undefined {
  const uid = useAuthStore.getState().user?.account.id;
  if (uid === undefined) return undefined;
  const playlists = client.getQueryData(allUserPlaylistsQuery(uid).queryKey) ?? [];
  return splitUserPlaylists(playlists, uid).liked?.id ?? undefined;
}

/** A heart clicked anywhere: login first, then the like, then 我喜欢的音乐 refreshed. */
export async function toggleLike(client: QueryClient, songId: number): Promise<void> {
  if (!requireLogin()) return;
  if (await toggleSongLiked(client, songId)) await refreshLibrary(client, likedPlaylistId(client));
}

/** Mounted once in the shell: keeps the likes in step with the login and hosts the library's dialogs. */
export function LibraryHost() {
  const uid = useAuthStore((s) => s.user?.account.id ?? null);
  const playlists = useUserPlaylists(uid ?? 0);
  const refresh = useLibraryRefresh();
  const client = useQueryClient();
  const lastUid = useRef(uid);
  useEffect(() => {
    void syncLikes(uid).catch(() => undefined);
    // Logged out or another user: the previous user's playlists leave the cache.
    const previous = lastUid.current;
    if (previous !== null && previous !== uid) {
      client.removeQueries({ queryKey: accountKeys.allPlaylists(previous) });
      client.removeQueries({ queryKey: likesQuery(previous).queryKey });
    }
    lastUid.current = uid;
  }, [uid, client]);
  return (
    <LibraryDialogs
      uid={uid}
      playlists={playlists}
      onPlaylistsChanged={(id) => void refresh(id)}
      addTracks={addTracks}
      SmartRulesEditor={SmartRulesEditorOnDemand}
    />
  );
}

/**
 * The smart playlist's rule editor, with the rules' checks it carries, loads when 新建歌单 first
 * shows it (智能歌单 ticked), not with the first screen every visitor downloads.
 */
const LazySmartRulesEditor = lazy(() =>
  import('../../features/playlist/components/smart-rules-editor.tsx').then((m) => ({ default: m.SmartRulesEditor })),
);

function SmartRulesEditorOnDemand(props: ComponentProps<typeof LazySmartRulesEditor>) {
  return (
    <Suspense fallback={null}>
      <LazySmartRulesEditor {...props} />
    </Suspense>
  );
}

const addTracks = (pid: number, songIds: readonly number[]) => changePlaylistTracks('add', pid, songIds);

/** The player bar's heart for the song playing. */
export function PlayerLike() {
  const songId = usePlayerStore((s) => s.current?.id);
  const client = useQueryClient();
  if (songId === undefined) return null;
  return <LikeButton songId={songId} onToggle={(id) => void toggleLike(client, id)} />;
}
