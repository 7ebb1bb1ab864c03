import { queryOptions, useQuery } from '@tanstack/react-query';
import { parseYrc, type WordLine } from '@cloudtune/lrc';
import { api } from '../../../lib/api.ts';
import { lyricKeys } from './keys.ts';

/**
 * GET /lyric/new: NetEase's word-by-word lyrics (`yrc`), [] when the song has none. Asked for only
 * while the lyric panel is open. Like /lyric, a failure is only logged: the panel then
 * shows the lines of /lyric.
 */
export async function fetchWordLyric(id: number, signal?: AbortSignal): Promise<WordLine[]> {
  try {
    const data = await api('/lyric/new', { id }, { signal });
    return parseYrc(data.yrc?.lyric ?? '');
  } catch (error) {
    if (signal?.aborted) throw error;
    console.warn('[lyrics] word-by-word fetch failed', id, error);
    return [];
  }
}

export const wordLyricQueryOptions = (id: number) =>
  queryOptions({
    queryKey: lyricKeys.words(id),
    queryFn: ({ signal }) => fetchWordLyric(id, signal),
    staleTime: Infinity,
  });

export const useWordLyric = (id: number | null | undefined) =>
  useQuery({ ...wordLyricQueryOptions(id ?? 0), enabled: typeof id === 'number' && id > 0 });
