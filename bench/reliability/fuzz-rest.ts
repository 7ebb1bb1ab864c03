import { createHash } from 'node:crypto';
import { SUBSONIC_METHODS } from '@cloudtune/server';
import type { HttpCase } from './fuzz-cases.ts';
import { enc, joinQuery, KEYWORDS, oddValue, RENDERED_SONGS, type QueryPair } from './fuzz-values.ts';
import type { RawCase } from './raw-cases.ts';
import type { Rng } from './rng.ts';

/**
 * The Subsonic API under /rest, fuzzed: every method the server's own tables list, with random and
 * boundary params, every way to authenticate (and not), XML, JSON and JSONP, GET and form POST;
 * the names of Object.prototype as methods; other verbs; paths no method has; broken encodings in
 * the path, the query and the body; and the same abuse on a raw socket. Every answer must be a
 * Subsonic envelope (fuzz-judge.ts), media excepted.
 */

/** The demo account's app password (the server under test has the demo library). */
const DEMO_USER = '13800000000';
const DEMO_PASSWORD = 'subsonic';
const md5 = (text: string): string => createHash('md5').update(text).digest('hex');

/** Names Object.prototype answers to: once, `/rest/constructor` leaked the request and the server's insides. */
export const PROTOTYPE_NAMES = [...new Set([...Object.getOwnPropertyNames(Object.prototype), '__proto__', 'prototype'])];

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
];

/** The params each method reads (a method missing here draws from all of them). */
const PARAMS = new Map<string, string[]>([
  ['getArtist', ['id']],
  ['getAlbum', ['id']],
  ['getSong', ['id']],
  ['getMusicDirectory', ['id']],
  ['getAlbumList', ['type', 'size', 'offset', 'fromYear', 'toYear', 'genre', 'musicFolderId']],
  ['getAlbumList2', ['type', 'size', 'offset', 'fromYear', 'toYear', 'genre', 'musicFolderId']],
  ['getRandomSongs', ['size', 'fromYear', 'toYear', 'genre']],
  ['search2', ['query', 'artistCount', 'artistOffset', 'albumCount', 'albumOffset', 'songCount', 'songOffset']],
  ['search3', ['query', 'artistCount', 'artistOffset', 'albumCount', 'albumOffset', 'songCount', 'songOffset']],
  ['getLyrics', ['artist', 'title']],
  ['getLyricsBySongId', ['id', 'enhanced']],
  ['getArtistInfo', ['id', 'count', 'includeNotPresent']],
  ['getArtistInfo2', ['id', 'count', 'includeNotPresent']],
  ['getAlbumInfo', ['id']],
  ['getAlbumInfo2', ['id']],
  ['getTopSongs', ['artist', 'id', 'count']],
  ['getSimilarSongs', ['id', 'count']],
  ['getSimilarSongs2', ['id', 'count']],
  ['getUser', ['username']],
  ['star', ['id', 'albumId', 'artistId']],
  ['unstar', ['id', 'albumId', 'artistId']],
  ['scrobble', ['id', 'time', 'submission']],
  ['createPlaylist', ['name', 'songId', 'playlistId']],
  ['updatePlaylist', ['playlistId', 'name', 'comment', 'public', 'songIdToAdd', 'songIndexToRemove']],
  ['deletePlaylist', ['id']],
  ['getPlaylist', ['id']],
  ['getPlaylists', ['username']],
  ['stream', ['id', 'maxBitRate', 'format', 'timeOffset', 'estimateContentLength']],
  ['download', ['id']],
  ['getCoverArt', ['id', 'size']],
  ['savePlayQueue', ['id', 'current', 'position']],
  ['savePlayQueueByIndex', ['id', 'currentIndex', 'position']],
  ['createBookmark', ['id', 'position', 'comment']],
  ['deleteBookmark', ['id']],
  ['setRating', ['id', 'rating']],
  ['reportPlayback', ['mediaId', 'mediaType', 'positionMs', 'state', 'playbackRate', 'ignoreScrobble']],
  ['createShare', ['id', 'description', 'expires']],
  ['updateShare', ['id', 'description', 'expires']],
  ['deleteShare', ['id']],
]);
const ALL_PARAMS = [...new Set([...PARAMS.values()].flat())];

/**
 * A plausible value. Audio and pictures stay within a few songs and sizes (the fuzz measures
 * request handling, not the encoder); playlist writes name playlists that do not exist, so the
 * demo library the later sections read is left as it is.
 */
