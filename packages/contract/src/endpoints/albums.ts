import { z } from 'zod';
import type { EndpointDef } from '../endpoint-def.ts';
import { artist, namedItem, okResponse, song, sublistResponse } from '../entities.ts';
import { cappedIntParam, enumParam, idParam, intParam, noParams, sublistParams, subParams } from '../params.ts';

/**
 * Albums: an album with its songs, new albums by area, an album's counts, collecting albums
 * (收藏). Page sizes above their caps are clamped.
 */

// GET /album -------------------------------------------------------------------------------
export const albumParams = z.object({ id: idParam('id') });
export const albumDetail = z.looseObject({
  id: z.number(),
  name: z.string(),
  picUrl: z.string(),
  publishTime: z.number(),
  company: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
  briefDesc: z.string().nullable().optional(),
  size: z.number().optional(),
  artist: artist,
  artists: z.array(artist).optional(),
  alias: z.array(z.string()).optional(),
  /** the album's social counts; `liked`: the caller collected it */
  info: z
    .looseObject({
      liked: z.boolean().optional(),
      commentCount: z.number().optional(),
      likedCount: z.number().optional(),
      shareCount: z.number().optional(),
    })
    .optional(),
});
export type AlbumDetail = z.infer<typeof albumDetail>;
export const albumResponse = z.looseObject({
  code: z.literal(200),
  album: albumDetail,
  songs: z.array(song),
});
export type AlbumResponse = z.infer<typeof albumResponse>;

// GET /album/new, /album/newest --------------------------------------------------------------
export const albumNewParams = z.object({
  area: enumParam('area', ['ALL', 'ZH', 'EA', 'KR', 'JP']).optional(),
  limit: cappedIntParam('limit', { cap: 100 }).optional(),
  offset: intParam('offset', { min: 0, max: 1_000_000 }).optional(),
});
export const albumsResponse = z.looseObject({ code: z.literal(200), albums: z.array(namedItem), total: z.number().optional() });

// GET /album/detail/dynamic ----------------------------------------------------------------
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

/** Albums. Group registry merged into `endpoints`. */
export const albumEndpoints = {
  '/album': { method: 'GET', summary: 'Album with its songs', params: albumParams, response: albumResponse },
  '/album/new': {
    method: 'GET',
    summary: 'New albums, newest first (area ALL/ZH/EA/KR/JP)',
    params: albumNewParams,
    response: albumsResponse,
  },
  '/album/newest': { method: 'GET', summary: 'The 10 newest albums', params: noParams, response: albumsResponse },
  '/album/detail/dynamic': {
    method: 'GET',
    summary: "An album's counts and whether the caller collected it",
    params: albumParams,
    response: albumDynamicResponse,
  },
  '/album/sub': { method: 'POST', summary: 'Collect (t=1) or un-collect an album', auth: true, params: subParams, response: okResponse },
  '/album/sublist': {
    method: 'GET',
    summary: 'Collected albums, newest first',
    auth: true,
    params: sublistParams,
    response: sublistResponse,
  },
} as const satisfies Record<string, EndpointDef>;
