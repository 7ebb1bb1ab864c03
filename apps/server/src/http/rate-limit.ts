import fastifyRateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors.ts';

export const RATE_LIMITED_MSG = '请求过于频繁，请稍后再试';

/** Counts one request of `key` in `limiter`'s fixed window of `windowMs`, for every process alike. */
export type WindowCounter = (limiter: string, key: string, windowMs: number) => Promise<{ count: number; ttlMs: number }>;

/**
 * Per-address request budgets for the routes that ask for one (`rateLimit` in an endpoint's
 * options or a route's config): logins, SMS, lookups, uploads. Beyond it, 429 `{code, msg,
 * retryAfter}` with a Retry-After header, both in seconds. The address is the socket's, or a
 * trusted proxy's X-Forwarded-For (CLOUDTUNE_TRUSTED_PROXIES). The windows are counted by
 * `count` (kept in the database), so every server process behind one address spends one budget.
 */
export async function installRateLimits(app: FastifyInstance, count: WindowCounter): Promise<void> {
  /** One route's windows (the plugin makes a child per route). */
  class SharedWindows implements FastifyRateLimitStore {
    limiter = 'global';
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow?: number): void {
      count(this.limiter, key, timeWindow ?? 60_000).then(
        (hit) => callback(null, { current: hit.count, ttl: hit.ttlMs }),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    }
    child(routeOptions: object): FastifyRateLimitStore {
      // The plugin passes the route's merged limit options, the route under `routeInfo`.
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo ?? {};
      const child = new SharedWindows();
      child.limiter = `route:${String(route.method)} ${String(route.url)}`;
      return child;
    }
  }
  await app.register(fastifyRateLimit, {
    global: false,
    store: SharedWindows,
    errorResponseBuilder: (_request, context) => new ApiError(429, RATE_LIMITED_MSG, Math.max(1, Math.ceil(context.ttl / 1000))),
  });
}