function validValue(rng: Rng, method: string, name: string): string {
  switch (name) {
    case 'id':
      if (method === 'stream' || method === 'download') return String(rng.pick(RENDERED_SONGS));
      if (method === 'getCoverArt')
        return rng.pick([`al-${rng.int(1, 5)}`, `ar-${rng.int(1, 5)}`, `pl-${rng.int(1, 5)}`, String(rng.pick(RENDERED_SONGS))]);
      if (method === 'getAlbum') return rng.chance(0.8) ? `al-${rng.int(1, 75)}` : String(rng.int(1, 75));
      if (method === 'getArtist') return rng.chance(0.8) ? `ar-${rng.int(1, 40)}` : String(rng.int(1, 40));
      if (method === 'getMusicDirectory') return rng.chance(0.5) ? `al-${rng.int(1, 75)}` : `ar-${rng.int(1, 40)}`;
      if (method === 'getPlaylist') return String(rng.int(1, 60));
      // info and discovery take an artist, an album or a song
      if (/^get(ArtistInfo|AlbumInfo|SimilarSongs)2?$/.test(method) || method === 'getTopSongs')
        return rng.pick([`ar-${rng.int(1, 40)}`, `al-${rng.int(1, 75)}`, String(rng.int(1, 490))]);
      if (method === 'deletePlaylist') return String(rng.int(1_000_000, 2_000_000));
      return String(rng.int(1, 490));
    case 'albumId':
      return `al-${rng.int(1, 75)}`;
    case 'artistId':
      return `ar-${rng.int(1, 40)}`;
    case 'songId':
    case 'songIdToAdd':
      return String(rng.int(1, 490));
    case 'playlistId':
      return String(rng.int(1_000_000, 2_000_000));
    case 'type':
      return rng.pick(ALBUM_LIST_TYPES);
    case 'size':
      return method === 'getCoverArt' ? String(rng.pick([0, 64, 300])) : String(rng.int(0, 600));
    case 'offset':
    case 'artistOffset':
    case 'albumOffset':
    case 'songOffset':
      return String(rng.int(0, 300));
    case 'artistCount':
    case 'albumCount':
    case 'songCount':
    case 'count':
      return String(rng.int(0, 100));
    case 'fromYear':
    case 'toYear':
      return String(rng.int(1990, 2026));
    case 'query':
    case 'artist':
    case 'title':
      return rng.chance(0.2) ? '' : enc(rng.pick(KEYWORDS));
    case 'username':
      return DEMO_USER;
    case 'name':
      return enc(rng.pick(['fuzz', '夜跑', 'x'.repeat(40)]));
    case 'comment':
      return enc(rng.pick(['', 'hello', '晨跑'.repeat(20)]));
    case 'songIndexToRemove':
      return String(rng.int(0, 5));
    case 'submission':
    case 'public':
    case 'estimateContentLength':
    case 'enhanced':
    case 'includeNotPresent':
      return rng.pick(['true', 'false']);
    case 'maxBitRate':
      return String(rng.pick([0, 64, 128, 160, 192, 320, 999]));
    case 'format':
      return rng.pick(['mp3', 'raw', 'flac', 'opus']);
    case 'time':
      return String(Date.now() - rng.int(0, 86_400_000));
    case 'current':
    case 'mediaId':
      return String(rng.int(1, 490));
    case 'position':
    case 'positionMs':
      return String(rng.int(0, 300_000));
    case 'mediaType':
      return rng.pick(['song', 'podcast']);
    case 'state':
      return rng.pick(['starting', 'playing', 'paused', 'stopped']);
    case 'rating':
      return String(rng.int(0, 6));
    case 'expires':
      return String(Date.now() + rng.int(-86_400_000, 86_400_000));
    default:
      return String(rng.int(0, 10));
  }
}

/** A method's params: each left out, plausible, odd or repeated; sometimes one the method does not know, or the token. */
function methodParams(rng: Rng, method: string, token: string): { pairs: QueryPair[]; tokenInQuery: boolean } {
  const names = PARAMS.get(method) ?? (rng.chance(0.5) ? [] : [rng.pick(ALL_PARAMS)]);
  const pairs: QueryPair[] = [];
  for (const name of names) {
    const r = rng.next();
    if (r < 0.15) continue;
    if (r < 0.65) pairs.push([name, validValue(rng, method, name)]);
    else if (r < 0.9) pairs.push([name, oddValue(rng)]);
    else for (let i = rng.int(2, 4); i > 0; i--) pairs.push([name, rng.chance(0.5) ? validValue(rng, method, name) : oddValue(rng)]);
  }
  let tokenInQuery = false;
  if (rng.chance(0.15)) {
    const [name, value]: QueryPair = rng.pick<QueryPair>([
      [rng.pick(ALL_PARAMS), token],
      [token, token],
      ['__proto__', token],
      ['constructor[prototype][x]', token],
    ]);
    pairs.push([name, value]);
    tokenInQuery = true;
  }
  return { pairs, tokenInQuery };
}

