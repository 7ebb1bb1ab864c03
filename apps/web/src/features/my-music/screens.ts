/**
 * The library feature's code-split screens (每日歌曲推荐). A second public surface beside
 * index.ts: index.ts is in the app shell (first screen), this loads with the list route, so
 * only lazy pages in src/app import it.
 */
export { DailySongsPage, type DailySongsPageProps } from './pages/daily-songs-page.tsx';
