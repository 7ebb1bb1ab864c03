import { z } from 'zod';
import type { EndpointDef } from '../endpoint-def.ts';
import { cappedIntParam, enumParam, intParam, noParams } from '../params.ts';
import { namedItem, userRef } from '../entities.ts';

/** Playlist square (歌单广场, 精品歌单): public and curated playlists by tag, and the tag catalogue. */

// GET /top/playlist/highquality ------------------------------------------------------------
export const topPlaylistHighqualityParams = z.object({
  /** a tag name from /playlist/highquality/tags; 全部 (the default) = every tag */
  cat: z.string().trim().max(40, 'cat must be at most 40 characters').optional(),
  limit: cappedIntParam('limit', { cap: 100 }).optional(),
  /** NetEase's cursor: the `updateTime` (= `lasttime`) of the previous page's last playlist */
  before: intParam('before', { min: 0, max: Number.MAX_SAFE_INTEGER }).optional(),
  offset: intParam('offset', { min: 0, max: 1_000_000_000 }).optional(),
});
export const highqualityPlaylist = z.looseObject({
  id: z.number(),
  name: z.string(),
  coverImgUrl: z.string(),
  creator: userRef,
  userId: z.number(),
  description: z.string().nullable(),
  tags: z.array(z.string()),
  tag: z.string().optional(),
  copywriter: z.string().nullable().optional(),
  playCount: z.number(),
  trackCount: z.number(),
  subscribedCount: z.number().optional(),
  updateTime: z.number(),
  createTime: z.number().optional(),
  highQuality: z.boolean().optional(),
});
export type HighqualityPlaylist = z.infer<typeof highqualityPlaylist>;
export const topPlaylistHighqualityResponse = z.looseObject({
  code: z.literal(200),
  playlists: z.array(highqualityPlaylist),
  more: z.boolean(),
  /** updateTime of the page's last playlist: pass it as `before` for the next page */
  lasttime: z.number(),
  total: z.number(),
});
export type TopPlaylistHighqualityResponse = z.infer<typeof topPlaylistHighqualityResponse>;

// GET /playlist/highquality/tags -----------------------------------------------------------
export const playlistTag = z.looseObject({
  id: z.number(),
  name: z.string(),
  /** 0 语种, 1 风格, 2 场景, 3 情感, 4 主题 */
  category: z.number(),
  type: z.number().optional(),
  hot: z.boolean(),
});
export type PlaylistTag = z.infer<typeof playlistTag>;
export const highqualityTagsResponse = z.looseObject({ code: z.literal(200), tags: z.array(playlistTag) });
export type HighqualityTagsResponse = z.infer<typeof highqualityTagsResponse>;

// GET /playlist/hot ------------------------------------------------------------------------
export const hotPlaylistTag = z.looseObject({
  id: z.number(),
  name: z.string(),
  category: z.number(),
  type: z.number().optional(),
  hot: z.boolean().optional(),
  position: z.number().optional(),
  usedCount: z.number().optional(),
  playlistTag: z.looseObject({ id: z.number(), name: z.string(), category: z.number() }).optional(),
});
export type HotPlaylistTag = z.infer<typeof hotPlaylistTag>;
export const playlistHotResponse = z.looseObject({ code: z.literal(200), tags: z.array(hotPlaylistTag) });
export type PlaylistHotResponse = z.infer<typeof playlistHotResponse>;

// GET /playlist/catlist --------------------------------------------------------------------
export const playlistCategory = z.looseObject({
  name: z.string(),
  category: z.number(),
  hot: z.boolean(),
  resourceCount: z.number().optional(),
  activity: z.boolean().optional(),
  type: z.number().optional(),
  imgUrl: z.string().nullable().optional(),
});
export type PlaylistCategory = z.infer<typeof playlistCategory>;
export const playlistCatlistResponse = z.looseObject({
  code: z.literal(200),
  /** 全部歌单 */
  all: playlistCategory,
  sub: z.array(playlistCategory),
  /** category number → its name: {"0": "语种", …} */
  categories: z.record(z.string(), z.string()),
});
export type PlaylistCatlistResponse = z.infer<typeof playlistCatlistResponse>;

// GET /top/playlist ----------------------------------------------------------------------------
export const topPlaylistParams = z.object({
  cat: z.string().trim().max(20, 'cat must be a tag name').optional(),
  order: enumParam('order', ['hot', 'new']).optional(),
  limit: cappedIntParam('limit', { cap: 100 }).optional(),
  offset: intParam('offset', { min: 0, max: 1_000_000 }).optional(),
});
export const topPlaylistResponse = z.looseObject({
  code: z.literal(200),
  playlists: z.array(namedItem),
  total: z.number(),
  more: z.boolean(),
  cat: z.string(),
});

/** Playlist square. Group registry merged into `endpoints`. */
export const squareEndpoints = {
  '/top/playlist/highquality': {
    method: 'GET',
    summary: 'Curated (精品) playlists of a tag, newest first; paged by `before` or `offset`',
    params: topPlaylistHighqualityParams,
    response: topPlaylistHighqualityResponse,
  },
  '/playlist/highquality/tags': {
    method: 'GET',
    summary: 'Tags that have curated playlists',
    params: noParams,
    response: highqualityTagsResponse,
  },
  '/playlist/hot': { method: 'GET', summary: 'Hot playlist tags', params: noParams, response: playlistHotResponse },
  '/playlist/catlist': {
    method: 'GET',
    summary: 'Every playlist tag by category (语种 风格 场景 情感 主题)',
    params: noParams,
    response: playlistCatlistResponse,
  },
  '/top/playlist': {
    method: 'GET',
    summary: 'Public playlists by tag (cat, 全部 = all) and order (hot: plays, new: creation)',
    params: topPlaylistParams,
    response: topPlaylistResponse,
  },
} as const satisfies Record<string, EndpointDef>;
