import { api } from '../../lib/api.ts';
import { fetchLoginStatus, fetchUserDetail, logoutOnServer, type LoginResponse } from './api/account.ts';
import { useAuthStore } from './auth.store.ts';

/**
 * The session's life (SPEC §4): a login stores the user, merges /user/detail (level, pcSign,
 * listenSongs) and loads up to 10000 of the user's playlists; a logout ends the server session
 * and clears both; a reload asks /login/status whether the session still stands.
 */
export const PLAYLIST_LOAD_LIMIT = 10_000;

export async function loadUserPlaylists(uid: number): Promise<void> {
  const { playlist } = await api('/user/playlist', { uid, offset: 0, limit: PLAYLIST_LOAD_LIMIT });
  // Only while the same user is still logged in (a logout may have happened meanwhile).
  if (useAuthStore.getState().user?.account.id === uid) useAuthStore.getState().setPlaylist(playlist);
}

/** /user/detail's extras merged into the stored profile (SPEC §7: profile, level, pcSign). */
export async function refreshUserDetail(uid: number): Promise<void> {
  const detail = await fetchUserDetail(uid);
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
    await Promise.allSettled([refreshUserDetail(uid), loadUserPlaylists(uid)]);
  } finally {
    useAuthStore.getState().setUserInfoLoading(false);
  }
}

/** 退出登录: the server session ends, the user and playlists are cleared (the caller goes to /). */
export async function logout(): Promise<void> {
  try {
    await logoutOnServer();
  } finally {
    useAuthStore.getState().logout();
  }
}

/**
 * On start: a stored user whose session the server no longer knows (expired, ended elsewhere)
 * is logged out cleanly; a live one gets fresh details and playlists.
 */
export async function restoreSession(): Promise<void> {
  const stored = useAuthStore.getState().user;
  if (!stored) return;
  const status = await fetchLoginStatus();
  if (!status.account || status.account.id !== stored.account.id) {
    useAuthStore.getState().logout();
    return;
  }
  await Promise.allSettled([refreshUserDetail(stored.account.id), loadUserPlaylists(stored.account.id)]);
}
