import type { FastifyInstance } from 'fastify';
import { endpoint } from '../http/endpoint.ts';
import type { RouteOptions } from './options.ts';

export function songRoutes(app: FastifyInstance, { services, apiPrefix }: RouteOptions): void {
  endpoint(app, apiPrefix, '/song/detail', (p, { urls }) => services.songs.detail(p.ids, urls));
  // `br` and `source` are accepted for compatibility; the library has one quality and one source.
  endpoint(app, apiPrefix, '/song/url', (p, { urls }) => services.songs.urls(p.id, urls));
  endpoint(app, apiPrefix, '/lyric', (p) => services.songs.lyric(p.id));
}
