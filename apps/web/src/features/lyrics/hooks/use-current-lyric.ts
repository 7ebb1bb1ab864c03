import { useMemo } from 'react';
import { currentLineIndex } from '@cloudtune/lrc';
import { useLyric } from '../api/lyric.ts';

/** The lyric line being sung at `timeSeconds`, or null before the first line / without lyrics. */
export function useCurrentLyric(songId: number | null | undefined, timeSeconds: number) {
  const { data } = useLyric(songId);
  const lines = data?.lines;
  const index = lines ? currentLineIndex(lines, timeSeconds) : -1;
  return useMemo(() => ({ lines: lines ?? [], index, line: lines && index >= 0 ? (lines[index] ?? null) : null }), [lines, index]);
}
