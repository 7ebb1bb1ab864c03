import { lazy, Suspense } from 'react';
import { useLibraryDialogs } from '../library-dialogs.store.ts';
import { ownPlaylists, type UserPlaylistItem } from '../user-playlists.ts';

export interface LibraryDialogsProps {
  uid: number | null;
  playlists: readonly UserPlaylistItem[];
  /** a playlist was made or changed: the app reloads the sidebar's list */
  onPlaylistsChanged: (changedId?: number) => void;
  /** songs into one of one's playlists (the playlist feature's /playlist/tracks) */
  addTracks: (pid: number, songIds: readonly number[]) => Promise<unknown>;
}

/** The dialogs themselves load the first time one opens, not with the first screen. */
const CreatePlaylistDialog = lazy(() => import('./library-dialog-views.tsx').then((m) => ({ default: m.CreatePlaylistDialog })));
const AddToPlaylistDialog = lazy(() => import('./library-dialog-views.tsx').then((m) => ({ default: m.AddToPlaylistDialog })));

/** The library's dialogs, mounted once by the app shell; opened through library-dialogs.store. */
export function LibraryDialogs({ uid, playlists, onPlaylistsChanged, addTracks }: LibraryDialogsProps) {
  const open = useLibraryDialogs((s) => s.open);
  if (!open || uid === null) return null;
  return (
    <Suspense fallback={null}>
      {open.kind === 'create' ? (
        <CreatePlaylistDialog songIds={open.songIds} onPlaylistsChanged={onPlaylistsChanged} addTracks={addTracks} />
      ) : (
        <AddToPlaylistDialog
          songIds={open.songIds}
          playlists={ownPlaylists(playlists, uid)}
          onPlaylistsChanged={onPlaylistsChanged}
          addTracks={addTracks}
        />
      )}
    </Suspense>
  );
}
