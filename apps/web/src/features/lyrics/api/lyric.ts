import { queryOptions, useQuery } from '@tanstack/react-query';
import { parseLrc, type LyricLine } from '@cloudtune/lrc';
import { api } from '../../../lib/api.ts';
import { lyricKeys } from './keys.ts';

/** A song's lyrics as /lyric gives them: the timed lines, their translation (`tlyric`), and whether it is instrumental. */
export interface Lyric {
  lines: LyricLine[];
  /** `tlyric` lines, stamped like the lines they translate (Japanese, Korean, English songs) */
  translation: LyricLine[];
  /** `nolyric`: 纯音乐 */
  instrumental: boolean;
}

const NO_LYRIC: Lyric = { lines: [], translation: [], instrumental: false };

/** GET /lyric — the one call for a song's lyrics, as the server sends them. */
const fetchLyricBody = (id: number, signal?: AbortSignal) => api('/lyric', { id }, { signal });

/** The LRC text as sent ('' when none): what a downloaded file and the .lrc beside it carry. */
export async function fetchLyricText(id: number, signal?: AbortSignal): Promise<string> {
  return (await fetchLyricBody(id, signal)).lrc?.lyric ?? '';
}

/** GET /lyric, parsed. a failed lyric fetch is only logged; the lyrics stay empty. */
export async function fetchLyric(id: number, signal?: AbortSignal): Promise<Lyric> {
  try {
    const data = await fetchLyricBody(id, signal);
    return {
      lines: parseLrc(data.lrc?.lyric ?? ''),
      translation: parseLrc(data.tlyric?.lyric ?? ''),
      instrumental: data.nolyric === true,
    };
  } catch (error) {
    if (signal?.aborted) throw error;
    console.warn('[lyrics] fetch failed', id, error);
    return NO_LYRIC;
  }
}

export const lyricQueryOptions = (id: number) =>
  queryOptions({
    queryKey: lyricKeys.lines(id),
    queryFn: ({ signal }) => fetchLyric(id, signal),
    staleTime: Infinity,
  });

export const useLyric = (id: number | null | undefined) =>
  useQuery({ ...lyricQueryOptions(id ?? 0), enabled: typeof id === 'number' && id > 0 });
