/** The settings feature's public surface: only src/app imports it. */
export { SettingPage, SETTING_SECTIONS, type SettingSlots } from './pages/setting-page.tsx';
