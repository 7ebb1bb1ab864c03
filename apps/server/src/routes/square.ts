import type { FastifyInstance } from 'fastify';
import { endpoint } from '../http/endpoint.ts';
import type { RouteOptions } from './options.ts';

export function squareRoutes(app: FastifyInstance, { services, apiPrefix }: RouteOptions): void {
  endpoint(app, apiPrefix, '/top/playlist/highquality', async (p, { urls }) => await services.square.highQuality(p, urls));
  endpoint(app, apiPrefix, '/playlist/highquality/tags', async () => await services.square.highQualityTags());
  endpoint(app, apiPrefix, '/playlist/hot', async () => await services.square.hotTags());
  endpoint(app, apiPrefix, '/playlist/catlist', async () => await services.square.catalogue());
  endpoint(
    app,
    apiPrefix,
    '/top/playlist',
    async ({ cat, order, limit, offset }, { urls }) =>
      await services.square.topPlaylists(cat ?? '全部', order ?? 'hot', limit ?? 50, offset ?? 0, urls),
  );
}
