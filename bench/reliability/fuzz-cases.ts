import { enc, joinQuery, paramPairs, RENDERED_SONGS, unknownPairs, type QueryPair } from './fuzz-values.ts';
import { restCase } from './fuzz-rest.ts';
import { rawCase, type RawCase } from './raw-cases.ts';
import type { Rng } from './rng.ts';

/** One contract operation, from /api/openapi.json. */
export interface Operation {
  path: string;
  params: { name: string; required: boolean }[];
}

export interface HttpCase {
  kind: 'http';
  category: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** a random marker placed in the path (an error body must not echo it) or only in the query */
  token?: string;
  tokenIn?: 'path' | 'query';
  /** the response body is media (audio or image): a 2xx body is not JSON */
  media?: boolean;
  /** under /rest: every answer must be a Subsonic envelope (fuzz-rest.ts) */
  subsonic?: boolean;
  /** under /rest, no method answers this (a prototype name, another path or verb): never "ok" */
  noMethod?: boolean;
}

export type FuzzCase = HttpCase | RawCase;

interface OpenApiDocument {
  servers?: { url: string }[];
  paths: Record<string, Record<string, { parameters?: { name: string; in: string; required?: boolean }[] }>>;
}

/** The operations of the OpenAPI document, with the server prefix (`/api`) applied. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const prefix = doc.servers?.[0]?.url ?? '';
  return Object.entries(doc.paths).map(([path, methods]) => {
    const params = new Map<string, boolean>();
    for (const op of Object.values(methods))
      for (const p of op.parameters ?? []) if (p.in === 'query') params.set(p.name, (params.get(p.name) ?? false) || !!p.required);
    return { path: `${prefix}${path}`, params: [...params].map(([name, required]) => ({ name, required })) };
  });
}

const OTHER_METHODS = ['PUT', 'DELETE', 'HEAD', 'OPTIONS', 'PATCH', 'TRACE', 'PROPFIND'];

function contractQuery(rng: Rng, op: Operation, token: string): { query: QueryPair[]; tokenInQuery: boolean } {
  const query = op.params.flatMap((p) => paramPairs(rng, op.path, p.name, p.required));
  let tokenInQuery = false;
  if (rng.chance(0.25)) {
    const extra = unknownPairs(rng, token);
    tokenInQuery = extra.some(([k]) => k === token);
    query.push(...extra);
  }
  if (rng.chance(0.3)) query.sort(() => rng.next() - 0.5);
  return { query, tokenInQuery };
}

const withQuery = (path: string, query: QueryPair[]): string => (query.length ? `${path}?${joinQuery(query)}` : path);

/** A contract path with generated params, as GET, POST or any other method. */
function contractCase(rng: Rng, ops: Operation[], token: string): HttpCase {
  const op = rng.pick(ops);
  const { query, tokenInQuery } = contractQuery(rng, op, token);
  const r = rng.next();
  const method = r < 0.7 ? 'GET' : r < 0.85 ? 'POST' : rng.pick(OTHER_METHODS);
  return {
    kind: 'http',
    category: method === 'GET' || method === 'POST' ? `contract ${method}` : 'contract other method',
    method,
    path: withQuery(op.path, query),
    headers: {},
    ...(tokenInQuery ? { token, tokenIn: 'query' as const } : {}),
  };
}

const deepJson = (depth: number): string => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

