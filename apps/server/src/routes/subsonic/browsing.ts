import type { MediaUrls } from '../../media/urls.ts';
import type { Services } from '../../services/index.ts';
import { MAX_PAGE, MUSIC_FOLDER, invalidParam, missingParam, parseAnyId, parseId } from '../../services/subsonic/index.ts';
import type { Payload } from '../../http/subsonic-envelope.ts';
import { inMusicFolder, type SubsonicParams } from './params.ts';

/** What a Subsonic method handler gets: its params, the authenticated user, the services. */
export interface SubsonicCall {
  params: SubsonicParams;
  userId: number;
  services: Services;
  ip: string;
  /** absolute media URLs for this request (image URLs in info answers) */
  urls: MediaUrls;
  /** a body that is not params (JSON or text, never a form): getTranscodeDecision's ClientInfo */
  body?: unknown;
  /** the server's address as this request reached it (links in answers: shares) */
  baseUrl: string;
}

const ALBUM_LIST_TYPES = [
  'random',
  'newest',
  'highest',
  'frequent',
  'recent',
  'alphabeticalByName',
  'alphabeticalByArtist',
  'starred',
  'byYear',
  'byGenre',
] as const;
type AlbumListType = (typeof ALBUM_LIST_TYPES)[number];

/** OpenSubsonic extensions served (getOpenSubsonicExtensions). */
const EXTENSIONS = [
  { name: 'apiKeyAuthentication', versions: [1] },
  { name: 'formPost', versions: [1] },
  { name: 'getPodcastEpisode', versions: [1] },
  { name: 'indexBasedQueue', versions: [1] },
  { name: 'playbackReport', versions: [1] },
  { name: 'songLyrics', versions: [1, 2] },
  { name: 'topSongsByArtistId', versions: [1] },
  { name: 'transcodeOffset', versions: [1] },
  { name: 'transcoding', versions: [1] },
];

async function albumListOf({ params, userId, services }: SubsonicCall) {
  const type = params.required('type');
  if (!(ALBUM_LIST_TYPES as readonly string[]).includes(type)) throw invalidParam('type', `must be one of ${ALBUM_LIST_TYPES.join(', ')}`);
  const size = params.int('size', 10, 0, MAX_PAGE);
  const offset = params.int('offset', 0, 0);
  let filter: { fromYear?: number; toYear?: number; genre?: string } = {};
  if (type === 'byYear') {
    const fromYear = params.optionalInt('fromYear');
    const toYear = params.optionalInt('toYear');
    if (fromYear === undefined) throw missingParam('fromYear');
    if (toYear === undefined) throw missingParam('toYear');
    filter = { fromYear, toYear };
  }
  if (type === 'byGenre') filter = { genre: params.required('genre') };
  if (!inMusicFolder(params)) return [];
  return await services.subsonic.browsing.albumList(type as AlbumListType, size, offset, userId, filter);
}

async function searchOf({ params, userId, services }: SubsonicCall) {
  const pages = {
    artistCount: params.int('artistCount', 20, 0, MAX_PAGE),
    artistOffset: params.int('artistOffset', 0, 0),
    albumCount: params.int('albumCount', 20, 0, MAX_PAGE),
    albumOffset: params.int('albumOffset', 0, 0),
    songCount: params.int('songCount', 20, 0, MAX_PAGE),
    songOffset: params.int('songOffset', 0, 0),
  };
  return await services.subsonic.browsing.search(params.string('query') ?? '', pages, userId);
}

/** The methods answered with a document (stream, download and getCoverArt send bytes: media.ts). */
export const browsingMethods: Record<string, (call: SubsonicCall) => Payload | Promise<Payload>> = {
  ping: () => ({}),
  getLicense: () => ({ license: { valid: true, email: '', licenseExpires: '2099-12-31T00:00:00.000Z' } }),
  getOpenSubsonicExtensions: () => ({ openSubsonicExtensions: EXTENSIONS }),
  getMusicFolders: () => ({ musicFolders: { musicFolder: [MUSIC_FOLDER] } }),
  getIndexes: async ({ userId, services }) => ({ indexes: await services.subsonic.browsing.folderIndex(userId) }),
  getArtists: async ({ userId, services }) => ({ artists: await services.subsonic.browsing.artistIndex(userId) }),
  getArtist: async ({ params, userId, services }) => ({
    artist: await services.subsonic.browsing.artist(parseId('artist', params.required('id')), userId),
  }),
  getAlbum: async ({ params, userId, services }) => ({
    album: await services.subsonic.browsing.album(parseId('album', params.required('id')), userId),
  }),
  getSong: async ({ params, userId, services }) => ({
    song: await services.subsonic.browsing.song(parseId('song', params.required('id')), userId),
  }),
  getMusicDirectory: async ({ params, userId, services }) => {
    const { kind, id } = parseAnyId(params.required('id'));
    if (kind !== 'artist' && kind !== 'album') throw invalidParam('id', 'must name an artist (ar-1) or an album (al-1)');
    return { directory: await services.subsonic.browsing.directory(kind, id, userId) };
  },
  getAlbumList2: async (call) => ({ albumList2: { album: await albumListOf(call) } }),
  getAlbumList: async (call) => ({
    albumList: { album: (await albumListOf(call)).map((a) => ({ ...a, parent: a.artistId, title: a.name, isDir: true })) },
  }),
  search3: async (call) => ({ searchResult3: await searchOf(call) }),
  search2: async (call) => ({ searchResult2: await searchOf(call) }),
  getStarred2: async ({ userId, services }) => ({ starred2: await services.subsonic.browsing.starred(userId) }),
  getStarred: async ({ userId, services }) => ({ starred: await services.subsonic.browsing.starred(userId) }),
};