/** Credentials: mostly the demo's app password (plain, hex, token or apiKey), sometimes wrong, missing or conflicting. */
function credentials(rng: Rng): QueryPair[] {
  const r = rng.next();
  if (r < 0.65)
    return [
      ['u', DEMO_USER],
      ['p', DEMO_PASSWORD],
    ];
  if (r < 0.75) {
    const salt = rng.token();
    return [
      ['u', DEMO_USER],
      ['t', md5(DEMO_PASSWORD + salt)],
      ['s', salt],
    ];
  }
  if (r < 0.8) return [['apiKey', DEMO_PASSWORD]];
  if (r < 0.84)
    return [
      ['u', DEMO_USER],
      ['p', `enc:${Buffer.from(DEMO_PASSWORD).toString('hex')}`],
    ];
  // Rare, so that a limit on failed logins (per address) is not what the run measures.
  if (r < 0.87)
    return [
      ['u', rng.pick([DEMO_USER, 'nobody', oddValue(rng)])],
      ['p', oddValue(rng)],
    ];
  if (r < 0.9)
    return [
      ['u', DEMO_USER],
      ['t', oddValue(rng)],
      ['s', oddValue(rng)],
    ];
  if (r < 0.94)
    return [
      ['apiKey', DEMO_PASSWORD],
      ['u', DEMO_USER],
      ['p', DEMO_PASSWORD],
    ];
  return [];
}

/** `f` (and `callback`): XML by default, JSON, JSONP, or a value no format has. */
function format(rng: Rng): QueryPair[] {
  const r = rng.next();
  if (r < 0.4) return [['f', 'json']];
  if (r < 0.6) return [];
  if (r < 0.7) return [['f', 'xml']];
  if (r < 0.8)
    return [
      ['f', 'jsonp'],
      ['callback', rng.chance(0.7) ? 'cb' : oddValue(rng)],
    ];
  return [['f', oddValue(rng)]];
}

const base = (rng: Rng): QueryPair[] => [
  ...credentials(rng),
  ...(rng.chance(0.8) ? [['v', '1.16.1'] as QueryPair, ['c', 'fuzz'] as QueryPair] : []),
];
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
/** Methods whose success is not an envelope: audio, a cover, an HLS playlist. */
const MEDIA_METHODS: ReadonlySet<string> = new Set(['stream', 'download', 'getCoverArt', 'getTranscodeStream', 'hls.m3u8']);
const methodPath = (rng: Rng, name: string): string => `/rest/${name}${rng.chance(0.5) ? '.view' : ''}`;

/** A method the server serves, by GET (query) or POST (a form, as OpenSubsonic's formPost, or the query). */
function methodCase(rng: Rng, token: string): HttpCase {
  const method = rng.pick(SUBSONIC_METHODS);
  const { pairs, tokenInQuery } = methodParams(rng, method, token);
  const query = [...base(rng), ...format(rng), ...pairs];
  if (rng.chance(0.3)) query.sort(() => rng.next() - 0.5);
  const post = rng.chance(0.3);
  const headers: Record<string, string> = {};
  if (method === 'stream' && rng.chance(0.2))
    headers.range = rng.pick(['bytes=0-1023', 'bytes=100-', 'bytes=-500', 'bytes=999999999-', 'bytes=abc']);
  if (method === 'getCoverArt' && rng.chance(0.1)) headers['if-none-match'] = rng.pick(['*', '"x"']);
  const inBody = post && rng.chance(0.8);
  return {
    kind: 'http',
    category: `rest method ${post ? 'POST' : 'GET'}`,
    method: post ? 'POST' : 'GET',
    path: inBody ? methodPath(rng, method) : `${methodPath(rng, method)}?${joinQuery(query)}`,
    headers: inBody ? { ...headers, ...FORM } : headers,
    ...(inBody ? { body: Buffer.from(joinQuery(query)) } : {}),
    ...(tokenInQuery ? { token, tokenIn: 'query' as const } : {}),
    subsonic: true,
    media: MEDIA_METHODS.has(method),
  };
}

