import type { FastifyInstance } from 'fastify';
import { endpoint } from '../http/endpoint.ts';
import type { RouteOptions } from './options.ts';

export function albumRoutes(app: FastifyInstance, { services, apiPrefix, cached }: RouteOptions): void {
  const albums = services.albums;
  endpoint(app, apiPrefix, '/album', (p, { urls }) => albums.detail(p.id, urls), { cached });
  endpoint(app, apiPrefix, '/album/new', ({ area, limit, offset }, { urls, user }) =>
    albums.newest(area ?? 'ALL', limit ?? 30, offset ?? 0, urls, user?.id ?? null),
  );
  endpoint(app, apiPrefix, '/album/newest', (_p, { urls, user }) => albums.newestOfAll(urls, user?.id ?? null));
  endpoint(app, apiPrefix, '/album/detail/dynamic', ({ id }, { user }) => albums.dynamic(id, user?.id ?? null));
  endpoint(app, apiPrefix, '/album/sub', ({ id, t }, { user }) => albums.sub(user.id, id, t), { auth: true, mutates: true });
  endpoint(
    app,
    apiPrefix,
    '/album/sublist',
    ({ limit, offset }, { user, urls }) => albums.sublist(user.id, limit ?? 25, offset ?? 0, urls),
    {
      auth: true,
    },
  );
}
