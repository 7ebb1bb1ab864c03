import type { FastifyInstance } from 'fastify';
import { endpoint } from '../http/endpoint.ts';
import type { RouteOptions } from './options.ts';

export function playlistRoutes(app: FastifyInstance, { services, apiPrefix, cached }: RouteOptions): void {
  endpoint(app, apiPrefix, '/playlist/detail', (p, { urls }) => services.playlists.detail(p.id, urls), { cached });
}
