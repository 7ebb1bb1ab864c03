import { ApiError } from '../../errors.ts';
import { SUBSONIC_ERRORS, SubsonicError, parseId } from '../../services/subsonic/index.ts';
import type { Payload } from './format.ts';
import type { SubsonicCall } from './library.ts';

/** star / unstar: albums (`albumId`) and artists (`artistId`) are collected (收藏); songs (`id`) go to 我喜欢的音乐. */
function starring(on: boolean) {
  return ({ params, userId, services }: SubsonicCall): Payload => {
    const songs = params.list('id').map((id) => parseId('song', id));
    const albums = params.list('albumId').map((id) => parseId('album', id, 'albumId'));
    const artists = params.list('artistId').map((id) => parseId('artist', id, 'artistId'));
    for (const id of albums) services.subsonic.stars.album(userId, id, on);
    for (const id of artists) services.subsonic.stars.artist(userId, id, on);
    // Songs go to 我喜欢的音乐 through the playlists' own like (wired once that service lands).
    if (songs.length) throw new SubsonicError(SUBSONIC_ERRORS.generic, 'Starring songs is not available yet');
    return {};
  };
}

export const activityMethods: Record<string, (call: SubsonicCall) => Payload> = {
  star: starring(true),
  unstar: starring(false),

  /**
   * A play, counted as /scrobble counts it (per listener, a song at most once per 20 s: a repeat
   * is answered ok and not counted). `submission=false` is "now playing": nothing is recorded.
   */
  scrobble: ({ params, userId, services, ip }) => {
    const ids = params.list('id').map((id) => parseId('song', id));
    if (ids.length === 0) parseId('song', params.required('id'));
    if (!params.bool('submission', true)) {
      for (const id of ids) services.subsonic.library.record(id);
      return {};
    }
    for (const id of ids) {
      services.subsonic.library.record(id);
      try {
        services.charts.scrobble({ id, userId, ip });
      } catch (err) {
        if (!(err instanceof ApiError && err.code === 429)) throw err;
      }
    }
    return {};
  },

  getPlaylists: ({ userId, services }) => ({ playlists: { playlist: services.subsonic.library.playlists(userId) } }),
  getPlaylist: ({ params, userId, services }) => ({
    playlist: services.subsonic.library.playlist(parseId('playlist', params.required('id')), userId),
  }),
};
