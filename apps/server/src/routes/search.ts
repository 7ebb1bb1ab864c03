import { isSearchType, type SearchType } from '@cloudtune/contract';
import type { FastifyInstance } from 'fastify';
import { endpoint } from '../http/endpoint.ts';
import type { RouteOptions } from './options.ts';

export function searchRoutes(app: FastifyInstance, { services, apiPrefix }: RouteOptions): void {
  endpoint(app, apiPrefix, '/search', (p, { urls }) => {
    if (p.type === undefined || isSearchType(p.type)) return services.search.search({ ...p, type: p.type }, urls);
    // Types the library has nothing of: an empty result of the type's shape; 1018 combines the others.
    if (p.type !== 1018) return services.breadth.emptySearch(p.type);
    const of = (type: SearchType) =>
      services.search.search({ keywords: p.keywords, type, limit: p.limit ?? 10 }, urls).result as Record<string, unknown>;
    return services.breadth.combinedSearch({ songs: of(1), albums: of(10), artists: of(100), playlists: of(1000) });
  });
  endpoint(app, apiPrefix, '/search/suggest', (p, { urls }) => services.search.suggest(p.keywords, p.type, urls));
  endpoint(app, apiPrefix, '/search/hot', () => services.search.hotKeywords());
  endpoint(app, apiPrefix, '/search/hot/detail', () => services.search.hotDetail());
}
