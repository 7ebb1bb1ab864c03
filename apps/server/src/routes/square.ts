import type { FastifyInstance } from 'fastify';
import { endpoint } from '../http/endpoint.ts';
import type { RouteOptions } from './options.ts';

export function squareRoutes(app: FastifyInstance, { services, apiPrefix }: RouteOptions): void {
  endpoint(app, apiPrefix, '/top/playlist/highquality', (p, { urls }) => services.square.highQuality(p, urls));
  endpoint(app, apiPrefix, '/playlist/highquality/tags', () => services.square.highQualityTags());
  endpoint(app, apiPrefix, '/playlist/hot', () => services.square.hotTags());
  endpoint(app, apiPrefix, '/playlist/catlist', () => services.square.catalogue());
  endpoint(app, apiPrefix, '/top/playlist', ({ cat, order, limit, offset }, { urls }) =>
    services.square.topPlaylists(cat ?? '全部', order ?? 'hot', limit ?? 50, offset ?? 0, urls),
  );
}
