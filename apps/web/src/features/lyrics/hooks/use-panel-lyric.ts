import { useMemo } from 'react';
import { withTranslations, type LyricWord } from '@cloudtune/lrc';
import { useLyric } from '../api/lyric.ts';
import { useWordLyric } from '../api/word-lyric.ts';

/** One line of the lyric panel: its words when the song has word-by-word lyrics, its translation when it has one. */
export interface PanelLine {
  time: number;
  duration: number;
  lyric: string;
  words: LyricWord[];
  translation?: string;
}

export type PanelLyricStatus = 'loading' | 'ready' | 'instrumental' | 'empty';

export interface PanelLyric {
  status: PanelLyricStatus;
  lines: PanelLine[];
  /** some line has a translation (the 译 toggle shows) */
  translated: boolean;
  /** the lines are timed word by word (yrc) */
  wordByWord: boolean;
}

/**
 * What the lyric panel shows: /lyric/new's word-by-word lines when the song has them, else
 * /lyric's lines; each paired with its /lyric translation. 纯音乐 and no lyrics are states of their own.
 */
export function usePanelLyric(songId: number): PanelLyric {
  const lyric = useLyric(songId);
  const words = useWordLyric(songId);
  return useMemo(() => {
    if (!lyric.data) return { status: 'loading', lines: [], translated: false, wordByWord: false };
    const wordByWord = !!words.data?.some((line) => line.words.length > 0);
    const base: PanelLine[] = wordByWord ? words.data! : lyric.data.lines.map((line) => ({ ...line, words: [] }));
    const lines = withTranslations(base, lyric.data.translation);
    const sung = lines.some((line) => line.lyric !== '');
    const status: PanelLyricStatus = sung ? 'ready' : lyric.data.instrumental ? 'instrumental' : 'empty';
    return { status, lines: sung ? lines : [], translated: lines.some((line) => line.translation), wordByWord };
  }, [lyric.data, words.data]);
}
