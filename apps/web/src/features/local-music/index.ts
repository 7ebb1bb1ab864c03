/** 本地音乐 (desktop): only src/app imports it. */
export { LocalSongsPage, LocalFoldersPage } from './components/local-music-pages.tsx';
export type { LocalSong } from './local-songs.ts';
