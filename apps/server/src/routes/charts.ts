import type { FastifyInstance } from 'fastify';
import { endpoint } from '../http/endpoint.ts';
import type { RouteOptions } from './options.ts';

export function chartRoutes(app: FastifyInstance, { services, apiPrefix, cached }: RouteOptions): void {
  endpoint(app, apiPrefix, '/toplist/detail', (_p, { urls }) => services.charts.toplistDetail(urls), cached);
  // NetEase wants a login to scrobble; here plays are anonymous until accounts exist.
  endpoint(app, apiPrefix, '/scrobble', (p) => services.charts.scrobble(p));
}
