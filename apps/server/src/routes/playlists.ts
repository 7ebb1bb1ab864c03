import type { FastifyInstance } from 'fastify';
import { endpoint } from '../http/endpoint.ts';
import type { RouteOptions } from './options.ts';

export function playlistRoutes(app: FastifyInstance, { services, apiPrefix, cached }: RouteOptions): void {
  // One cached answer per playlist and caller's relation to it (collected or not): the tracks are
  // never re-read per user; a private playlist is 404 to everyone but its creator.
  const viewOf = (id: number, user: { id: number } | null) => services.myPlaylists.viewOf(id, user?.id ?? null);
  endpoint(app, apiPrefix, '/playlist/detail', (p, { urls, user }) => services.playlists.detail(p.id, urls, viewOf(p.id, user)), {
    cached,
    cacheVariant: (p, { user }) => (viewOf(p.id, user).subscribed ? 'subscribed' : ''),
  });
}
