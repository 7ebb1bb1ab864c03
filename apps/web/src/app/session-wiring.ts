import { restoreSession } from '../features/auth/index.ts';

/**
 * On start, a stored login is checked against the server (/login/status): an expired or ended
 * session logs out cleanly, a live one gets fresh details and playlists. Offline, the stored
 * user stays (the next call that needs login will say otherwise through the 301 flow).
 */
export function wireSession(): void {
  void restoreSession().catch(() => undefined);
}
