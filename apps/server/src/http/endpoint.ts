import { endpoints, type EndpointPath, type ParamsOf } from '@cloudtune/contract';
import type { FastifyInstance } from 'fastify';
import type { MediaUrls } from '../media/urls.ts';
import { urlsFor } from './api-base.ts';
import type { BodyCache } from './body-cache.ts';
import { parseParams, rawParams } from './params.ts';
import { requestSignal } from './request-signal.ts';

export interface EndpointContext {
  urls: MediaUrls;
  /** aborts when the client leaves before the answer is sent */
  signal: AbortSignal;
}

/** Answers kept serialized (and compressed) until `version()` changes: the catalog's version. */
export interface CachedAnswers {
  cache: BodyCache;
  version: () => string;
}

/**
 * Registers a contract endpoint: GET and POST (params from query, form or JSON, merged),
 * validated with the contract's param schema before the handler sees them. With `cached`, the
 * answer for the same params and origin is built once per catalog version.
 */
export function endpoint<P extends EndpointPath>(
  app: FastifyInstance,
  apiPrefix: string,
  path: P,
  handler: (params: ParamsOf<P>, ctx: EndpointContext) => unknown,
  cached?: CachedAnswers,
): void {
  const def = endpoints[path];
  app.route({
    method: ['GET', 'POST'],
    url: path,
    handler: async (request, reply) => {
      const params = parseParams(def.params, rawParams(request.query, request.body)) as ParamsOf<P>;
      const urls = urlsFor(request, apiPrefix);
      const context: EndpointContext = {
        urls,
        get signal() {
          return requestSignal(reply);
        },
      };
      if (!cached) return handler(params, context);
      const key = `${path} ${JSON.stringify(params)} ${urls.image('album', 0)} ${cached.version()}`;
      return cached.cache.send(request, reply, key, () => handler(params, context));
    },
  });
}
