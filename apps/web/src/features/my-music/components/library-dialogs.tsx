import { lazy, Suspense, type ComponentType } from 'react';
import type { SmartRules } from '@cloudtune/contract';
import { useLibraryDialogs } from '../library-dialogs.store.ts';
import { ordinaryPlaylists, ownPlaylists, type UserPlaylistItem } from '../user-playlists.ts';

export interface LibraryDialogsProps {
  uid: number | null;
  playlists: readonly UserPlaylistItem[];
  /** a playlist was made or changed: the app reloads the sidebar's list */
  onPlaylistsChanged: (changedId?: number) => void;
  /** songs into one of one's playlists (the playlist feature's /playlist/tracks) */
  addTracks: (pid: number, songIds: readonly number[]) => Promise<unknown>;
  /** the smart playlist's rule editor (the playlist feature's), for 新建歌单 */
  SmartRulesEditor: ComponentType<SmartRulesEditorSlot>;
}

/** What 新建歌单 gives the rule editor: the playlists a rule may name, and where its rules go. */
export interface SmartRulesEditorSlot {
  playlists: readonly { id: number; name: string }[];
  onChange: (result: SmartRules | string) => void;
}

/** The dialogs themselves load the first time one opens, not with the first screen. */
const CreatePlaylistDialog = lazy(() => import('./library-dialog-views.tsx').then((m) => ({ default: m.CreatePlaylistDialog })));
const AddToPlaylistDialog = lazy(() => import('./library-dialog-views.tsx').then((m) => ({ default: m.AddToPlaylistDialog })));

/** The library's dialogs, mounted once by the app shell; opened through library-dialogs.store. */
export function LibraryDialogs({ uid, playlists, onPlaylistsChanged, addTracks, SmartRulesEditor }: LibraryDialogsProps) {
  const open = useLibraryDialogs((s) => s.open);
  if (!open || uid === null) return null;
  return (
    <Suspense fallback={null}>
      {open.kind === 'create' ? (
        <CreatePlaylistDialog
          songIds={open.songIds}
          onPlaylistsChanged={onPlaylistsChanged}
          addTracks={addTracks}
          SmartRulesEditor={SmartRulesEditor}
          ruleChoices={ordinaryPlaylists(playlists)}
        />
      ) : (
        <AddToPlaylistDialog
          songIds={open.songIds}
          playlists={ordinaryPlaylists(ownPlaylists(playlists, uid))}
          onPlaylistsChanged={onPlaylistsChanged}
          addTracks={addTracks}
        />
      )}
    </Suspense>
  );
}
