import { endpoints, type EndpointPath, type ParamsOf } from '@cloudtune/contract';
import type { FastifyInstance } from 'fastify';
import type { MediaUrls } from '../media/urls.ts';
import { urlsFor } from './api-base.ts';
import { parseParams, rawParams } from './params.ts';

export interface EndpointContext {
  urls: MediaUrls;
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
    handler: async (request) => {
      const params = parseParams(def.params, rawParams(request.query, request.body)) as ParamsOf<P>;
      return handler(params, { urls: urlsFor(request, apiPrefix) });
    },
  });
}
