/** The settings feature's public surface: only src/app imports it. */
export { SettingPage } from './pages/setting-page.tsx';
