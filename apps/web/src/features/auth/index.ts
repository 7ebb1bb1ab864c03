/** The auth feature's public surface: only src/app imports it. */
export { useAuthStore, selectIsLogin, isLoggedIn, openLoginView, requireLogin, type AuthUser, type UserProfile } from './auth.store.ts';
export { LoginDialog } from './components/login-dialog.tsx';
export { UserMenu } from './components/user-menu.tsx';
export { completeLogin, configureSession, logout, refreshUserDetail, restoreSession, type SessionServices } from './session.ts';
