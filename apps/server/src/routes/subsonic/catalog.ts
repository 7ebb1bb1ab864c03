import type { Payload } from '../../http/subsonic-envelope.ts';
import { MAX_PAGE, notFoundError } from '../../services/subsonic/index.ts';
import type { SubsonicCall } from './browsing.ts';
import { inMusicFolder } from './params.ts';

/** The library holds no videos: a video id names nothing (an empty videoInfo would claim one exists). */
const noVideo = ({ params }: SubsonicCall): never => {
  params.required('id');
  throw notFoundError('Video');
};

/**
 * Genres, random songs, the first search and videos (services/subsonic/catalog.ts); getAlbumList2's
 * byGenre and byYear are browsing.ts's. `musicFolderId` other than the one folder lists nothing.
 */
export const catalogMethods: Record<string, (call: SubsonicCall) => Payload | Promise<Payload>> = {
  getGenres: async ({ services }) => ({ genres: { genre: await services.subsonic.catalog.genres() } }),
  getSongsByGenre: async ({ params, userId, services }) => {
    const genre = params.required('genre');
    const count = params.int('count', 10, 0, MAX_PAGE);
    const offset = params.int('offset', 0, 0);
    return {
      songsByGenre: { song: inMusicFolder(params) ? await services.subsonic.catalog.songsByGenre(genre, count, offset, userId) : [] },
    };
  },
  getRandomSongs: async ({ params, userId, services }) => {
    const size = params.int('size', 10, 0, MAX_PAGE);
    const criteria = { genre: params.string('genre'), fromYear: params.optionalInt('fromYear'), toYear: params.optionalInt('toYear') };
    return { randomSongs: { song: inMusicFolder(params) ? await services.subsonic.catalog.randomSongs(size, criteria, userId) : [] } };
  },
  search: async ({ params, userId, services }) => {
    const criteria = {
      artist: params.string('artist'),
      album: params.string('album'),
      title: params.string('title'),
      any: params.string('any'),
    };
    const count = params.int('count', 20, 0, MAX_PAGE);
    const offset = params.int('offset', 0, 0);
    const newerThan = params.optionalInt('newerThan');
    return { searchResult: await services.subsonic.catalog.search(criteria, count, offset, newerThan, userId) };
  },
  getVideos: () => ({ videos: { video: [] } }),
  getVideoInfo: noVideo,
  getCaptions: noVideo,
};
