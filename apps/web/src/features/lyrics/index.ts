/** The lyrics feature's public surface: only src/app imports it. */
export { CurrentLyric } from './components/current-lyric.tsx';
export { useCurrentLyric } from './hooks/use-current-lyric.ts';
export { useLyric, fetchLyric, fetchLyricText, lyricQueryOptions } from './api/lyric.ts';