/** POST (or PUT/DELETE) bodies: the params as a form or JSON, then garbage under every content type. */
function bodyCase(rng: Rng, ops: Operation[], token: string): HttpCase {
  const op = rng.pick(ops);
  const { query } = contractQuery(rng, op, token);
  const formBody = joinQuery(query);
  const jsonBody = JSON.stringify(Object.fromEntries(query.map(([k, v]) => [k, safeDecode(v)])));
  const variants: [string, string | undefined, string | Buffer][] = [
    ['form', 'application/x-www-form-urlencoded', formBody],
    ['json', 'application/json', jsonBody],
    ['json; charset', 'application/json; charset=utf-8', jsonBody],
    ['json, truncated', 'application/json', jsonBody.slice(0, Math.max(1, jsonBody.length >> 1))],
    ['json, empty', 'application/json', ''],
    ['json, scalar', 'application/json', rng.pick(['null', '123', '"str"', 'true', '[]', '[1,2]'])],
    ['json, pollution', 'application/json', '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}},"id":1}'],
    ['json, deep', 'application/json', deepJson(rng.pick([100, 5000]))],
    ['json, BOM', 'application/json', `\ufeff${jsonBody}`],
    ['json as utf-16', 'application/json; charset=utf-16', Buffer.from(jsonBody, 'utf16le')],
    ['json as text/plain', 'text/plain', jsonBody],
    ['form as json', 'application/json', formBody || 'a=1'],
    ['xml', 'application/xml', '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>'],
    ['multipart without boundary', 'multipart/form-data', '--x\r\nContent-Disposition: form-data; name="id"\r\n\r\n1\r\n--x--'],
    ['multipart garbage', 'multipart/form-data; boundary=x', '--x\r\ngarbage'],
    ['octet-stream', 'application/octet-stream', randomBytes(rng, 512)],
    ['form, binary', 'application/x-www-form-urlencoded', randomBytes(rng, 512)],
    ['form, bad percent', 'application/x-www-form-urlencoded', 'id=%zz&keywords=%E4%B8&%=%'],
    ['no content-type', undefined, formBody || 'id=1'],
    ['bogus content-type', rng.pick(['foo', '/', ';;', 'application/', 'application/json; charset=klingon', '*/*']), jsonBody],
    ['gzip-encoded garbage', 'application/json', randomBytes(rng, 256)],
    ['form, 2 MB', 'application/x-www-form-urlencoded', `id=1&pad=${'a'.repeat(2 * 1024 * 1024)}`],
  ];
  // The 2 MB body is rare: it measures the body limit, not bandwidth.
  const pick = rng.chance(0.01) ? variants[variants.length - 1]! : rng.pick(variants.slice(0, -1));
  const [label, type, body] = pick;
  const headers: Record<string, string> = {};
  if (type !== undefined) headers['content-type'] = type;
  if (label === 'gzip-encoded garbage') headers['content-encoding'] = 'gzip';
  const method = rng.chance(0.85) ? 'POST' : rng.pick(['PUT', 'DELETE', 'PATCH']);
  return {
    kind: 'http',
    category: `body: ${label}`,
    method,
    path: withQuery(op.path, rng.chance(0.3) ? query : []),
    headers,
    body: Buffer.from(body),
  };
}

function safeDecode(v: string): string {
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
}

function randomBytes(rng: Rng, n: number): Buffer {
  return Buffer.from(Array.from({ length: n }, () => rng.int(0, 255)));
}

/** Paths no route has, or routes reached oddly: each carries the token. */
function pathCase(rng: Rng, token: string): HttpCase {
  const t = token;
  const path = rng.pick([
    `/api/${t}`,
    `/api/banner/${t}`,
    `/api/${t}/banner`,
    `/api/playlist/${t}`,
    `/api/media/${t}`,
    `/api/media/audio/${t}`,
    `/api/media/audio/1.mp3/${t}`,
    `/api/media/image/${t}/1.jpg`,
    `/api/media/image/album/${t}.jpg`,
    `/api/BANNER${t}`,
    `/api//banner/${t}`,
    `/api/./${t}`,
    `/api/../api/${t}`,
    `/api/%2e%2e/${t}`,
    `/api/banner%00${t}`,
    `/api/banner;${t}`,
    `/api/banner.${t}`,
    `/API/${t}`,
    `/api/${'a'.repeat(rng.pick([300, 5000, 17_000]))}${t}`,
    `/api/%zz${t}`,
    `/api/%${t}`,
    `/api/${enc('周杰伦')}${t}`,
    `/api/\u00ff${t}`,
    `/api/${enc('\ud800')}${t}`,
    `/${t}.js`,
    `/assets/${t}.js`,
    `/${t}.map`,
    `/api?${t}`,
    `/api/search/${t}?keywords=a`,
    `/api/openapi.json/${t}`,
  ]);
  const method = rng.chance(0.7) ? 'GET' : rng.pick(['POST', 'PUT', 'DELETE', 'HEAD', 'OPTIONS', 'PATCH']);
  return { kind: 'http', category: `unknown path ${method}`, method, path, headers: {}, token, tokenIn: 'path' };
}

/** The same routes, plainly: sanity that the common paths answer 2xx among the noise. */
function plainCase(rng: Rng): HttpCase {
  const path = rng.pick([
    '/api/banner',
    '/api/personalized',
    '/api/toplist/detail',
    '/api/openapi.json',
    '/api/banner?timestamp=1',
    '/api/banner/',
  ]);
  return { kind: 'http', category: 'plain', method: rng.chance(0.9) ? 'GET' : 'HEAD', path, headers: {} };
}

