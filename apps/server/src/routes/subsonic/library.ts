import type { Services } from '../../services/index.ts';
import { MAX_PAGE, MUSIC_FOLDER, invalidParam, missingParam, notAuthorized, parseAnyId, parseId } from '../../services/subsonic/index.ts';
import type { Payload } from '../../http/subsonic-envelope.ts';
import { inMusicFolder, type SubsonicParams } from './params.ts';

/** What a Subsonic method handler gets: its params, the authenticated user, the services. */
export interface SubsonicCall {
  params: SubsonicParams;
  userId: number;
  services: Services;
  ip: string;
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
  { name: 'songLyrics', versions: [1] },
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
  return services.subsonic.library.albumList(type as AlbumListType, size, offset, userId, filter);
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
  return services.subsonic.library.search(params.string('query') ?? '', pages, userId);
}

/** The plain LRC text without stamps: what getLyrics (Subsonic 1.2) answers. */
const plainLyric = (lrc: string): string =>
  lrc
    .split(/\r?\n/)
    .filter((line) => /^\[\d/.test(line.trim()))
    .map((line) => line.replace(/^(\[[\d:.]+\])+/, '').trim())
    .join('\n');

/** `[mm:ss.xx]` → ms. */
const LINE = /^((?:\[\d{1,3}:\d{2}(?:\.\d{1,3})?\])+)(.*)$/;
function timedLines(lrc: string): { start: number; value: string }[] {
  const lines: { start: number; value: string }[] = [];
  for (const raw of lrc.split(/\r?\n/)) {
    const m = LINE.exec(raw.trim());
    if (!m) continue;
    for (const stamp of m[1]!.matchAll(/\[(\d{1,3}):(\d{2})(?:\.(\d{1,3}))?\]/g)) {
      const fraction = stamp[3] ? Number(stamp[3].padEnd(3, '0')) : 0;
      lines.push({ start: Number(stamp[1]) * 60_000 + Number(stamp[2]) * 1000 + fraction, value: m[2]!.trim() });
    }
  }
  return lines.sort((a, b) => a.start - b.start);
}

/** The methods answered with a document (stream, download and getCoverArt send bytes: media.ts). */
export const libraryMethods: Record<string, (call: SubsonicCall) => Payload> = {
  ping: () => ({}),
  getLicense: () => ({ license: { valid: true, email: '', licenseExpires: '2099-12-31T00:00:00.000Z' } }),
  getOpenSubsonicExtensions: () => ({ openSubsonicExtensions: EXTENSIONS }),
  getMusicFolders: () => ({ musicFolders: { musicFolder: [MUSIC_FOLDER] } }),
  getScanStatus: () => ({ scanStatus: { scanning: false } }),
  getIndexes: ({ userId, services }) => ({ indexes: services.subsonic.library.folderIndex(userId) }),
  getArtists: ({ userId, services }) => ({ artists: services.subsonic.library.artistIndex(userId) }),
  getArtist: ({ params, userId, services }) => ({
    artist: services.subsonic.library.artist(parseId('artist', params.required('id')), userId),
  }),
  getAlbum: ({ params, userId, services }) => ({ album: services.subsonic.library.album(parseId('album', params.required('id')), userId) }),
  getSong: ({ params, userId, services }) => ({ song: services.subsonic.library.song(parseId('song', params.required('id')), userId) }),
  getMusicDirectory: ({ params, userId, services }) => {
    const { kind, id } = parseAnyId(params.required('id'));
    if (kind !== 'artist' && kind !== 'album') throw invalidParam('id', 'must name an artist (ar-1) or an album (al-1)');
    return { directory: services.subsonic.library.directory(kind, id, userId) };
  },
  getAlbumList2: (call) => ({ albumList2: { album: albumListOf(call) } }),
  getAlbumList: (call) => ({
    albumList: { album: albumListOf(call).map((a) => ({ ...a, parent: a.artistId, title: a.name, isDir: true })) },
  }),
  search3: (call) => ({ searchResult3: searchOf(call) }),
  search2: (call) => ({ searchResult2: searchOf(call) }),
  getStarred2: ({ userId, services }) => ({ starred2: services.subsonic.library.starred(userId) }),
  getStarred: ({ userId, services }) => ({ starred: services.subsonic.library.starred(userId) }),
  getLyrics: ({ params, services }) => {
    const artist = params.string('artist');
    const title = params.string('title');
    const id = services.subsonic.library.findByTitle(artist, title);
    if (id === undefined) return { lyrics: {} };
    const { song, lyric } = services.subsonic.library.lyricOf(id);
    return { lyrics: { artist: song.artists.map((a) => a.name).join(' / '), title: song.name, value: lyric ? plainLyric(lyric.lrc) : '' } };
  },
  getLyricsBySongId: ({ params, services }) => {
    const { song, lyric } = services.subsonic.library.lyricOf(parseId('song', params.required('id')));
    const base = { displayArtist: song.artists.map((a) => a.name).join(' / '), displayTitle: song.name, offset: 0 };
    const structuredLyrics = lyric
      ? [
          { ...base, lang: 'und', synced: true, line: timedLines(lyric.lrc) },
          ...(lyric.translation ? [{ ...base, lang: 'zho', synced: true, line: timedLines(lyric.translation) }] : []),
        ]
      : [];
    return { lyricsList: { structuredLyrics } };
  },
  getUser: ({ params, userId, services }) => {
    const account = services.subsonic.library.account(userId);
    const username = params.string('username');
    const names = [String(userId), account.username];
    if (username !== undefined && !names.includes(username) && services.subsonic.passwords.userIdOf(username) !== userId) {
      throw notAuthorized('Only your own user can be read');
    }
    return {
      user: {
        username: account.username,
        email: account.email,
        scrobblingEnabled: true,
        // The server's administrators (decision 0027); the other roles are what every account may do.
        adminRole: services.admins.isAdmin(userId),
        settingsRole: false,
        downloadRole: true,
        uploadRole: false,
        playlistRole: true,
        coverArtRole: false,
        commentRole: false,
        podcastRole: false,
        streamRole: true,
        jukeboxRole: false,
        shareRole: false,
        videoConversionRole: false,
        folder: [1],
      },
    };
  },
};
