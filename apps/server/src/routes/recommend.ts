import type { FastifyInstance } from 'fastify';
import { endpoint } from '../http/endpoint.ts';
import type { RouteOptions } from './options.ts';

// The first request of a user's day makes and keeps that day's lists (a write, but not a change
// the user asked for: no cross-site check is needed, and the answer is the same all day).
export function recommendRoutes(app: FastifyInstance, { services, apiPrefix }: RouteOptions): void {
  endpoint(app, apiPrefix, '/recommend/songs', async (_p, { user, urls }) => await services.recommend.songs(user, urls), { auth: true });
  endpoint(app, apiPrefix, '/recommend/resource', async (_p, { user, urls }) => await services.recommend.playlists(user, urls), {
    auth: true,
  });
  endpoint(app, apiPrefix, '/top/song', async ({ type }, { urls }) => await services.recommend.newSongs(type ?? 0, urls));
}
