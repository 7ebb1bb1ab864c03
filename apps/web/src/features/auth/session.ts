import { fetchLoginStatus, logoutOnServer, type LoginResponse } from './api/account.ts';
import { useAuthStore, type AuthUser } from './auth.store.ts';

/**
 * The session's life: a login stores the user and merges /user/detail (level, pcSign,
 * listenSongs); a logout ends the server session and clears the user; a reload asks
 * /login/status whether the session still stands. The user's playlists are a query of the
 * account feature's, keyed by the user.
 */

/** What the app gives this feature: a user's /user/detail (the account feature's call). */
export interface SessionServices {
  userDetail: (
    uid: number,
  ) => Promise<Required<Pick<AuthUser, 'profile' | 'level' | 'listenSongs' | 'pcSign' | 'peopleCanSeeMyPlayRecord'>>>;
}

let services: SessionServices | null = null;

export function configureSession(next: SessionServices): void {
  services = next;
}

/** /user/detail's extras merged into the stored profile (profile, level, pcSign). */
export async function refreshUserDetail(uid: number): Promise<void> {
  if (!services) return;
  const detail = await services.userDetail(uid);
  const store = useAuthStore.getState();
  if (store.user?.account.id !== uid) return;
  store.updateUser('profile', detail.profile);
  store.updateUser('level', detail.level);
  store.updateUser('pcSign', detail.pcSign);
  store.updateUser('listenSongs', detail.listenSongs);
  store.updateUser('peopleCanSeeMyPlayRecord', detail.peopleCanSeeMyPlayRecord);
}

export async function completeLogin(response: Pick<LoginResponse, 'profile' | 'account'>): Promise<void> {
  const uid = response.account.id;
  const store = useAuthStore.getState();
  store.login({ profile: response.profile, account: { id: uid } });
  store.setUserInfoLoading(true);
  try {
    // The login itself has succeeded; these only enrich it, so their failures stay quiet.
    await Promise.allSettled([refreshUserDetail(uid)]);
  } finally {
    useAuthStore.getState().setUserInfoLoading(false);
  }
}

/** 退出登录: the server session ends, the user is cleared (the caller goes to /). */
export async function logout(): Promise<void> {
  try {
    await logoutOnServer();
  } finally {
    useAuthStore.getState().logout();
  }
}

/**
 * On start: a stored user whose session the server no longer knows (expired, ended elsewhere)
 * is logged out cleanly; a live one gets fresh details.
 */
export async function restoreSession(): Promise<void> {
  const stored = useAuthStore.getState().user;
  if (!stored) return;
  const status = await fetchLoginStatus();
  if (!status.account || status.account.id !== stored.account.id) {
    useAuthStore.getState().logout();
    return;
  }
  await refreshUserDetail(stored.account.id).catch(() => undefined);
}
