import type { FastifyInstance } from 'fastify';
import { endpoint } from '../http/endpoint.ts';
import type { RouteOptions } from './options.ts';

export function discoverRoutes(app: FastifyInstance, { services, apiPrefix, cached }: RouteOptions): void {
  endpoint(app, apiPrefix, '/banner', (p, { urls }) => services.discover.banners(p.type ?? 0, urls), { cached });
  endpoint(app, apiPrefix, '/personalized', (p, { urls }) => services.discover.personalized(p.limit ?? 30, urls), { cached });
}
