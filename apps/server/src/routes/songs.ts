import type { FastifyInstance } from 'fastify';
import { endpoint } from '../http/endpoint.ts';
import { DEFAULT_BR } from '../services/transcode-levels.ts';
import type { RouteOptions } from './options.ts';

export function songRoutes(app: FastifyInstance, { services, apiPrefix }: RouteOptions): void {
  // Cloud songs (their own id space) are known and played by their owner only (services/cloud/).
  endpoint(
    app,
    apiPrefix,
    '/song/detail',
    async (p, { urls, user }) => await services.cloud.withCloudSongs(user, p.ids, await services.songs.detail(p.ids, urls)),
  );
  // `source` (NetEase's unblock sources) is accepted and ignored: the library is the one source.
  endpoint(
    app,
    apiPrefix,
    '/song/url',
    async (p, { urls, user, dataVersion }) =>
      await services.cloud.withCloudUrls(user, await services.songs.urls(p.id, p.br ?? DEFAULT_BR, urls, await dataVersion()), urls),
  );
  // Cloudtune's own: the client asks for the next song of its queue ahead (answers at once).
  endpoint(app, apiPrefix, '/song/prepare', (p) => services.songs.prepare(p.id));
  endpoint(app, apiPrefix, '/lyric', async (p) => await services.songs.lyric(p.id));
  endpoint(app, apiPrefix, '/lyric/new', async (p) => await services.songs.lyricNew(p.id));
}
