import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../errors.ts';
import { sameOrigin, type OriginPolicy } from './origins.ts';

export const CROSS_SITE_MSG = '跨站请求被拒绝';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the endpoint changes state even when called with GET (NetEase clients do) */
    mutates?: boolean;
  }
}

/**
 * Whether a browser sent this request from another site's page. Sec-Fetch-Site `same-origin`
 * or `none` (typed, bookmarked) is the browser's own word; otherwise an Origin must be ours or
 * allow-listed; a browser that says `same-site`/`cross-site` without one (an <img>, a link) is
 * refused. A request with neither header is not from a browser page (curl, a NetEase client).
 */
export function isCrossSite(request: FastifyRequest, policy: OriginPolicy): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === 'same-origin' || site === 'none') return false;
  const origin = request.headers.origin;
  if (origin !== undefined) return !(policy.allowed(origin) || sameOrigin(request, origin));
  return site !== undefined;
}

/**
 * SameSite=Lax keeps the session cookie off most cross-site requests; this is the second lock
 * (docs/decisions/0012): every POST, and every endpoint marked `mutates` whatever its method
 * (NetEase clients sign in, log out and scrobble with GET), is refused with 403 when it comes
 * from another site's page. Routes that never read the session (`cookieless`: /rest) are no
 * target of such a forgery, so a page on any origin may call them, form POSTs included.
 */
export function refuseCrossSiteWrites(app: FastifyInstance, policy: OriginPolicy): void {
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.cookieless === true) return;
    const writes = request.method === 'POST' || request.routeOptions.config?.mutates === true;
    if (writes && isCrossSite(request, policy)) throw new ApiError(403, CROSS_SITE_MSG);
  });
}