/** A name of Object.prototype as the method, authenticated, by GET or POST. */
function prototypeCase(rng: Rng): HttpCase {
  const path = methodPath(rng, encodeURIComponent(rng.pick(PROTOTYPE_NAMES)));
  const query = joinQuery([...base(rng), ...format(rng)]);
  const post = rng.chance(0.3);
  return {
    kind: 'http',
    category: 'rest prototype name',
    method: post ? 'POST' : 'GET',
    path: post ? path : `${path}?${query}`,
    headers: post ? FORM : {},
    ...(post ? { body: Buffer.from(query) } : {}),
    subsonic: true,
    noMethod: true,
  };
}

const OTHER_VERBS = ['PUT', 'DELETE', 'PATCH', 'TRACE', 'OPTIONS', 'HEAD', 'PROPFIND', 'QUERY', 'LOCK', 'MKCOL', 'COPY', 'SEARCH', 'PURGE'];

/** Any other verb on a method, a miss or /rest itself. */
function verbCase(rng: Rng, token: string): HttpCase {
  const verb = rng.pick(OTHER_VERBS);
  const tokenized = rng.chance(0.3);
  const path = tokenized ? `/rest/${token}` : rng.chance(0.8) ? methodPath(rng, rng.pick(SUBSONIC_METHODS)) : rng.pick(['/rest', '/rest/']);
  const headers: Record<string, string> =
    verb === 'OPTIONS' && rng.chance(0.7)
      ? { origin: 'https://player.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-requested-with' }
      : {};
  const body = rng.chance(0.3) && verb !== 'HEAD' && verb !== 'OPTIONS' && verb !== 'TRACE' ? Buffer.from('{"broken') : undefined;
  return {
    kind: 'http',
    category: `rest verb ${verb}`,
    method: verb,
    path: `${path}?${joinQuery([...base(rng), ...format(rng)])}`,
    headers: body ? { ...headers, 'content-type': 'application/json' } : headers,
    ...(body ? { body } : {}),
    ...(tokenized ? { token, tokenIn: 'path' as const } : {}),
    subsonic: true,
    noMethod: true,
  };
}

/** Paths no method has, and names reached oddly: each carries the token. */
function pathCase(rng: Rng, token: string): HttpCase {
  const t = token;
  const path = rng.pick([
    '/rest',
    '/rest/',
    `/rest/${t}`,
    `/rest/${t}.view`,
    `/rest/ping/${t}`,
    `/rest/${t}/ping`,
    `/rest//${t}`,
    `/rest/.view${t}`,
    `/rest/ping.view.view${t}`,
    `/rest/PING${t}`,
    `/rest/ping;${t}`,
    `/rest/ping%00${t}`,
    `/rest/%2e%2e/api/banner${t}`,
    `/rest/..%2F${t}`,
    `/rest/${enc('周杰伦')}${t}`,
    `/rest/${'a'.repeat(rng.pick([300, 5000]))}${t}`,
    `/rest/index.html${t}`,
  ]);
  const method = rng.chance(0.7) ? 'GET' : 'POST';
  const query = joinQuery([...base(rng), ...format(rng)]);
  return {
    kind: 'http',
    category: `rest unknown path ${method}`,
    method,
    path: `${path}?${query}`,
    headers: {},
    token,
    tokenIn: 'path',
    subsonic: true,
  };
}

/** Broken percent-encoding in the path or the query. */
function encodingCase(rng: Rng, token: string): HttpCase {
  const bad = rng.pick(['%zz', '%', '%E4%B8', '%C0%AE', '%FF', '%u4E00', '%%', '%F0%9F%8E']);
  const name = rng.pick(SUBSONIC_METHODS);
  const inPath = rng.chance(0.5);
  const query = [...base(rng), ...format(rng)];
  if (!inPath) query.push([rng.pick(['u', 'p', 'f', 'id', 'query', 'callback', token]), `${bad}${token}`]);
  return {
    kind: 'http',
    category: `rest bad encoding in the ${inPath ? 'path' : 'query'}`,
    method: rng.chance(0.8) ? 'GET' : 'POST',
    path: `${inPath ? `/rest/${name}${bad}${token}` : methodPath(rng, name)}?${joinQuery(query)}`,
    headers: {},
    token,
    tokenIn: inPath ? 'path' : 'query',
    subsonic: true,
    noMethod: inPath,
  };
}

