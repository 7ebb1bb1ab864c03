/** The account feature's public surface (the user pages): only src/app imports it. */
export { ProfilePage, type ProfilePageProps } from './pages/profile-page.tsx';
export { FollowListPage, FansPage } from './pages/follow-list-page.tsx';
export { EventsPage } from './pages/events-page.tsx';
export { UserSettingPage, type UserSettingPageProps } from './pages/user-setting-page.tsx';
export * from './data.ts';
