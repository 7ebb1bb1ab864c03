/**
 * The platform bridge (ARCHITECTURE.md): the only place that knows whether this is the
 * browser build or the Electron desktop build, and the only door to the desktop shell's
 * preload API (`window.cloudtune`).
 */
export type Platform = 'browser' | 'desktop';

/** A song's tags the shell writes into a downloaded file. */
export interface DownloadTags {
  title: string;
  artists: string[];
  album: string;
  lyrics?: string;
  /** a cover image URL of the local server */
  coverUrl?: string;
}

/** A file found under the local-music folders (tags read by the shell when it can). */
export interface LocalTrackFile {
  path: string;
  name: string;
  folder: string;
  size: number;
  modified: number;
  title?: string;
  artists?: string[];
  album?: string;
  /** ms */
  duration?: number;
}

/** A folder of 本地音乐 (SPEC §3 Local path: name, path, check). */
export interface LocalFolder {
  path: string;
  checked: boolean;
}

/** What the desktop lyric window shows (桌面歌词). */
export interface LyricWindowState {
  line: string;
  next: string;
  playing: boolean;
  song: string;
}

export type PlayerCommand = 'play-pause' | 'previous' | 'next';

/**
 * What the Electron preload exposes (apps/desktop/src/bridge.ts is the full contract); every
 * capability is optional so a partial shell works.
 */
export interface DesktopBridge {
  /** The loopback port of the music server the shell started. */
  getPort?: () => Promise<number> | number;
  chooseFolder?: (options?: { title?: string; defaultPath?: string }) => Promise<string | null>;
  openFolder?: (path: string) => Promise<void>;
  onCommand?: (listener: (command: PlayerCommand) => void) => () => void;
  settings?: {
    get(): Promise<{ closeToTray: boolean; downloadDirectory: string | null; localFolders?: LocalFolder[] }>;
    update(patch: { downloadDirectory?: string | null; localFolders?: LocalFolder[] }): Promise<unknown>;
  };
  downloads?: {
    getDirectory(): Promise<string>;
    setDirectory(path: string): Promise<string>;
    save(request: { url: string; fileName: string; tags?: DownloadTags }): Promise<{ path: string; size: number }>;
    remove?(path: string): Promise<void>;
  };
  localMusic?: { scan(folders: string[]): Promise<LocalTrackFile[]> };
  lyricWindow?: {
    setVisible(visible: boolean): Promise<boolean>;
    update?(state: LyricWindowState): void;
    onUpdate?(listener: (state: LyricWindowState) => void): () => void;
    onVisibilityChange?(listener: (visible: boolean) => void): () => void;
    setClickThrough?(on: boolean): Promise<void>;
  };
}

/** The desktop bridge, when this page runs inside the shell. */
export const desktopBridge = (): DesktopBridge | undefined => globalThis.window?.cloudtune;

/**
 * The URL a local file (a download or a song under the local-music folders) plays from: the
 * shell's app:// scheme answers `local-file?path=` for files under those folders only.
 */
export const localFileUrl = (path: string, base: string = globalThis.location?.href ?? 'app://cloudtune/'): string =>
  new URL(`local-file?path=${encodeURIComponent(path)}`, base).href;

declare global {
  interface Window {
    cloudtune?: DesktopBridge;
  }
}

/** `vite build --mode desktop` makes the desktop build; every other mode is the browser. */
export const platform: Platform = import.meta.env.MODE === 'desktop' ? 'desktop' : 'browser';

export const isDesktop = (p: Platform = platform) => p === 'desktop';

/** The server's port from the desktop shell; rejects when the shell cannot give one. */
export async function getDesktopPort(bridge: DesktopBridge | undefined = globalThis.window?.cloudtune): Promise<number> {
  const port = await bridge?.getPort?.();
  if (typeof port !== 'number' || !Number.isInteger(port) || port <= 0 || port > 65535) {
    throw new Error(`desktop bridge gave no usable port: ${String(port)}`);
  }
  return port;
}
