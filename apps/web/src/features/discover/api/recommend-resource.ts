import { queryOptions } from '@tanstack/react-query';
import type { PersonalizedPlaylist } from '@cloudtune/contract';
import { api, type ApiResult } from '../../../lib/api.ts';
import { discoverKeys } from './keys.ts';
import { RECOMMEND_LIMIT } from './personalized.ts';

/** A /recommend/resource item: a /personalized card with NetEase's lower-case `playcount`. */
type RecommendResourceItem = ApiResult<'/recommend/resource'>['recommend'][number];

/** What the cards need of an item (an item without `playcount` reads 0 plays). */
type CardSource = Pick<RecommendResourceItem, 'id' | 'name' | 'picUrl' | 'trackCount'> & Partial<RecommendResourceItem>;

/** The recommended playlists as the grid draws them (playcount → playCount), at most `limit`. */
export function toRecommendCards(items: readonly CardSource[], limit = RECOMMEND_LIMIT): PersonalizedPlaylist[] {
  return items.slice(0, limit).map(({ playcount, ...item }) => ({ ...item, playCount: playcount ?? 0 }));
}

/**
 * GET /recommend/resource — the logged-in user's daily playlists (instead of the default
 * ones). Not marked `auth`: on the first screen an expired session must not open the login view;
 * the page falls back to the default playlists instead.
 */
export async function fetchRecommendResource(signal?: AbortSignal): Promise<PersonalizedPlaylist[]> {
  const data = await api('/recommend/resource', {}, { signal });
  return toRecommendCards(data.recommend);
}

/** Keyed by the user: another login gets its own list. */
export const recommendResourceQueryOptions = (uid: number) =>
  queryOptions({
    queryKey: discoverKeys.recommendResource(uid),
    queryFn: ({ signal }) => fetchRecommendResource(signal),
    staleTime: 10 * 60_000,
  });
