import type { FastifyInstance } from 'fastify';
import { endpoint } from '../http/endpoint.ts';
import type { RouteOptions } from './options.ts';

/** Endpoints third-party NetEase clients call beyond Cloudtune's own (services/client-breadth.ts). */
export function clientBreadthRoutes(app: FastifyInstance, { services, apiPrefix }: RouteOptions): void {
  const breadth = services.breadth;
  endpoint(app, apiPrefix, '/toplist', (_p, { urls }) => breadth.toplist(urls));
  endpoint(app, apiPrefix, '/toplist/artist', ({ type }, { urls }) => breadth.toplistArtist(type ?? 1, urls));
  endpoint(app, apiPrefix, '/album/new', ({ area, limit, offset }, { urls, user }) =>
    breadth.albumNew(area ?? 'ALL', limit ?? 30, offset ?? 0, urls, user?.id ?? null),
  );
  endpoint(app, apiPrefix, '/album/newest', (_p, { urls, user }) => breadth.albumNewest(urls, user?.id ?? null));
  endpoint(app, apiPrefix, '/top/playlist', ({ cat, order, limit, offset }, { urls }) =>
    breadth.topPlaylist(cat ?? '全部', order ?? 'hot', limit ?? 50, offset ?? 0, urls),
  );
  endpoint(app, apiPrefix, '/top/song', ({ type }, { urls }) => breadth.topSong(type ?? 0, urls));
  endpoint(app, apiPrefix, '/top/artists', ({ limit, offset }, { urls }) => breadth.topArtists(limit ?? 50, offset ?? 0, urls));
  endpoint(app, apiPrefix, '/artist/mv', ({ id }) => breadth.artistMv(id));
  endpoint(app, apiPrefix, '/album/detail/dynamic', ({ id }, { user }) => breadth.albumDynamic(id, user?.id ?? null));
  endpoint(app, apiPrefix, '/personal_fm', (_p, { urls, user }) => breadth.personalFm(user?.id ?? null, urls));
  endpoint(app, apiPrefix, '/fm_trash', ({ id }, { user }) => breadth.trashFm(user.id, id), { auth: true, mutates: true });
  endpoint(app, apiPrefix, '/album/sub', ({ id, t }, { user }) => breadth.subAlbum(user.id, id, t), { auth: true, mutates: true });
  endpoint(
    app,
    apiPrefix,
    '/album/sublist',
    ({ limit, offset }, { user, urls }) => breadth.albumSublist(user.id, limit ?? 25, offset ?? 0, urls),
    {
      auth: true,
    },
  );
  endpoint(app, apiPrefix, '/artist/sub', ({ id, t }, { user }) => breadth.subArtist(user.id, id, t), { auth: true, mutates: true });
  endpoint(
    app,
    apiPrefix,
    '/artist/sublist',
    ({ limit, offset }, { user, urls }) => breadth.artistSublist(user.id, limit ?? 25, offset ?? 0, urls),
    {
      auth: true,
    },
  );
  endpoint(app, apiPrefix, '/mv/sublist', () => breadth.mvSublist(), { auth: true });
}
