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
