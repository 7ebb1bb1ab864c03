import type { FastifyInstance } from 'fastify';
import { endpoint } from '../http/endpoint.ts';
import type { RouteOptions } from './options.ts';

export function artistRoutes(app: FastifyInstance, { services, apiPrefix }: RouteOptions): void {
  endpoint(app, apiPrefix, '/artist/list', async (p, { urls }) => await services.artists.list(p, urls));
  endpoint(app, apiPrefix, '/artist/detail', async (p, { urls }) => await services.artists.detail(p.id, urls));
  endpoint(app, apiPrefix, '/artist/album', async (p, { urls }) => await services.artists.albums(p.id, p, urls));
  endpoint(app, apiPrefix, '/artists', async (p, { urls }) => await services.artists.withHotSongs(p.id, urls));
  endpoint(app, apiPrefix, '/artist/desc', async (p) => await services.artistAbout.desc(p.id));
  // NetEase answers /simi/artist only when logged in; we answer everyone.
  endpoint(app, apiPrefix, '/simi/artist', async (p, { urls }) => await services.artistAbout.similar(p.id, urls));
  endpoint(
    app,
    apiPrefix,
    '/top/artists',
    async ({ limit, offset }, { urls }) => await services.artists.top(limit ?? 50, offset ?? 0, urls),
  );
  endpoint(app, apiPrefix, '/artist/sub', async ({ id, t }, { user }) => await services.artists.sub(user.id, id, t), {
    auth: true,
    mutates: true,
  });
  endpoint(
    app,
    apiPrefix,
    '/artist/sublist',
    async ({ limit, offset }, { user, urls }) => await services.artists.sublist(user.id, limit ?? 25, offset ?? 0, urls),
    { auth: true },
  );
}
