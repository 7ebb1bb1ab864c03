import type { FastifyInstance } from 'fastify';
import { endpoint } from '../http/endpoint.ts';
import type { RouteOptions } from './options.ts';

export function chartRoutes(app: FastifyInstance, { services, apiPrefix, cached }: RouteOptions): void {
  endpoint(app, apiPrefix, '/toplist/detail', async (_p, { urls }) => await services.charts.toplistDetail(urls), { cached });
  endpoint(app, apiPrefix, '/toplist', async (_p, { urls }) => await services.charts.toplist(urls));
  endpoint(app, apiPrefix, '/toplist/artist', async ({ type }, { urls }) => await services.charts.toplistArtist(type ?? 1, urls));
  // NetEase wants a login to scrobble; here a play counts for the logged-in listener, or
  // anonymously within per-address limits (services/charts/).
  endpoint(app, apiPrefix, '/scrobble', async (p, { user, ip }) => await services.charts.scrobble({ ...p, userId: user?.id ?? null, ip }), {
    mutates: true,
  });
}
