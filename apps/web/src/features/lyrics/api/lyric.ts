import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LyricResponse } from '@cloudtune/contract';
import { parseLrc, type LyricLine } from '@cloudtune/lrc';
import { request } from '../../../lib/http.ts';

/** GET /lyric, parsed. SPEC §8: a failed lyric fetch is only logged; the lyrics stay empty. */
export async function fetchLyric(id: number, signal?: AbortSignal): Promise<LyricLine[]> {
  try {
    const data = await request<LyricResponse>('/lyric', { params: { id }, signal });
    return parseLrc(data.lrc?.lyric ?? '');
  } catch (error) {
    if (signal?.aborted) throw error;
    console.warn('[lyrics] fetch failed', id, error);
    return [];
  }
}

export const lyricQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['lyric', id],
    queryFn: ({ signal }) => fetchLyric(id, signal),
    staleTime: Infinity,
  });

export const useLyric = (id: number | null | undefined) =>
  useQuery({ ...lyricQueryOptions(id ?? 0), enabled: typeof id === 'number' && id > 0 });
