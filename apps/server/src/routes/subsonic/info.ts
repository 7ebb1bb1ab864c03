import { withTextElements, type Payload } from '../../http/subsonic-envelope.ts';
import { MAX_PAGE, missingParam, parseAnyId, parseId } from '../../services/subsonic/index.ts';
import type { SubsonicCall } from './browsing.ts';

/** artistInfo's and albumInfo's strings are elements in Subsonic's XML schema, not attributes. */
const INFO_ELEMENTS = ['biography', 'notes', 'musicBrainzId', 'lastFmUrl', 'smallImageUrl', 'mediumImageUrl', 'largeImageUrl'];

/** Similar artists an info answer lists unless `count` says otherwise (the spec's default). */
const SIMILAR_ARTIST_COUNT = 20;
/** Songs getTopSongs and getSimilarSongs answer unless `count` says otherwise (the spec's default). */
const SONG_COUNT = 50;

/**
 * getArtistInfo(2): `id` names an artist, an album or a song (its artist); `includeNotPresent`
 * changes nothing, every similar artist the server knows is in the library.
 */
const artistInfo =
  (id3: boolean) =>
  async ({ params, userId, services, urls }: SubsonicCall) =>
    withTextElements(
      await services.subsonicInfo.artistInfo(
        parseAnyId(params.required('id')),
        params.int('count', SIMILAR_ARTIST_COUNT, 0, MAX_PAGE),
        userId,
        urls,
        id3,
      ),
      INFO_ELEMENTS,
    );

/** getAlbumInfo(2): `id` names an album or a song (its album). */
const albumInfo = async ({ params, services, urls }: SubsonicCall) =>
  withTextElements(await services.subsonicInfo.albumInfo(parseAnyId(params.required('id')), urls), INFO_ELEMENTS);

/** getSimilarSongs(2): `id` names a song, an album or an artist. */
const similarSongs = async ({ params, userId, services }: SubsonicCall) => ({
  song: await services.subsonicInfo.similarSongs(parseAnyId(params.required('id')), params.int('count', SONG_COUNT, 0, MAX_PAGE), userId),
});

/** Info and discovery: artist and album info, an artist's top songs, songs like another. */
export const infoMethods: Record<string, (call: SubsonicCall) => Payload | Promise<Payload>> = {
  getArtistInfo: async (call) => ({ artistInfo: await artistInfo(false)(call) }),
  getArtistInfo2: async (call) => ({ artistInfo2: await artistInfo(true)(call) }),
  getAlbumInfo: async (call) => ({ albumInfo: await albumInfo(call) }),
  getAlbumInfo2: async (call) => ({ albumInfo: await albumInfo(call) }),
  /** `id` (OpenSubsonic topSongsByArtistId) wins over `artist`, a name. */
  getTopSongs: async ({ params, userId, services }) => {
    const id = params.string('id');
    const name = params.string('artist');
    if (id === undefined && name === undefined) throw missingParam('artist');
    const artist = id !== undefined ? { id: parseId('artist', id) } : { name: name! };
    return { topSongs: { song: await services.subsonicInfo.topSongs(artist, params.int('count', SONG_COUNT, 0, MAX_PAGE), userId) } };
  },
  getSimilarSongs: async (call) => ({ similarSongs: await similarSongs(call) }),
  getSimilarSongs2: async (call) => ({ similarSongs2: await similarSongs(call) }),
};
