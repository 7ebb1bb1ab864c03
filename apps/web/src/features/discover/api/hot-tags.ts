import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HotPlaylistTag } from '@cloudtune/contract';
import { api } from '../../../lib/api.ts';
import { discoverKeys } from './keys.ts';

/** GET /playlist/hot — the hot tags shown beside the picker. */
export async function fetchHotTags(signal?: AbortSignal): Promise<HotPlaylistTag[]> {
  const data = await api('/playlist/hot', {}, { signal });
  return data.tags;
}

export const hotTagsQueryOptions = () =>
  queryOptions({ queryKey: discoverKeys.hotTags(), queryFn: ({ signal }) => fetchHotTags(signal), staleTime: 30 * 60_000 });

export const useHotTags = () => useQuery(hotTagsQueryOptions());
