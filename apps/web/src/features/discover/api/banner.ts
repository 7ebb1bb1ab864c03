import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Banner } from '@cloudtune/contract';
import { api } from '../../../lib/api.ts';
import { discoverKeys } from './keys.ts';

/** GET /banner?type=0 — the PC carousel. */
export async function fetchBanners(signal?: AbortSignal): Promise<Banner[]> {
  const data = await api('/banner', { type: 0 }, { signal });
  return data.banners;
}

export const bannerQueryOptions = () =>
  queryOptions({ queryKey: discoverKeys.banner(), queryFn: ({ signal }) => fetchBanners(signal), staleTime: 10 * 60_000 });

export const useBanners = () => useQuery(bannerQueryOptions());

/** The real API's mobile banner types carry `pic` instead of `imageUrl`. */
export const bannerImage = (banner: Banner) => banner.imageUrl ?? banner.pic ?? '';
