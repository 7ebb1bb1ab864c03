import { fetchUserDetail } from '../features/account/data.ts';
import { configureSession, restoreSession } from '../features/auth/index.ts';

/**
 * The session gets a user's /user/detail from the account feature. On start, a stored login is
 * checked against the server (/login/status): an expired or ended session logs out cleanly, a
 * live one gets fresh details. Offline, the stored user stays (the next call that needs login
 * will say otherwise through the 301 flow).
 */
export function wireSession(): void {
  configureSession({ userDetail: (uid) => fetchUserDetail(uid) });
  void restoreSession().catch(() => undefined);
}
