import { useMemo, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { SongTableContext, type SongRowData, type SongTableServices } from '../../components/song-menu.tsx';
import { requireLogin, useAuthStore } from '../../features/auth/index.ts';
import { openAddToPlaylist, useLikedIds } from '../../features/my-music/index.ts';
import { downloadSongs } from '../../features/downloads/index.ts';
import { usePlayerStore, useUnplayableSongs } from '../../features/player/index.ts';
import { toggleLike } from './library-host.tsx';

/** A song row's right-click menu: the app wires the song tables of every feature to the player. */
export const songMenu = (song: SongRowData) => [
  { label: '播放', onSelect: () => usePlayerStore.getState().play(song) },
  { label: '下一首播放', onSelect: () => usePlayerStore.getState().playNext(song) },
  { label: '下载', onSelect: () => downloadSongs([song]) },
];

/** 收藏到歌单 (collect flow): logged out, the login view opens instead. */
const collectToPlaylist = (song: SongRowData) => requireLogin() && openAddToPlaylist([song.id]);

const menuWithCollect = (song: SongRowData) => [...songMenu(song), { label: '收藏到歌单', onSelect: () => collectToPlaylist(song) }];

export function SongTableServicesProvider({ children }: { children: ReactNode }) {
  const unplayable = useUnplayableSongs();
  const loggedIn = useAuthStore((s) => s.user !== null);
  const likedIds = useLikedIds();
  const client = useQueryClient();
  const services = useMemo<SongTableServices>(
    () => ({
      // 收藏到歌单 lists one's own playlists: only a logged-in user has some.
      menu: loggedIn ? menuWithCollect : songMenu,
      unplayable,
      // Hearts only for a logged-in user: they show that user's likes.
      like: loggedIn ? { ids: likedIds, toggle: (song) => void toggleLike(client, song.id) } : undefined,
    }),
    [unplayable, loggedIn, likedIds, client],
  );
  return <SongTableContext.Provider value={services}>{children}</SongTableContext.Provider>;
}
