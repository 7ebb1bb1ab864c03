import type { FastifyInstance } from 'fastify';
import { endpoint } from '../http/endpoint.ts';
import type { RouteOptions } from './options.ts';

export function artistRoutes(app: FastifyInstance, { services, apiPrefix }: RouteOptions): void {
  endpoint(app, apiPrefix, '/artist/list', (p, { urls }) => services.artists.list(p, urls));
  endpoint(app, apiPrefix, '/artist/detail', (p, { urls }) => services.artists.detail(p.id, urls));
  endpoint(app, apiPrefix, '/artist/album', (p, { urls }) => services.artists.albums(p.id, p, urls));
  endpoint(app, apiPrefix, '/artists', (p, { urls }) => services.artists.withHotSongs(p.id, urls));
  endpoint(app, apiPrefix, '/artist/desc', (p) => services.artistAbout.desc(p.id));
  // NetEase answers /simi/artist only when logged in; we answer everyone.
  endpoint(app, apiPrefix, '/simi/artist', (p, { urls }) => services.artistAbout.similar(p.id, urls));
  endpoint(app, apiPrefix, '/top/artists', ({ limit, offset }, { urls }) => services.artists.top(limit ?? 50, offset ?? 0, urls));
  endpoint(app, apiPrefix, '/artist/sub', ({ id, t }, { user }) => services.artists.sub(user.id, id, t), { auth: true, mutates: true });
  endpoint(
    app,
    apiPrefix,
    '/artist/sublist',
    ({ limit, offset }, { user, urls }) => services.artists.sublist(user.id, limit ?? 25, offset ?? 0, urls),
    { auth: true },
  );
}
