import type { Song } from '@cloudtune/contract';
import type { PlaylistChoice } from '../components/smart-rules-editor.tsx';

/** What the app layer hands a list page: the player and auth live in other features. */
export interface ListPageProps {
  /** the song the player is on, highlighted in the table */
  playingId: number | null | undefined;
  /** play `songs[index]` with `songs` as the new queue */
  onPlay: (songs: readonly Song[], index: number) => void;
  /** true when logged in; otherwise opens the login view and returns false */
  requireLogin: () => boolean;
  /** the logged-in user: their own playlists have no 收藏 button */
  currentUserId?: number | null;
  /** a playlist was collected or un-collected (the app refreshes the sidebar's 收藏的歌单) */
  onCollectChange?: (id: number, collected: boolean) => void;
  /** one's own playlist was edited or a song removed from it (the app refreshes the sidebar) */
  onPlaylistChange?: (id: number) => void;
  /** one's own playlist was deleted (the app leaves its page) */
  onPlaylistDeleted?: (id: number) => void;
  /** the catalogue's tag names (a playlist's tags must be among them) for the edit dialog: the discover feature's /playlist/catlist */
  loadTagNames?: () => Promise<string[]>;
  /** the playlists a smart playlist's rule may name (the user's ordinary ones), for the edit dialog: the account feature's list */
  loadPlaylistChoices?: () => Promise<PlaylistChoice[]>;
  /** 下载全部: the list's songs join the download queue */
  onDownloadAll?: (songs: readonly Song[]) => void;
}
