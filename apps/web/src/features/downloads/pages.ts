/** The downloads feature's pages, code-split behind the /download routes (imported only by src/app). */
export { DownloadSongsPage } from './components/download-songs-page.tsx';