const RANGES = [
  'bytes=0-1',
  'bytes=0-65535',
  'bytes=-500',
  'bytes=100-',
  'bytes=999999999-',
  'bytes=5-1',
  'bytes=0-1,2-3',
  'bytes=abc',
  'items=0-1',
  'bytes=-0',
  'bytes=--1',
  `bytes=0-${'9'.repeat(30)}`,
  'bytes=1e3-2e3',
];
const AUDIO_SUFFIXES = [
  '.mp3',
  '.mp3',
  '.mp3',
  '-128k.mp3',
  '-192k.mp3',
  '-320k.mp3',
  '-64k.mp3',
  '-9999k.mp3',
  '-0k.mp3',
  '.flac',
  '',
  '.mp3.mp3',
  '-k.mp3',
  '.MP3',
  '-128K.mp3',
];
const BOGUS_IDS = [
  '0',
  '-1',
  '999999',
  'abc',
  '1.5',
  '1e3',
  '99999999999999999999',
  '%zz',
  '..%2F..%2Fetc%2Fpasswd',
  '1;2',
  '%20',
  '0x1',
  '+1',
  enc('１'),
];
const IMAGE_KINDS = ['album', 'playlist', 'artist', 'avatar', 'background', 'banner'];
/** Few distinct sizes, so renders stay bounded: each kind × id × size is drawn once and cached. */
const IMAGE_PARAMS = ['', '200y200', '140y140', '40y40', '1024y1024', '300x300'];
const BOGUS_PARAMS = [
  '0y0',
  '99999y99999',
  'abc',
  '200',
  '200y',
  '-1y-1',
  '200y200y200',
  enc('２００y２００'),
  '1e3y1e3',
  '%zz',
  '%20200y200',
  '200Y200',
  '200y200%00',
];

/** Audio and images: a few real songs and pictures, bogus ids, bitrates, sizes and ranges. */
function mediaCase(rng: Rng, token: string): HttpCase {
  const headers: Record<string, string> = {};
  if (rng.chance(0.35)) headers.range = rng.pick(RANGES);
  if (rng.chance(0.05)) headers['if-none-match'] = rng.pick(['*', '"x"', 'W/"1"']);
  const method = rng.chance(0.8) ? 'GET' : rng.chance(0.75) ? 'HEAD' : rng.pick(['POST', 'PUT', 'DELETE', 'OPTIONS']);
  const bogus = rng.chance(0.3);
  const tokenized = bogus && rng.chance(0.4);
  const id = tokenized ? token : bogus ? rng.pick(BOGUS_IDS) : String(rng.pick(RENDERED_SONGS.slice(0, 5)));
  if (rng.chance(0.5)) {
    const path = `/api/media/audio/${id}${rng.chance(0.8) ? rng.pick(AUDIO_SUFFIXES.slice(0, 6)) : rng.pick(AUDIO_SUFFIXES)}`;
    return {
      kind: 'http',
      category: `media audio ${method}`,
      method,
      path,
      headers,
      media: true,
      ...(tokenized ? { token, tokenIn: 'path' as const } : {}),
    };
  }
  const kind = rng.chance(0.92) ? rng.pick(IMAGE_KINDS) : rng.pick(['x', 'ALBUM', '..', 'album.jpg', '%zz']);
  const param = rng.chance(0.8) ? rng.pick(IMAGE_PARAMS) : rng.pick(BOGUS_PARAMS);
  let query = param === '' ? '' : `?param=${param}`;
  if (rng.chance(0.05)) query = `?param=200y200&param=40y40`;
  const imageId = tokenized || bogus ? id : String(rng.int(1, 5));
  const path = `/api/media/image/${kind}/${imageId}${rng.chance(0.9) ? '.jpg' : rng.pick(['', '.png', '.jpg.jpg'])}${query}`;
  return {
    kind: 'http',
    category: `media image ${method}`,
    method,
    path,
    headers,
    media: true,
    ...(tokenized ? { token, tokenIn: 'path' as const } : {}),
  };
}

/** Share of the cases that go to the Subsonic API under /rest (fuzz-rest.ts). */
export const REST_SHARE = 0.2;

/**
 * The mix: a fifth to /rest; the rest mostly contract paths, then bodies, media, unknown paths,
 * plain requests and raw-socket abuse.
 */
export function nextCase(rng: Rng, ops: Operation[], port: number): FuzzCase {
  const token = rng.token();
  if (rng.chance(REST_SHARE)) return restCase(rng, token, port);
  const r = rng.next();
  if (r < 0.52) return contractCase(rng, ops, token);
  if (r < 0.64) return bodyCase(rng, ops, token);
  if (r < 0.8) return mediaCase(rng, token);
  if (r < 0.92) return pathCase(rng, token);
  if (r < 0.975) return plainCase(rng);
  return rawCase(rng, token, port);
}
