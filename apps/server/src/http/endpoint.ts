import { endpoints, type EndpointPath, type ParamsOf, type ResponseOf } from '@cloudtune/contract';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MediaUrls } from '../media/urls.ts';
import { urlsFor } from './api-base.ts';
import { clearSessionCookie, requireUser, setSessionCookie, type RequestUser, type SessionCookie } from './auth.ts';
import type { BodyCache } from './body-cache.ts';
import { parseParams, rawParams } from './params.ts';
import { requestSignal } from './request-signal.ts';

export interface EndpointContext {
  urls: MediaUrls;
  /** aborts when the client leaves before the answer is sent */
  signal: AbortSignal;
  /** the logged-in user or null (never null with `auth: true`) */
  user: RequestUser | null;
  /** the database's version this request reads at (http/data-version.ts): what was read at it may be answered again */
  dataVersion: () => Promise<string>;
  /** the client's address: the socket's, or a trusted proxy's X-Forwarded-For (limits count against it) */
  ip: string;
  /** sets the MUSIC_U cookie of a new login; returns NetEase's `cookie` string for the body */
  startSession(session: SessionCookie): string;
  /** removes the MUSIC_U cookie */
  endSession(): void;
  request: FastifyRequest;
}

/** The context of an `auth: true` endpoint: the user is there. */
export type AuthedContext = EndpointContext & { user: RequestUser };

/** Answers kept serialized (and compressed) until the database's version (the request's dataVersion()) changes. */
export interface CachedAnswers {
  cache: BodyCache;
}

export interface EndpointOptions<Params = never> {
  /** the same params and origin get the answer built once per catalog version (the caller counts only through cacheVariant) */
  cached?: CachedAnswers;
  /**
   * What of a cached answer depends on the caller (e.g. whether they collected the playlist): a
   * few short values, each cached apart. Runs before the cache is read; may throw (e.g. 404).
   */
  cacheVariant?: (params: Params, ctx: EndpointContext) => string | Promise<string>;
  /** needs a logged-in user: without one, `{code: 301, msg: '需要登录'}` (HTTP 301) before params are read */
  auth?: boolean;
  /** changes state even over GET: refused from another site's page (http/cross-site.ts) */
  mutates?: boolean;
  /** requests per address (@fastify/rate-limit), beyond which 429 */
  rateLimit?: Pick<RateLimitOptions, 'max' | 'timeWindow' | 'keyGenerator'>;
}

/**
 * A handler answers its path's response as the contract types it (or a promise of it): a field
 * named otherwise, or missing, fails the typecheck (scripts/check-lint-guards.mjs proves it).
 */
type Handler<P extends EndpointPath, C> = (params: ParamsOf<P>, ctx: C) => ResponseOf<P> | Promise<ResponseOf<P>>;

/**
 * Registers a contract endpoint: GET and POST (params from query, form or JSON, merged),
 * validated with the contract's param schema before the handler sees them. With `cached`, the
 * answer for the same params and origin is built once per catalog version.
 */
export function endpoint<P extends EndpointPath>(
  app: FastifyInstance,
  apiPrefix: string,
  path: P,
  handler: Handler<P, AuthedContext>,
  options: EndpointOptions<ParamsOf<P>> & { auth: true },
): void;
export function endpoint<P extends EndpointPath>(
  app: FastifyInstance,
  apiPrefix: string,
  path: P,
  handler: Handler<P, EndpointContext>,
  options?: EndpointOptions<ParamsOf<P>>,
): void;
export function endpoint<P extends EndpointPath>(
  app: FastifyInstance,
  apiPrefix: string,
  path: P,
  handler: Handler<P, AuthedContext>,
  options: EndpointOptions<ParamsOf<P>> = {},
): void {
  const def = endpoints[path];
  const { cached, cacheVariant, auth = false, mutates = false, rateLimit } = options;
  app.route({
    method: ['GET', 'POST'],
    url: path,
    config: { mutates, ...(rateLimit ? { rateLimit: { ...rateLimit, hook: 'preHandler' as const } } : {}) },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      if (auth) requireUser(request);
      const params = parseParams(def.params, rawParams(request.query, request.body)) as ParamsOf<P>;
      const urls = urlsFor(request, apiPrefix);
      const context = {
        urls,
        get signal() {
          return requestSignal(reply);
        },
        user: request.user,
        dataVersion: () => request.dataVersion(),
        ip: request.ip,
        startSession: (session: SessionCookie) => setSessionCookie(request, reply, session),
        endSession: () => clearSessionCookie(request, reply),
        request,
      } as AuthedContext;
      if (!cached) return handler(params, context);
      const variant = cacheVariant ? ` ${await cacheVariant(params, context)}` : '';
      const key = `${path} ${JSON.stringify(params)} ${urls.image('album', 0)} ${await request.dataVersion()}${variant}`;
      return cached.cache.send(request, reply, key, () => handler(params, context));
    },
  });
}
