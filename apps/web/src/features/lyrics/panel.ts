/**
 * The full lyric panel and the floating lyric (桌面歌词), apart from index.ts so the first screen's
 * bundle does not carry them: the app loads this lazily when one of them opens.
 */
export { LyricPanel, type LyricPanelProps, type LyricPanelSong } from './components/lyric-panel.tsx';
export { FloatingLyric, type FloatingLyricProps } from './components/floating-lyric.tsx';
