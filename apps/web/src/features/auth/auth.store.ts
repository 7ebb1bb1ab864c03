import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { ApiResult } from '../../lib/api.ts';

/**
 * Auth state: the logged-in user and whether the login view is showing. The
 * login/logout calls themselves belong to the accounts feature; this store is what every other
 * screen reads. Server data (the user's playlists) is react-query's, not this store's.
 */
type Profile = ApiResult<'/user/detail'>['profile'];

/** The stored profile: who is logged in (userId, nickname), the rest as the server last sent it. */
export type UserProfile = Pick<Profile, 'userId' | 'nickname'> & Partial<Profile>;

/** Who is logged in, with what /user/detail adds to a login's answer (level, pcSign, listenSongs). */
export interface AuthUser {
  profile: UserProfile;
  account: { id: number };
  level?: number;
  listenSongs?: number;
  pcSign?: boolean;
  peopleCanSeeMyPlayRecord?: boolean;
}

interface AuthState {
  user: AuthUser | null;
  /** the login view is visible */
  show: boolean;
  userInfoLoading: boolean;
  setShow: (show: boolean) => void;
  login: (user: AuthUser) => void;
  logout: () => void;
  /** merge one key of the user; object values are merged, not replaced */
  updateUser: <K extends keyof AuthUser>(key: K, value: Partial<AuthUser[K]> | AuthUser[K]) => void;
  setUserInfoLoading: (loading: boolean) => void;
}

export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      user: null,
      show: false,
      userInfoLoading: false,
      setShow: (show) => set({ show }),
      login: (user) => set({ user, show: false }),
      logout: () => set({ user: null }),
      updateUser: (key, value) =>
        set(({ user }) => {
          if (!user) return {};
          const old = user[key];
          const merged = old && typeof old === 'object' && value && typeof value === 'object' ? { ...old, ...value } : value;
          return { user: { ...user, [key]: merged } };
        }),
      setUserInfoLoading: (userInfoLoading) => set({ userInfoLoading }),
    }),
    {
      name: 'cloudtune-auth',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      // The login view and loading flags are per session; only who is logged in persists.
      partialize: ({ user }) => ({ user }),
    },
  ),
);

export const selectIsLogin = (state: Pick<AuthState, 'user'>) => state.user !== null;
export const isLoggedIn = () => selectIsLogin(useAuthStore.getState());
export const openLoginView = () => useAuthStore.getState().setShow(true);

/**
 * The collect flow's first step and every login-only action: when nobody is
 * logged in, show the login view and tell the caller to stop.
 */
export function requireLogin(): boolean {
  if (isLoggedIn()) return true;
  openLoginView();
  return false;
}
