import type { FastifyInstance } from 'fastify';
import { endpoint } from '../http/endpoint.ts';
import type { RouteOptions } from './options.ts';

export function discoverRoutes(app: FastifyInstance, { services, apiPrefix, cached }: RouteOptions): void {
  endpoint(app, apiPrefix, '/banner', async (p, { urls }) => await services.discover.banners(p.type ?? 0, urls), { cached });
  endpoint(app, apiPrefix, '/personalized', async (p, { urls }) => await services.discover.personalized(p.limit ?? 30, urls), { cached });
}
