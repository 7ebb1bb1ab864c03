import { api } from '../../../lib/api.ts';

/** GET /lyric — the LRC text written into a downloaded file and the .lrc beside it ('' when none). */
export async function fetchLyricText(id: number, signal?: AbortSignal): Promise<string> {
  const data = await api('/lyric', { id }, { signal });
  return data.lrc?.lyric ?? '';
}
