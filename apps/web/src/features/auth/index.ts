/** The auth feature's public surface: only src/app imports it. */
export {
  useAuthStore,
  selectIsLogin,
  isLoggedIn,
  openLoginView,
  requireLogin,
  type AuthUser,
  type UserProfile,
  type UserPlaylist,
} from './auth.store.ts';
export { LoginDialog } from './components/login-dialog.tsx';
export { UserMenu } from './components/user-menu.tsx';
export { completeLogin, loadUserPlaylists, logout, refreshUserDetail, restoreSession } from './session.ts';
