import { isAppUrl } from './app-scheme.ts';

/**
 * Where the window may go (Electron's security checklist: limit navigation and new windows).
 * Pages of the desktop build stay in the window; http(s) links open in the OS browser; every
 * other URL (file:, javascript:, data:, custom protocols) goes nowhere.
 */
export type NavigationDecision = 'in-app' | 'external' | 'deny';

export function navigationDecision(url: string): NavigationDecision {
  if (isAppUrl(url)) return 'in-app';
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' ? 'external' : 'deny';
  } catch {
    return 'deny';
  }
}

/**
 * Permissions the desktop build uses: choosing the audio output (effects panel, setSinkId),
 * full screen, and writing to the clipboard. Everything else (camera, microphone, location,
 * notifications, MIDI, USB, …) is refused, and so is any request from a page that is not ours.
 */
export const GRANTED_PERMISSIONS: ReadonlySet<string> = new Set(['speaker-selection', 'fullscreen', 'clipboard-sanitized-write']);

export function permissionAllowed(permission: string, requestingUrl: string): boolean {
  return isAppUrl(requestingUrl) && GRANTED_PERMISSIONS.has(permission);
}
