import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SongUrlResponse } from '@cloudtune/contract';
import { DEFAULT_BIT_RATE } from '../../../lib/config.ts';
import { request } from '../../../lib/http.ts';

/** GET /song/url — a song's playable URL, or '' when it has none (SPEC §8: failure = empty). */
export async function fetchSongUrl(id: number, br = DEFAULT_BIT_RATE, signal?: AbortSignal): Promise<string> {
  try {
    const { data } = await request<SongUrlResponse>('/song/url', { params: { id, br }, signal });
    return data.find((d) => d.id === id)?.url ?? data[0]?.url ?? '';
  } catch (error) {
    if (signal?.aborted) throw error;
    console.warn('[player] song url failed', id, error);
    return '';
  }
}

// Song URLs expire on the real API, so they are never cached for long.
export const songUrlQueryOptions = (id: number, br = DEFAULT_BIT_RATE) =>
  queryOptions({
    queryKey: ['song-url', id, br],
    queryFn: ({ signal }) => fetchSongUrl(id, br, signal),
    staleTime: 0,
    gcTime: 60_000,
  });

export const useSongUrl = (id: number, br?: number) => useQuery(songUrlQueryOptions(id, br));
