import { endpoints, type EndpointPath, type ParamsOf } from '@cloudtune/contract';
import type { FastifyInstance } from 'fastify';
import type { MediaUrls } from '../media/urls.ts';
import { urlsFor } from './api-base.ts';
import { parseParams, rawParams } from './params.ts';
import { requestSignal } from './request-signal.ts';

export interface EndpointContext {
  urls: MediaUrls;
  /** aborts when the client leaves before the answer is sent */
  signal: AbortSignal;
}

/**
 * Registers a contract endpoint: GET and POST (params from query, form or JSON, merged),
 * validated with the contract's param schema before the handler sees them.
 */
export function endpoint<P extends EndpointPath>(
  app: FastifyInstance,
  apiPrefix: string,
  path: P,
  handler: (params: ParamsOf<P>, ctx: EndpointContext) => unknown,
): void {
  const def = endpoints[path];
  app.route({
    method: ['GET', 'POST'],
    url: path,
    handler: async (request, reply) => {
      const params = parseParams(def.params, rawParams(request.query, request.body)) as ParamsOf<P>;
      return handler(params, {
        urls: urlsFor(request, apiPrefix),
        get signal() {
          return requestSignal(reply);
        },
      });
    },
  });
}
