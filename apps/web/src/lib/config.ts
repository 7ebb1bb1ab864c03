import { getDesktopPort, platform as currentPlatform, type DesktopBridge, type Platform } from './platform.ts';
import { notify } from './notice.ts';

/**
 * Runtime configuration. The API base is configuration, not code: any
 * NeteaseCloudMusicApi-compatible server works.
 */
export const REQUEST_TIMEOUT_MS = 30_000;
export const TIMEOUT_NOTICE_MS = 5_000;
export const DEFAULT_BIT_RATE = 320_000;
export { THEME_COLOR } from './theme-color.ts';
export const SUPPORT_EMAIL: string = import.meta.env.VITE_SUPPORT_EMAIL || 'support@cloudtune.app';

/** Browser build: `VITE_API_BASE` or `/api` (the server mounts its API there). */
export const browserApiBase = (): string => (import.meta.env.VITE_API_BASE || '/api').replace(/\/+$/, '');

let desktopBase: Promise<string> | null = null;
/** the desktop base once the shell gave its port */
let desktopKnown: string | null = null;

/**
 * Desktop build: the shell runs the server in API-only mode (no /api prefix) on a local port.
 * Failing to get the port is fatal for every call, so the user is told whom to contact.
 */
function desktopApiBase(bridge?: DesktopBridge): Promise<string> {
  desktopBase ??= getDesktopPort(bridge).then(
    (port) => (desktopKnown = `http://127.0.0.1:${port}`),
    (error: unknown) => {
      desktopBase = null; // let a later call try again once the shell is ready
      notify({ kind: 'warning', message: `发生错误，请联系 ${SUPPORT_EMAIL}`, duration: 0 });
      throw error;
    },
  );
  return desktopBase;
}

export function apiBase(platform: Platform = currentPlatform, bridge?: DesktopBridge): Promise<string> {
  return platform === 'desktop' ? desktopApiBase(bridge) : Promise.resolve(browserApiBase());
}

/**
 * The API base when it is known without waiting (always in a browser; on the desktop once the
 * shell gave its port): a request then leaves in the same task as the click that asked for it.
 */
export function knownApiBase(platform: Platform = currentPlatform): string | null {
  return platform === 'desktop' ? desktopKnown : browserApiBase();
}

/** Tests reset the cached desktop base between cases. */
export function resetApiBaseCache(): void {
  desktopBase = null;
  desktopKnown = null;
}
