/** The library feature's public surface (daily songs, likes, own and collected playlists): only src/app imports it. */
export { DailySongsPage, type DailySongsPageProps } from './pages/daily-songs-page.tsx';
