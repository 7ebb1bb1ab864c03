import { create } from 'zustand';

/** Which library dialog is open: 新建歌单 (maybe with songs to add once made) or 收藏到歌单. */
export type LibraryDialog = { kind: 'create'; songIds?: readonly number[] } | { kind: 'add'; songIds: readonly number[] } | null;

export const useLibraryDialogs = create<{ open: LibraryDialog }>()(() => ({ open: null }));

export const openCreatePlaylist = (songIds?: readonly number[]) => useLibraryDialogs.setState({ open: { kind: 'create', songIds } });
export const openAddToPlaylist = (songIds: readonly number[]) => useLibraryDialogs.setState({ open: { kind: 'add', songIds } });
export const closeLibraryDialog = () => useLibraryDialogs.setState({ open: null });
