import type { FastifyInstance } from 'fastify';
import { endpoint } from '../http/endpoint.ts';
import type { RouteOptions } from './options.ts';

export function playlistRoutes(app: FastifyInstance, { services, apiPrefix, cached }: RouteOptions): void {
  // One cached answer per playlist and caller's relation to it (collected or not): the tracks are
  // never re-read per user; a private playlist is 404 to everyone but its creator.
  const viewOf = async (id: number, user: { id: number } | null) => await services.myPlaylists.viewOf(id, user?.id ?? null);
  endpoint(
    app,
    apiPrefix,
    '/playlist/detail',
    async (p, { urls, user }) => await services.playlists.detail(p.id, urls, await viewOf(p.id, user)),
    {
      cached,
      cacheVariant: async (p, { user }) => ((await viewOf(p.id, user)).subscribed ? 'subscribed' : ''),
    },
  );
}
