import type { FastifyRequest } from 'fastify';
import { urlsFor } from '../http/api-base.ts';
import type { FirstScreen, FirstScreenExtras } from '../http/web-app.ts';
import type { Services } from '../services/index.ts';

/** The client's 个性推荐 asks for 14 playlists … */
const RECOMMEND_LIMIT = 14;
/** … and draws banner slides 540×200, so it requests them at twice that (images at 2×). */
const BANNER_IMAGE_PARAM = 'param=1080y400';

/**
 * What the page of the first screen (个性推荐) carries so it paints without waiting for the API:
 * the two answers it would fetch, keyed by the API path and params the client uses, and the
 * first banner image, which is the screen's largest element.
 */
export function firstScreen(services: Services, apiPrefix: string): FirstScreen {
  return async (request: FastifyRequest): Promise<FirstScreenExtras> => {
    const urls = urlsFor(request, apiPrefix);
    const banner = await services.discover.banners(0, urls);
    const personalized = await services.discover.personalized(RECOMMEND_LIMIT, urls);
    const head = banner.banners[0];
    const first = head && 'imageUrl' in head ? head.imageUrl : undefined;
    return {
      data: { '/banner?type=0': banner, [`/personalized?limit=${RECOMMEND_LIMIT}`]: personalized },
      preloadImage: first ? `${first}?${BANNER_IMAGE_PARAM}` : undefined,
    };
  };
}
