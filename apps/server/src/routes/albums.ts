import type { FastifyInstance } from 'fastify';
import { endpoint } from '../http/endpoint.ts';
import type { RouteOptions } from './options.ts';

export function albumRoutes(app: FastifyInstance, { services, apiPrefix, cached }: RouteOptions): void {
  endpoint(app, apiPrefix, '/album', (p, { urls }) => services.albums.detail(p.id, urls), { cached });
}
