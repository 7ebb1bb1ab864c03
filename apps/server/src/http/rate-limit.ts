import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors.ts';

export const RATE_LIMITED_MSG = '请求过于频繁，请稍后再试';

/**
 * Per-address request budgets for the routes that ask for one (`rateLimit` in an endpoint's
 * options or a route's config): logins, SMS, lookups, uploads. Beyond it, 429 `{code, msg,
 * retryAfter}` with a Retry-After header, both in seconds. The address is the socket's, or a
 * trusted proxy's X-Forwarded-For (CLOUDTUNE_TRUSTED_PROXIES).
 */
export async function installRateLimits(app: FastifyInstance): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => new ApiError(429, RATE_LIMITED_MSG, Math.max(1, Math.ceil(context.ttl / 1000))),
  });
}
