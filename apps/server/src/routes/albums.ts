import type { FastifyInstance } from 'fastify';
import { endpoint } from '../http/endpoint.ts';
import type { RouteOptions } from './options.ts';

export function albumRoutes(app: FastifyInstance, { services, apiPrefix, cached }: RouteOptions): void {
  const albums = services.albums;
  endpoint(app, apiPrefix, '/album', async (p, { urls }) => await albums.detail(p.id, urls), { cached });
  endpoint(
    app,
    apiPrefix,
    '/album/new',
    async ({ area, limit, offset }, { urls, user }) => await albums.newest(area ?? 'ALL', limit ?? 30, offset ?? 0, urls, user?.id ?? null),
  );
  endpoint(app, apiPrefix, '/album/newest', async (_p, { urls, user }) => await albums.newestOfAll(urls, user?.id ?? null));
  endpoint(app, apiPrefix, '/album/detail/dynamic', async ({ id }, { user }) => await albums.dynamic(id, user?.id ?? null));
  endpoint(app, apiPrefix, '/album/sub', async ({ id, t }, { user }) => await albums.sub(user.id, id, t), { auth: true, mutates: true });
  endpoint(
    app,
    apiPrefix,
    '/album/sublist',
    async ({ limit, offset }, { user, urls }) => await albums.sublist(user.id, limit ?? 25, offset ?? 0, urls),
    {
      auth: true,
    },
  );
}
