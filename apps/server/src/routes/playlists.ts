import type { FastifyInstance } from 'fastify';
import { endpoint, type EndpointContext } from '../http/endpoint.ts';
import type { RouteOptions } from './options.ts';

export function playlistRoutes(app: FastifyInstance, { services, apiPrefix, cached }: RouteOptions): void {
  // One cached answer per playlist and caller's relation to it (collected or not): the tracks are
  // never re-read per user; a private playlist is 404 to everyone but its creator.
  const viewOf = async (id: number, { user, dataVersion }: EndpointContext) =>
    await services.myPlaylists.viewOf(id, user?.id ?? null, await dataVersion());
  endpoint(app, apiPrefix, '/playlist/detail', async (p, ctx) => await services.playlists.detail(p.id, ctx.urls, await viewOf(p.id, ctx)), {
    cached,
    cacheVariant: async (p, ctx) => ((await viewOf(p.id, ctx)).subscribed ? 'subscribed' : ''),
  });
}
