import type { FastifyInstance } from 'fastify';
import { endpoint } from '../http/endpoint.ts';
import type { RouteOptions } from './options.ts';

export function searchRoutes(app: FastifyInstance, { services, apiPrefix }: RouteOptions): void {
  endpoint(app, apiPrefix, '/search', (p, { urls }) => services.search.search(p, urls));
  endpoint(app, apiPrefix, '/search/suggest', (p, { urls }) => services.search.suggest(p.keywords, p.type, urls));
  endpoint(app, apiPrefix, '/search/hot', () => services.search.hotKeywords());
  endpoint(app, apiPrefix, '/search/hot/detail', () => services.search.hotDetail());
}
