import { isSearchType } from '@cloudtune/contract';
import type { FastifyInstance } from 'fastify';
import { endpoint } from '../http/endpoint.ts';
import type { RouteOptions } from './options.ts';

export function searchRoutes(app: FastifyInstance, { services, apiPrefix }: RouteOptions): void {
  endpoint(app, apiPrefix, '/search', async (p, { urls }) => {
    if (p.type === undefined || isSearchType(p.type)) return await services.search.search({ ...p, type: p.type }, urls);
    // Types the library has nothing of: an empty result of the type's shape; 1018 combines the others.
    return p.type === 1018 ? await services.search.combined(p.keywords, p.limit ?? 10, urls) : services.search.empty(p.type);
  });
  endpoint(app, apiPrefix, '/search/suggest', async (p, { urls }) => await services.search.suggest(p.keywords, p.type, urls));
  endpoint(app, apiPrefix, '/search/hot', async () => await services.search.hotKeywords());
  endpoint(app, apiPrefix, '/search/hot/detail', async () => await services.search.hotDetail());
}
