/**
 * `window.cloudtune`: what the desktop shell's preload script exposes to the page, one member per
 * capability. Written once, here: the shell (apps/desktop) implements it and the web client
 * (apps/web/src/lib/platform.ts) calls it, so a change on either side that the other does not
 * follow fails the typecheck.
 */

/** What the tray menu and the media keys ask the player to do. */
export type PlayerCommand = 'play-pause' | 'previous' | 'next';

export interface ChooseFolderOptions {
  /** the dialog's title, e.g. 选择目录 */
  title?: string;
  /** the folder the dialog opens in */
  defaultPath?: string;
}

/** The shell's own settings the renderer may read and change. */
export interface ShellSettings {
  /** closing the window hides it to the tray instead of quitting (default false) */
  closeToTray: boolean;
  /** where downloads go; null = the default folder */
  downloadDirectory: string | null;
  /** 本地音乐 folders (Local path: path, check); the checked ones are scanned and their files may be played */
  localFolders: LocalFolder[];
}

export interface LocalFolder {
  /** absolute path */
  path: string;
  checked: boolean;
}

/** What the shell writes into a downloaded file (ID3 for MP3) and the `.lrc` beside it. */
export interface DownloadTags {
  title: string;
  artists: string[];
  album: string;
  /** LRC text: embedded (USLT) and written beside the file as `<name>.lrc` */
  lyrics?: string;
  /** the cover, a URL of the local server like the song's */
  coverUrl?: string;
}

export interface DownloadRequest {
  /** a URL of the local music server (the shell refuses any other origin) */
  url: string;
  /** a plain file name, e.g. `歌手 - 歌名.mp3` (no folders) */
  fileName: string;
  tags?: DownloadTags;
}

export interface DownloadedFile {
  /** where the file was written */
  path: string;
  size: number;
  /** the lyrics beside it, when there were any */
  lyricPath?: string;
}

export interface DownloadsBridge {
  /** the folder downloads go to (下载管理 shows it) */
  getDirectory(): Promise<string>;
  /** changes it (an absolute path, created when missing); returns the folder now used */
  setDirectory(path: string): Promise<string>;
  /** downloads one song from the local server into the folder (written whole, then renamed) */
  save(request: DownloadRequest): Promise<DownloadedFile>;
  /** deletes a downloaded file (and its .lrc); only files directly in the download folder */
  remove(path: string): Promise<void>;
}

export interface LocalTrackFile {
  /** absolute path */
  path: string;
  /** the file name without its extension */
  name: string;
  /** the folder (one of those scanned) it was found under */
  folder: string;
  size: number;
  /** modification time, ms */
  modified: number;
  /** from the file's tags, when it has them */
  title?: string;
  artists?: string[];
  album?: string;
  /** ms */
  duration?: number;
}

export interface LocalMusicBridge {
  /** the audio files (mp3, flac, ogg, opus, m4a, aac, wav) under the given folders */
  scan(folders: string[]): Promise<LocalTrackFile[]>;
}

/**
 * What the desktop lyric window follows: the playing song and its playhead. The main window sends
 * it on every playhead tick (a few times a second) and on every change; the lyric window loads the
 * song's lyric itself and fills the words between ticks at `rate`.
 */
export interface LyricWindowState {
  /** the playing song's id; 0 when nothing plays, negative for a local file (no lyric) */
  songId: number;
  /** `歌名 - 歌手`, shown when there is no lyric */
  song: string;
  /** the playhead when this was sent, in song seconds */
  time: number;
  playing: boolean;
  /** the song's speed (1 = normal) */
  rate: number;
  /** 译: the lyric panel shows translations, so the lyric window shows the current line's too */
  translation: boolean;
}

export interface LyricWindowBridge {
  /** shows or hides the desktop lyric window; resolves with whether it is now shown */
  setVisible(visible: boolean): Promise<boolean>;
  /** main window: the song and its playhead, forwarded to the lyric window */
  update(state: LyricWindowState): void;
  /** lyric window: the states as the main window sends them; returns the unsubscribe function */
  onUpdate(listener: (state: LyricWindowState) => void): () => void;
  /** main window: the lyric window was shown or closed (its own close button, the tray); returns the unsubscribe function */
  onVisibilityChange(listener: (visible: boolean) => void): () => void;
  /** lyric window: clicks go through the window to what is below (locked), or not */
  setClickThrough(on: boolean): Promise<void>;
}

/**
 * Local files (downloads, 本地音乐) play from `app://cloudtune/local-file?path=<absolute path>`:
 * the scheme handler serves audio files below the download folder or a checked local folder only.
 */
export const LOCAL_FILE_ROUTE = '/local-file';

export interface DesktopBridge {
  /** port: the loopback port of the music server the shell started; rejects when it could not start */
  getPort(): Promise<number>;
  /** dialogs: a folder picker; null when cancelled */
  chooseFolder(options?: ChooseFolderOptions): Promise<string | null>;
  /** open folder: shows an existing folder in the OS file manager */
  openFolder(path: string): Promise<void>;
  /** commands from the tray menu and the media keys; returns the unsubscribe function */
  onCommand(listener: (command: PlayerCommand) => void): () => void;
  /** the shell's settings (close to tray) */
  settings: {
    get(): Promise<ShellSettings>;
    update(patch: Partial<ShellSettings>): Promise<ShellSettings>;
  };
  downloads: DownloadsBridge;
  localMusic: LocalMusicBridge;
  lyricWindow: LyricWindowBridge;
}
