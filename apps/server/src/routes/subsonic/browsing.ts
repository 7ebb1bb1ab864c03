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

function albumListOf({ params, userId, services }: SubsonicCall) {
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
  return services.subsonic.browsing.albumList(type as AlbumListType, size, offset, userId, filter);
}

function searchOf({ params, userId, services }: SubsonicCall) {
  const pages = {
    artistCount: params.int('artistCount', 20, 0, MAX_PAGE),
    artistOffset: params.int('artistOffset', 0, 0),
    albumCount: params.int('albumCount', 20, 0, MAX_PAGE),
    albumOffset: params.int('albumOffset', 0, 0),
    songCount: params.int('songCount', 20, 0, MAX_PAGE),
    songOffset: params.int('songOffset', 0, 0),
  };
  return services.subsonic.browsing.search(params.string('query') ?? '', pages, userId);
}

/** The methods answered with a document (stream, download and getCoverArt send bytes: media.ts). */
export const browsingMethods: Record<string, (call: SubsonicCall) => Payload> = {
  ping: () => ({}),
  getLicense: () => ({ license: { valid: true, email: '', licenseExpires: '2099-12-31T00:00:00.000Z' } }),
  getOpenSubsonicExtensions: () => ({ openSubsonicExtensions: EXTENSIONS }),
  getMusicFolders: () => ({ musicFolders: { musicFolder: [MUSIC_FOLDER] } }),
  getIndexes: ({ userId, services }) => ({ indexes: services.subsonic.browsing.folderIndex(userId) }),
  getArtists: ({ userId, services }) => ({ artists: services.subsonic.browsing.artistIndex(userId) }),
  getArtist: ({ params, userId, services }) => ({
    artist: services.subsonic.browsing.artist(parseId('artist', params.required('id')), userId),
  }),
  getAlbum: ({ params, userId, services }) => ({
    album: services.subsonic.browsing.album(parseId('album', params.required('id')), userId),
  }),
  getSong: ({ params, userId, services }) => ({ song: services.subsonic.browsing.song(parseId('song', params.required('id')), userId) }),
  getMusicDirectory: ({ params, userId, services }) => {
    const { kind, id } = parseAnyId(params.required('id'));
    if (kind !== 'artist' && kind !== 'album') throw invalidParam('id', 'must name an artist (ar-1) or an album (al-1)');
    return { directory: services.subsonic.browsing.directory(kind, id, userId) };
  },
  getAlbumList2: (call) => ({ albumList2: { album: albumListOf(call) } }),
  getAlbumList: (call) => ({
    albumList: { album: albumListOf(call).map((a) => ({ ...a, parent: a.artistId, title: a.name, isDir: true })) },
  }),
  search3: (call) => ({ searchResult3: searchOf(call) }),
  search2: (call) => ({ searchResult2: searchOf(call) }),
  getStarred2: ({ userId, services }) => ({ starred2: services.subsonic.browsing.starred(userId) }),
  getStarred: ({ userId, services }) => ({ starred: services.subsonic.browsing.starred(userId) }),
};
