import { z } from 'zod';
import type { EndpointDef } from '../endpoint-def.ts';
import { cappedIntParam, idParam, intChoiceParam, intParam, sublistParams, subParams } from '../params.ts';
import { artist, namedItem, okResponse, song, sublistResponse } from '../entities.ts';

/**
 * Artists: the filtered list (歌手), an artist's page, albums, introduction, similar artists, the
 * most popular, following artists (收藏).
 */

/**
 * `initial`: -1 (or blank) = 热门, i.e. no letter filter → null; 0 or # → '#'; a letter a–z / A–Z
 * (or its char code, which NetEase's own module sends) → 'A'..'Z'.
 */
export const artistInitialParam = z.union([z.string(), z.number()]).transform((v, ctx): string | null => {
  const text = String(v).trim();
  if (text === '' || text === '-1') return null;
  if (text === '0' || text === '#') return '#';
  if (/^[a-z]$/i.test(text)) return text.toUpperCase();
  const code = /^\d{2,3}$/.test(text) ? Number(text) : NaN;
  if ((code >= 65 && code <= 90) || (code >= 97 && code <= 122)) return String.fromCharCode(code).toUpperCase();
  ctx.addIssue({ code: 'custom', message: 'initial must be -1 (hot), 0 (#) or a letter a–z' });
  return z.NEVER;
});

const page = {
  limit: cappedIntParam('limit', { cap: 100 }).optional(),
  offset: intParam('offset', { min: 0, max: 1_000_000_000 }).optional(),
};

// GET /artist/list -------------------------------------------------------------------------
export const artistListParams = z.object({
  /** -1 all, 1 男歌手, 2 女歌手, 3 乐队 (NetEase's default is 1) */
  type: intChoiceParam('type', [-1, 1, 2, 3]).optional(),
  /** -1 all, 7 华语, 96 欧美, 8 日本, 16 韩国, 0 其他 */
  area: intChoiceParam('area', [-1, 7, 96, 8, 16, 0]).optional(),
  initial: artistInitialParam.optional(),
  ...page,
});
export const artistListResponse = z.looseObject({ code: z.literal(200), artists: z.array(artist), more: z.boolean() });
export type ArtistListResponse = z.infer<typeof artistListResponse>;

// GET /artist/detail -----------------------------------------------------------------------
export const artistIdParams = z.object({ id: idParam('id') });
export const artistHead = z.looseObject({
  id: z.number(),
  name: z.string(),
  cover: z.string(),
  avatar: z.string(),
  briefDesc: z.string(),
  alias: z.array(z.string()).optional(),
  transNames: z.array(z.string()).optional(),
  albumSize: z.number(),
  musicSize: z.number(),
  mvSize: z.number(),
  rank: z.looseObject({ rank: z.number(), type: z.number() }).nullable().optional(),
});
export const artistDetailResponse = z.looseObject({
  code: z.literal(200),
  message: z.string().optional(),
  data: z.looseObject({
    artist: artistHead,
    videoCount: z.number().optional(),
    identify: z.looseObject({ imageDesc: z.string().nullable().optional() }).nullable().optional(),
    user: z.looseObject({ userId: z.number() }).nullable().optional(),
  }),
});
export type ArtistDetailResponse = z.infer<typeof artistDetailResponse>;

// GET /artist/album ------------------------------------------------------------------------
export const artistAlbumParams = z.object({ id: idParam('id'), ...page });
export const artistAlbum = z.looseObject({
  id: z.number(),
  name: z.string(),
  picUrl: z.string(),
  publishTime: z.number(),
  size: z.number(),
  type: z.string().optional(),
  subType: z.string().nullable().optional(),
  company: z.string().nullable().optional(),
  alias: z.array(z.string()).optional(),
  artist: artist,
  artists: z.array(artist).optional(),
});
export type ArtistAlbum = z.infer<typeof artistAlbum>;
export const artistAlbumResponse = z.looseObject({
  code: z.literal(200),
  artist: artist,
  hotAlbums: z.array(artistAlbum),
  more: z.boolean(),
});
export type ArtistAlbumResponse = z.infer<typeof artistAlbumResponse>;

// GET /artist/desc -------------------------------------------------------------------------
export const artistDescResponse = z.looseObject({
  code: z.literal(200),
  briefDesc: z.string(),
  /** titled sections: `{ti: title, txt: text}` */
  introduction: z.array(z.looseObject({ ti: z.string(), txt: z.string() })),
  count: z.number().optional(),
  topicData: z.array(z.unknown()).nullable().optional(),
});
export type ArtistDescResponse = z.infer<typeof artistDescResponse>;

// GET /simi/artist -------------------------------------------------------------------------
export const simiArtistResponse = z.looseObject({ code: z.literal(200), artists: z.array(artist) });
export type SimiArtistResponse = z.infer<typeof simiArtistResponse>;

// GET /artists -----------------------------------------------------------------------------
export const artistsResponse = z.looseObject({
  code: z.literal(200),
  artist: artist,
  hotSongs: z.array(song),
  more: z.boolean(),
});
export type ArtistsResponse = z.infer<typeof artistsResponse>;

// GET /top/artists ---------------------------------------------------------------------------
export const topArtistsParams = z.object({
  limit: cappedIntParam('limit', { cap: 100 }).optional(),
  offset: intParam('offset', { min: 0, max: 1_000_000 }).optional(),
});
export const artistsMoreResponse = z.looseObject({ code: z.literal(200), artists: z.array(namedItem), more: z.boolean() });

/** Artists. Group registry merged into `endpoints`. */
export const artistEndpoints = {
  '/artist/list': {
    method: 'GET',
    summary: 'Artists by type, area and A–Z initial, hottest first',
    params: artistListParams,
    response: artistListResponse,
  },
  '/artist/detail': {
    method: 'GET',
    summary: 'An artist page head',
    params: artistIdParams,
    response: artistDetailResponse,
  },
  '/artist/album': {
    method: 'GET',
    summary: "An artist's albums, newest first",
    params: artistAlbumParams,
    response: artistAlbumResponse,
  },
  '/artist/desc': {
    method: 'GET',
    summary: "An artist's introduction in titled sections",
    params: artistIdParams,
    response: artistDescResponse,
  },
  '/simi/artist': {
    method: 'GET',
    summary: 'Similar artists (shared playlists and tags, same area); no login needed here',
    params: artistIdParams,
    response: simiArtistResponse,
  },
  '/artists': {
    method: 'GET',
    summary: 'An artist with their hot songs',
    params: artistIdParams,
    response: artistsResponse,
  },
  '/top/artists': { method: 'GET', summary: 'Artists by popularity', params: topArtistsParams, response: artistsMoreResponse },
  '/artist/sub': { method: 'POST', summary: 'Follow (t=1) or unfollow an artist', auth: true, params: subParams, response: okResponse },
  '/artist/sublist': {
    method: 'GET',
    summary: 'Followed artists, newest first',
    auth: true,
    params: sublistParams,
    response: sublistResponse,
  },
} as const satisfies Record<string, EndpointDef>;
