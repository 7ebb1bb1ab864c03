/** The lyrics feature's public surface: only src/app imports it. */
export { CurrentLyric } from './components/current-lyric.tsx';
export { useLyric, fetchLyric, fetchLyricText, lyricQueryOptions } from './api/lyric.ts';
export { useLyricsStore } from './lyrics.store.ts';
