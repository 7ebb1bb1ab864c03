import type { QueryClient } from '@tanstack/react-query';
import type { BannerResponse, PersonalizedResponse } from '@cloudtune/contract';
import { RECOMMEND_LIMIT, bannerQueryOptions, personalizedQueryOptions } from '../features/discover/index.ts';
import { browserApiBase } from '../lib/config.ts';
import { platform } from '../lib/platform.ts';

const ELEMENT_ID = 'cloudtune-first-screen';

/** The answers the first screen's page carries, keyed by API path and params. */
export type FirstScreenData = Record<string, unknown>;

/** Puts the first screen's answers (banners, recommended playlists) in the query cache. */
export function seedFirstScreenData(client: QueryClient, data: FirstScreenData): void {
  const banner = data['/banner?type=0'] as BannerResponse | undefined;
  if (Array.isArray(banner?.banners)) client.setQueryData(bannerQueryOptions().queryKey, banner.banners);
  const personalized = data[`/personalized?limit=${RECOMMEND_LIMIT}`] as PersonalizedResponse | undefined;
  if (Array.isArray(personalized?.result)) client.setQueryData(personalizedQueryOptions().queryKey, personalized.result);
}

/**
 * The Cloudtune server sends the first screen's page with the answers 个性推荐 would fetch
 * (banners, recommended playlists) inside it, so the screen paints without a round trip. They
 * seed the query cache before the first render. Only when the page and the API come from the
 * same server (the default `/api`): another configured API must not be mixed with ours.
 */
export function seedFirstScreen(client: QueryClient, doc: Document = document): void {
  const element = doc.getElementById(ELEMENT_ID);
  element?.remove();
  if (!element?.textContent || platform !== 'browser' || browserApiBase() !== '/api') return;
  let data: FirstScreenData;
  try {
    data = JSON.parse(element.textContent) as FirstScreenData;
  } catch {
    return;
  }
  seedFirstScreenData(client, data);
}
