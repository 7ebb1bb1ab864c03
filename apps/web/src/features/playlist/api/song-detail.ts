import { queryOptions } from '@tanstack/react-query';
import type { Song } from '@cloudtune/contract';
import { api } from '../../../lib/api.ts';
import { withPrivileges } from '../../../lib/song-availability.ts';
import { playlistKeys } from './keys.ts';

/** ids per /song/detail call: long playlists are fetched in several requests, in parallel */
export const SONG_DETAIL_CHUNK = 500;

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** GET /song/detail?ids=1,2 — songs in the order of `ids` (unknown ids are skipped), each with its privilege. */
export async function fetchSongDetails(ids: readonly number[], signal?: AbortSignal): Promise<Song[]> {
  const pages = await Promise.all(chunk(ids, SONG_DETAIL_CHUNK).map((part) => api('/song/detail', { ids: part }, { signal })));
  const byId = new Map(pages.flatMap((p) => withPrivileges(p.songs, p.privileges)).map((s) => [s.id, s]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export const songDetailsQueryOptions = (ids: readonly number[]) =>
  queryOptions({
    queryKey: playlistKeys.songDetails(ids),
    queryFn: ({ signal }) => fetchSongDetails(ids, signal),
    enabled: ids.length > 0,
    staleTime: 30 * 60_000,
  });
