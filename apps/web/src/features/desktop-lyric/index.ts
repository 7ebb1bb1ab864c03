/** The desktop lyric window's page (桌面歌词): only src/app imports it. */
export { DesktopLyricPage, type DesktopLyricView } from './desktop-lyric-page.tsx';
