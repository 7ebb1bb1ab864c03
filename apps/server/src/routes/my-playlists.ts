import type { FastifyInstance } from 'fastify';
import { uidOrCaller } from '../http/auth.ts';
import { endpoint } from '../http/endpoint.ts';
import type { RouteOptions } from './options.ts';

/** A user's playlists and likes (services/my-playlists.ts); every change needs a login and is refused from other sites. */
export function myPlaylistRoutes(app: FastifyInstance, { services, apiPrefix }: RouteOptions): void {
  const my = services.myPlaylists;
  const change = { auth: true, mutates: true } as const;

  endpoint(
    app,
    apiPrefix,
    '/user/playlist',
    async (p, { user, urls }) => await my.userPlaylists(uidOrCaller(p.uid, user), user?.id ?? null, p.offset, p.limit, urls),
  );
  endpoint(
    app,
    apiPrefix,
    '/playlist/create',
    async (p, { user, urls }) =>
      await my.createPlaylist(user.id, { name: p.name, privacy: p.privacy, ...(p.rules ? { rules: p.rules } : {}) }, urls),
    change,
  );
  endpoint(app, apiPrefix, '/playlist/delete', async (p, { user }) => await my.deletePlaylists(user.id, p.id), change);

  // NetEase's batch answer: one entry per field the call changed.
  endpoint(
    app,
    apiPrefix,
    '/playlist/update',
    async (p, { user }) => {
      await my.updatePlaylist(user.id, p.id, { name: p.name, desc: p.desc, tags: p.tags, rules: p.rules });
      return {
        ...(p.desc !== undefined ? { '/api/playlist/desc/update': { code: 200 } } : {}),
        ...(p.tags !== undefined ? { '/api/playlist/tags/update': { code: 200 } } : {}),
        ...(p.name !== undefined ? { '/api/playlist/update/name': { code: 200 } } : {}),
        code: 200 as const,
      };
    },
    change,
  );
  const ok = { code: 200 as const };
  endpoint(
    app,
    apiPrefix,
    '/playlist/name/update',
    async (p, { user }) => (await my.updatePlaylist(user.id, p.id, { name: p.name }), ok),
    change,
  );
  endpoint(
    app,
    apiPrefix,
    '/playlist/desc/update',
    async (p, { user }) => (await my.updatePlaylist(user.id, p.id, { desc: p.desc }), ok),
    change,
  );
  endpoint(
    app,
    apiPrefix,
    '/playlist/tags/update',
    async (p, { user }) => (await my.updatePlaylist(user.id, p.id, { tags: p.tags }), ok),
    change,
  );

  // The module's answer: NetEase's body wrapped as {status, body}; `code` beside them for generic clients.
  endpoint(
    app,
    apiPrefix,
    '/playlist/tracks',
    async (p, { user }) => {
      const result = p.op === 'add' ? await my.addTracks(user.id, p.pid, p.tracks) : await my.removeTracks(user.id, p.pid, p.tracks);
      return {
        status: 200 as const,
        body: { trackIds: JSON.stringify(result.trackIds.map(String)), code: 200 as const, count: result.count, cloudCount: 0 },
        code: 200 as const,
      };
    },
    change,
  );
  // t=1 collects; anything else un-collects, as the module (`t == 1 ? 'subscribe' : 'unsubscribe'`).
  endpoint(app, apiPrefix, '/playlist/subscribe', async (p, { user }) => (await my.setSubscribed(user.id, p.id, p.t === 1), ok), change);

  endpoint(
    app,
    apiPrefix,
    '/like',
    async (p, { user }) => ({ songs: [], playlistId: await my.likeSong(user.id, p.id, p.like), code: 200 as const }),
    change,
  );
  endpoint(
    app,
    apiPrefix,
    '/likelist',
    async (p, { user }) => ({ ids: await my.likedSongIds(uidOrCaller(p.uid, user)), checkPoint: Date.now(), code: 200 as const }),
    {
      auth: true,
    },
  );
  endpoint(
    app,
    apiPrefix,
    '/playlist/track/all',
    async (p, { user, urls }) => await my.trackAll(p.id, user?.id ?? null, p.offset, p.limit, urls),
  );
}
