/**
 * `window.cloudtune`: what the preload script exposes to the desktop build (ARCHITECTURE.md:
 * one preload module per capability). apps/web/src/lib/platform.ts reads the same shape (its
 * `DesktopBridge` declares the members it uses); keep the two in step.
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
}

export interface DownloadRequest {
  /** a URL of the local music server (the shell refuses any other origin) */
  url: string;
  /** a plain file name, e.g. `歌手 - 歌名.mp3` (no folders) */
  fileName: string;
}

export interface DownloadedFile {
  /** where the file was written */
  path: string;
  size: number;
}

export interface DownloadsBridge {
  /** the folder downloads go to (SPEC §2 下载管理 shows it) */
  getDirectory(): Promise<string>;
  /** changes it (an absolute path, created when missing); returns the folder now used */
  setDirectory(path: string): Promise<string>;
  /** downloads one song from the local server into the folder (written whole, then renamed) */
  save(request: DownloadRequest): Promise<DownloadedFile>;
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
}

export interface LocalMusicBridge {
  /** the audio files (mp3, flac, ogg, opus, m4a, aac, wav) under the given folders */
  scan(folders: string[]): Promise<LocalTrackFile[]>;
}

export interface LyricWindowBridge {
  /** shows or hides the desktop lyric window; resolves with whether it is now shown */
  setVisible(visible: boolean): Promise<boolean>;
}

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
