/** The downloads feature's public surface (下载管理): only src/app imports it. The page is in pages.ts (code-split). */
export { configureDownloads, downloadSongs, downloadedSource, type SongToDownload } from './downloads.ts';
export { useDownloadsStore, type DownloadedSong } from './downloads.store.ts';
