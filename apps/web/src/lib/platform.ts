/**
 * The platform bridge: the only place that knows whether this is the
 * browser build or the Electron desktop build, and the only door to the desktop shell's
 * preload API (`window.cloudtune`).
 */
import { LOCAL_FILE_ROUTE, type DesktopBridge as ShellBridge } from '@cloudtune/desktop-bridge';

export type Platform = 'browser' | 'desktop';

export type { DownloadTags, LocalFolder, LocalTrackFile, LyricWindowState, PlayerCommand } from '@cloudtune/desktop-bridge';

/**
 * What the desktop shell's preload exposes (its types are @cloudtune/desktop-bridge, which the
 * shell implements). Each capability is optional here: a page may run in an older or partial
 * shell, and every caller checks before it calls.
 */
export type DesktopBridge = Partial<ShellBridge>;

/** The desktop bridge, when this page runs inside the shell. */
export const desktopBridge = (): DesktopBridge | undefined => globalThis.window?.cloudtune;

/**
 * The URL a local file (a download or a song under the local-music folders) plays from: the
 * shell's app:// scheme answers `local-file?path=` for files under those folders only.
 */
export const localFileUrl = (path: string, base: string = globalThis.location?.href ?? 'app://cloudtune/'): string =>
  new URL(`${LOCAL_FILE_ROUTE.slice(1)}?path=${encodeURIComponent(path)}`, base).href;

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
