import { useMemo, type ReactNode } from 'react';
import { SongTableContext, type SongRowData, type SongTableServices } from '../../components/song-menu.tsx';
import { downloadSongs } from '../../features/downloads/index.ts';
import { usePlayerStore, useUnplayableSongs } from '../../features/player/index.ts';

/** A song row's right-click menu: the app wires the song tables of every feature to the player. */
export const songMenu = (song: SongRowData) => [
  { label: '播放', onSelect: () => usePlayerStore.getState().play(song) },
  { label: '下一首播放', onSelect: () => usePlayerStore.getState().playNext(song) },
  { label: '下载', onSelect: () => downloadSongs([song]) },
];

export function SongTableServicesProvider({ children }: { children: ReactNode }) {
  const unplayable = useUnplayableSongs();
  const services = useMemo<SongTableServices>(() => ({ menu: songMenu, unplayable }), [unplayable]);
  return <SongTableContext.Provider value={services}>{children}</SongTableContext.Provider>;
}