/** POST bodies: a form with broken encoding, JSON that does not parse, other types, too large. */
function bodyCase(rng: Rng, token: string): HttpCase {
  const name = rng.pick(SUBSONIC_METHODS);
  const form = joinQuery([...base(rng), ['id', '1']]);
  const variants: [string, string | undefined, string | Buffer][] = [
    ['form, bad percent', 'application/x-www-form-urlencoded', `${form}&u=%zz${token}&p=%E4%B8&%=%`],
    ['form, binary', 'application/x-www-form-urlencoded', Buffer.from(Array.from({ length: 256 }, () => rng.int(0, 255)))],
    ['json', 'application/json', JSON.stringify({ u: DEMO_USER, p: DEMO_PASSWORD, id: '1', f: 'json' })],
    ['json, broken', 'application/json', `{"u":"${token}`],
    ['json, empty', 'application/json', ''],
    ['json, pollution', 'application/json', `{"__proto__":{"${token}":1},"u":"${DEMO_USER}"}`],
    ['json, scalar', 'application/json', rng.pick(['null', '1', '"x"', '[]'])],
    ['xml', 'application/xml', `<${token}/>`],
    ['multipart garbage', 'multipart/form-data; boundary=x', `--x\r\n${token}`],
    ['bogus content-type', rng.pick(['foo', '/', ';;', 'application/json; charset=klingon']), form],
    ['no content-type', undefined, form],
    ['form, 2 MB', 'application/x-www-form-urlencoded', `${form}&pad=${'a'.repeat(2 * 1024 * 1024)}`],
  ];
  // The 2 MB body is rare: it measures the body limit, not bandwidth.
  const [label, type, body] = rng.chance(0.02) ? variants[variants.length - 1]! : rng.pick(variants.slice(0, -1));
  return {
    kind: 'http',
    category: `rest body: ${label}`,
    method: 'POST',
    path: `${methodPath(rng, name)}?${joinQuery(format(rng))}`,
    headers: type === undefined ? {} : { 'content-type': type },
    body: Buffer.from(body),
    token,
    tokenIn: 'query',
    subsonic: true,
    media: MEDIA_METHODS.has(name),
  };
}

/** Socket-level abuse whose request line names /rest: the answer is still an envelope, with HTTP's status. */
function restRawCase(rng: Rng, token: string, port: number): RawCase {
  const host = `Host: 127.0.0.1:${port}\r\n`;
  const close = 'Connection: close\r\n';
  const f = rng.chance(0.5) ? 'f=json' : 'c=fuzz';
  const cases: [string, string, number | undefined][] = [
    ['header > 16 KB', `GET /rest/ping.view?${f} HTTP/1.1\r\n${host}X-Big: ${token.repeat(1700)}\r\n${close}\r\n`, 431],
    ['request line > 16 KB', `GET /rest/${token.repeat(1700)}?${f} HTTP/1.1\r\n${host}${close}\r\n`, 431],
    ['bad percent-encoding', `GET /rest/%zz${token}?${f} HTTP/1.1\r\n${host}${close}\r\n`, undefined],
    ['bad percent-encoding', `GET /rest/ping?u=%zz${token}&p=%&${f} HTTP/1.1\r\n${host}${close}\r\n`, undefined],
    ['malformed request line', `GET /rest/pi ng${token} HTTP/1.1\r\n${host}${close}\r\n`, 400],
    ['bad header', `GET /rest/ping?${f} HTTP/1.1\r\n${host}Bad Header ${token}\r\n${close}\r\n`, 400],
    ['CONNECT', `CONNECT /rest/ping?${f} HTTP/1.1\r\n${host}\r\n`, 405],
  ];
  const [label, text, expect] = rng.pick(cases);
  return {
    kind: 'raw',
    category: `rest raw: ${label}`,
    bytes: Buffer.from(text, 'latin1'),
    token,
    tokenIn: 'path',
    subsonic: true,
    ...(expect !== undefined ? { expect } : {}),
  };
}

/** One /rest case: mostly methods, then prototype names, verbs, paths, encodings, bodies and raw sockets. */
export function restCase(rng: Rng, token: string, port: number): HttpCase | RawCase {
  const r = rng.next();
  if (r < 0.55) return methodCase(rng, token);
  if (r < 0.65) return prototypeCase(rng);
  if (r < 0.75) return verbCase(rng, token);
  if (r < 0.83) return pathCase(rng, token);
  if (r < 0.9) return encodingCase(rng, token);
  if (r < 0.97) return bodyCase(rng, token);
  return restRawCase(rng, token, port);
}
