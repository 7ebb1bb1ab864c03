import { useMemo } from 'react';
import { currentLineIndex } from '@cloudtune/lrc';
import { useLyric } from '../api/lyric.ts';

/** The lyric line being sung at `timeSeconds`, or null before the first line / without lyrics. */
export function useCurrentLyric(songId: number | null | undefined, timeSeconds: number) {
  const { data: lines = [] } = useLyric(songId);
  const index = currentLineIndex(lines, timeSeconds);
  return useMemo(() => ({ lines, index, line: index >= 0 ? (lines[index] ?? null) : null }), [lines, index]);
}
