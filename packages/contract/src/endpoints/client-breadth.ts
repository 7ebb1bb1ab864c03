import { z } from 'zod';
import type { EndpointDef } from '../endpoint-def.ts';
import { song } from '../entities.ts';
import { cappedIntParam, enumParam, idParam, intChoiceParam, intParam } from '../params.ts';

/**
 * What third-party NetEase clients (YesPlayMusic and its kind) call beyond Cloudtune's own
 * client: charts list, artist chart, new albums, the playlist square by tag and order, new songs,
 * top artists, MVs (none: empty lists), album dynamics, 私人FM and collecting albums and artists.
 * Page sizes above their caps are clamped (caps in apps/server/README.md), and the params clients
 * add everywhere (`timestamp`, `realIP`, `cookie`, `csrf_token`, `proxy`) are ignored.
 */
/** `t=1` collect, anything else (0, 2, -1) un-collect, as NetEase reads it. */
const subFlag = z.union([z.string(), z.number()]).transform((v) => String(v).trim() === '1');
const loose = z.looseObject({ code: z.literal(200) });
const list = z.array(z.looseObject({ id: z.number(), name: z.string() }));

export const noParams = z.object({});
export const toplistArtistParams = z.object({ type: intParam('type', { min: 1, max: 4 }).optional() });
export const albumNewParams = z.object({
  area: enumParam('area', ['ALL', 'ZH', 'EA', 'KR', 'JP']).optional(),
  limit: cappedIntParam('limit', { cap: 100 }).optional(),
  offset: intParam('offset', { min: 0, max: 1_000_000 }).optional(),
});
export const topPlaylistParams = z.object({
  cat: z.string().trim().max(20, 'cat must be a tag name').optional(),
  order: enumParam('order', ['hot', 'new']).optional(),
  limit: cappedIntParam('limit', { cap: 100 }).optional(),
  offset: intParam('offset', { min: 0, max: 1_000_000 }).optional(),
});
export const topSongParams = z.object({
  type: intChoiceParam('type', [0, 7, 96, 8, 16]).optional(),
});
export const topArtistsParams = z.object({
  limit: cappedIntParam('limit', { cap: 100 }).optional(),
  offset: intParam('offset', { min: 0, max: 1_000_000 }).optional(),
});
export const idOnlyParams = z.object({ id: idParam('id') });
export const artistMvParams = z.object({
  id: idParam('id'),
  limit: cappedIntParam('limit', { cap: 100 }).optional(),
  offset: intParam('offset', { min: 0, max: 1_000_000 }).optional(),
});
export const subParams = z.object({ id: idParam('id'), t: subFlag.default(true) });
export const sublistParams = z.object({
  limit: cappedIntParam('limit', { cap: 1000 }).optional(),
  offset: intParam('offset', { min: 0, max: 1_000_000 }).optional(),
});

export const toplistResponse = z.looseObject({ code: z.literal(200), list: list, artistToplist: z.looseObject({}).optional() });
export const toplistArtistResponse = z.looseObject({
  code: z.literal(200),
  list: z.looseObject({
    artists: z.array(z.looseObject({ id: z.number(), name: z.string(), score: z.number() })),
    type: z.number(),
    updateTime: z.number(),
  }),
});
export const albumsResponse = z.looseObject({ code: z.literal(200), albums: list, total: z.number().optional() });
export const topPlaylistResponse = z.looseObject({
  code: z.literal(200),
  playlists: list,
  total: z.number(),
  more: z.boolean(),
  cat: z.string(),
});
export const songsDataResponse = z.looseObject({ code: z.literal(200), data: z.array(song) });
export const artistsMoreResponse = z.looseObject({ code: z.literal(200), artists: list, more: z.boolean() });
export const mvsResponse = z.looseObject({ code: z.literal(200), mvs: z.array(z.unknown()), hasMore: z.boolean() });
export const albumDynamicResponse = z.looseObject({
  code: z.literal(200),
  isSub: z.boolean(),
  subTime: z.number(),
  subCount: z.number(),
  likedCount: z.number(),
  commentCount: z.number(),
  shareCount: z.number(),
  onSale: z.boolean(),
});
export const personalFmResponse = z.looseObject({ code: z.literal(200), popAdjust: z.boolean(), data: z.array(song) });
export const sublistResponse = z.looseObject({
  code: z.literal(200),
  data: z.array(z.looseObject({ id: z.number(), name: z.string() })),
  count: z.number(),
  hasMore: z.boolean(),
});

export const clientBreadthEndpoints = {
  '/toplist': { method: 'GET', summary: 'All charts (as /toplist/detail)', params: noParams, response: toplistResponse },
  '/toplist/artist': {
    method: 'GET',
    summary: 'Artists by plays this week: type 1 华语, 2 欧美, 3 韩国, 4 日本',
    params: toplistArtistParams,
    response: toplistArtistResponse,
  },
  '/album/new': {
    method: 'GET',
    summary: 'New albums, newest first (area ALL/ZH/EA/KR/JP)',
    params: albumNewParams,
    response: albumsResponse,
  },
  '/album/newest': { method: 'GET', summary: 'The 10 newest albums', params: noParams, response: albumsResponse },
  '/top/playlist': {
    method: 'GET',
    summary: 'Public playlists by tag (cat, 全部 = all) and order (hot: plays, new: creation)',
    params: topPlaylistParams,
    response: topPlaylistResponse,
  },
  '/top/song': {
    method: 'GET',
    summary: 'New songs (新歌速递) by area type 0/7/96/8/16',
    params: topSongParams,
    response: songsDataResponse,
  },
  '/top/artists': { method: 'GET', summary: 'Artists by popularity', params: topArtistsParams, response: artistsMoreResponse },
  '/artist/mv': {
    method: 'GET',
    summary: "An artist's MVs (the library has none: an empty list)",
    params: artistMvParams,
    response: mvsResponse,
  },
  '/album/detail/dynamic': {
    method: 'GET',
    summary: "An album's counts and whether the caller collected it",
    params: idOnlyParams,
    response: albumDynamicResponse,
  },
  '/personal_fm': {
    method: 'GET',
    summary: '私人FM: three songs from the listener’s taste',
    params: noParams,
    response: personalFmResponse,
  },
  '/fm_trash': { method: 'POST', summary: 'Keep a song out of the listener’s 私人FM', auth: true, params: idOnlyParams, response: loose },
  '/album/sub': { method: 'POST', summary: 'Collect (t=1) or un-collect an album', auth: true, params: subParams, response: loose },
  '/album/sublist': {
    method: 'GET',
    summary: 'Collected albums, newest first',
    auth: true,
    params: sublistParams,
    response: sublistResponse,
  },
  '/artist/sub': { method: 'POST', summary: 'Follow (t=1) or unfollow an artist', auth: true, params: subParams, response: loose },
  '/artist/sublist': {
    method: 'GET',
    summary: 'Followed artists, newest first',
    auth: true,
    params: sublistParams,
    response: sublistResponse,
  },
  '/mv/sublist': { method: 'GET', summary: 'Collected MVs (none)', auth: true, params: sublistParams, response: sublistResponse },
} as const satisfies Record<string, EndpointDef>;
