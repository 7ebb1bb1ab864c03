import type { LyricResponse } from '@cloudtune/contract';
import { request } from '../../../lib/http.ts';

/** GET /lyric — the LRC text written into a downloaded file and the .lrc beside it ('' when none). */
export async function fetchLyricText(id: number, signal?: AbortSignal): Promise<string> {
  const data = await request<LyricResponse>('/lyric', { params: { id }, signal });
  return data.lrc?.lyric ?? '';
}
