/**
 * The full lyric panel, apart from index.ts so the first screen's bundle does not carry it: the
 * app loads this lazily when the panel opens.
 */
export { LyricPanel, type LyricPanelProps, type LyricPanelSong } from './components/lyric-panel.tsx';
