import { ApiError } from '../../errors.ts';
import { mediaUrls } from '../../media/urls.ts';
import { invalidParam, missingParam, parseId } from '../../services/subsonic/index.ts';
import type { Payload } from '../../http/subsonic-envelope.ts';
import type { SubsonicCall } from './browsing.ts';

/** star / unstar: albums (`albumId`) and artists (`artistId`) are collected (收藏); songs (`id`) go to 我喜欢的音乐. */
function starring(on: boolean) {
  return async ({ params, userId, services }: SubsonicCall): Promise<Payload> => {
    const songs = params.list('id').map((id) => parseId('song', id));
    const albums = params.list('albumId').map((id) => parseId('album', id, 'albumId'));
    const artists = params.list('artistId').map((id) => parseId('artist', id, 'artistId'));
    for (const id of albums) await services.subsonic.stars.album(userId, id, on);
    for (const id of artists) await services.subsonic.stars.artist(userId, id, on);
    // A starred song is in 我喜欢的音乐, the same list /like writes (an unknown song is 70, nothing starred).
    for (const id of songs) await services.myPlaylists.likeSong(userId, id, on);
    return {};
  };
}

/** The playlist answers here are Subsonic's, so the NetEase shapes' URLs are never read. */
const NO_URLS = mediaUrls('');

/** A playlist name as NetEase takes it: trimmed, 1–40 characters. */
function playlistName(text: string): string {
  const name = text.trim();
  if (name.length < 1 || name.length > 40) throw invalidParam('name', 'must be 1–40 characters');
  return name;
}

export const activityMethods: Record<string, (call: SubsonicCall) => Payload | Promise<Payload>> = {
  star: starring(true),
  unstar: starring(false),

  /**
   * A play, counted as /scrobble counts it (per listener, a song at most once per 20 s: a repeat
   * is answered ok and not counted). `submission=false` is "now playing": shown in getNowPlaying, no play recorded.
   */
  scrobble: async ({ params, userId, services, ip }) => {
    const ids = params.list('id').map((id) => parseId('song', id));
    if (ids.length === 0) parseId('song', params.required('id'));
    if (!params.bool('submission', true)) {
      for (const id of ids) await services.nowPlaying.started(userId, params.string('c'), id);
      return {};
    }
    for (const id of ids) {
      await services.subsonic.browsing.record(id);
      try {
        await services.charts.scrobble({ id, userId, ip });
      } catch (err) {
        if (!(err instanceof ApiError && err.code === 429)) throw err;
      }
    }
    return {};
  },

  /**
   * createPlaylist: a new public playlist with `songId`s, or (`playlistId`) an existing one of the
   * user's given exactly these songs. Answers the playlist with its entries (Subsonic 1.14).
   */
  createPlaylist: async ({ params, userId, services }) => {
    const songIds = params.list('songId').map((id) => parseId('song', id, 'songId'));
    const existing = params.string('playlistId');
    let id: number;
    if (existing !== undefined) {
      id = parseId('playlist', existing, 'playlistId');
      const current = (await services.subsonic.browsing.playlist(id, userId)).entry.map((e) => Number(e.id));
      const name = params.string('name');
      if (name !== undefined) await services.myPlaylists.updatePlaylist(userId, id, { name: playlistName(name) });
      await services.myPlaylists.removeTracks(userId, id, current);
    } else {
      const name = params.string('name');
      if (name === undefined) throw missingParam('name');
      id = (await services.myPlaylists.createPlaylist(userId, { name: playlistName(name), privacy: 0 }, NO_URLS)).id;
    }
    if (songIds.length) await services.myPlaylists.addTracks(userId, id, songIds);
    return { playlist: await services.subsonic.browsing.playlist(id, userId) };
  },

  /**
   * updatePlaylist: `name`, `comment` (the description), `songIndexToRemove` (positions before
   * this call), then `songIdToAdd`. Added songs go to the top and a song already there is not
   * added twice, as in NetEase's playlists (decision 0022); `public` is not changed here.
   */
  updatePlaylist: async ({ params, userId, services }) => {
    const id = parseId('playlist', params.required('playlistId'), 'playlistId');
    const current = (await services.subsonic.browsing.playlist(id, userId)).entry.map((e) => Number(e.id));
    const name = params.string('name');
    const comment = params.raw.comment;
    if (name !== undefined || comment !== undefined) {
      await services.myPlaylists.updatePlaylist(userId, id, {
        ...(name !== undefined ? { name: playlistName(name) } : {}),
        ...(comment !== undefined ? { desc: String(comment).slice(0, 1000) } : {}),
      });
    }
    const removed = params.list('songIndexToRemove').map((text) => {
      const index = Number(text);
      // The message names the rule, never the value sent: an error does not echo the request.
      if (!Number.isInteger(index) || index < 0 || index >= current.length)
        throw invalidParam('songIndexToRemove', `must be positions in the playlist, from 0 to ${current.length - 1}`);
      return current[index]!;
    });
    if (removed.length) await services.myPlaylists.removeTracks(userId, id, removed);
    const added = params.list('songIdToAdd').map((text) => parseId('song', text, 'songIdToAdd'));
    if (added.length) await services.myPlaylists.addTracks(userId, id, added);
    return {};
  },

  deletePlaylist: async ({ params, userId, services }) => {
    await services.myPlaylists.deletePlaylists(userId, [parseId('playlist', params.required('id'))]);
    return {};
  },

  getPlaylists: async ({ userId, services }) => ({ playlists: { playlist: await services.subsonic.browsing.playlists(userId) } }),
  getPlaylist: async ({ params, userId, services }) => ({
    playlist: await services.subsonic.browsing.playlist(parseId('playlist', params.required('id')), userId),
  }),
};
