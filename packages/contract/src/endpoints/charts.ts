import { z } from 'zod';
import type { EndpointDef } from '../endpoint-def.ts';
import { namedItem } from '../entities.ts';
import { idParam, intParam, noParams } from '../params.ts';

/** Charts (排行榜) and the play records they are computed from. */

// GET /toplist/detail ----------------------------------------------------------------------
/** A song of an official chart's preview: `{first: song name, second: artist names}`. */
export const toplistTrackPreview = z.looseObject({ first: z.string(), second: z.string() });
export const toplist = z.looseObject({
  id: z.number(),
  name: z.string(),
  coverImgUrl: z.string(),
  description: z.string().nullable().optional(),
  updateFrequency: z.string().nullable(),
  /** official charts only: S 飙升, N 新歌, O 原创, H 热歌 */
  ToplistType: z.string().optional(),
  /** the top 3 of an official chart; empty (or null) for the others */
  tracks: z.array(toplistTrackPreview).nullable(),
  playCount: z.number(),
  trackCount: z.number(),
  subscribedCount: z.number().optional(),
  updateTime: z.number(),
  specialType: z.number().optional(),
});
export type Toplist = z.infer<typeof toplist>;
export const artistToplist = z.looseObject({
  coverUrl: z.string(),
  name: z.string(),
  /** sic: NetEase spells it both ways */
  upateFrequency: z.string().optional(),
  updateFrequency: z.string(),
  position: z.number(),
  artists: z.array(z.looseObject({ first: z.string(), second: z.string(), third: z.number() })).optional(),
});
export const toplistDetailResponse = z.looseObject({
  code: z.literal(200),
  list: z.array(toplist),
  artistToplist: artistToplist.optional(),
  rewardToplist: z.looseObject({}).optional(),
});
export type ToplistDetailResponse = z.infer<typeof toplistDetailResponse>;

// GET|POST /scrobble -----------------------------------------------------------------------
export const scrobbleParams = z.object({
  id: idParam('id'),
  /**
   * Where the song was played from: a playlist's or album's id, or a client's own word for other
   * sources (YesPlayMusic sends `/daily/songs` from 每日推荐). NetEase records the play whatever it
   * says, so anything is taken: the id when it is one, else undefined (no playlist or album).
   */
  sourceid: z
    .unknown()
    .optional()
    .transform((v): number | undefined => {
      const text = typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '';
      const id = /^\d+$/.test(text) ? Number(text) : NaN;
      return Number.isSafeInteger(id) ? id : undefined;
    }),
  /** seconds listened (defaults to the whole song) */
  time: intParam('time', { min: 0, max: 86_400 }).optional(),
});
export const scrobbleResponse = z.looseObject({ code: z.literal(200), data: z.string() });
export type ScrobbleResponse = z.infer<typeof scrobbleResponse>;

// GET /toplist ---------------------------------------------------------------------------------
export const toplistResponse = z.looseObject({
  code: z.literal(200),
  list: z.array(namedItem),
  artistToplist: z.looseObject({}).optional(),
});

// GET /toplist/artist --------------------------------------------------------------------------
export const toplistArtistParams = z.object({ type: intParam('type', { min: 1, max: 4 }).optional() });
export const toplistArtistResponse = z.looseObject({
  code: z.literal(200),
  list: z.looseObject({
    artists: z.array(z.looseObject({ id: z.number(), name: z.string(), score: z.number() })),
    type: z.number(),
    updateTime: z.number(),
  }),
});

/** Charts. Group registry merged into `endpoints`. */
export const chartEndpoints = {
  '/toplist/detail': {
    method: 'GET',
    summary: 'Charts computed from play records: official charts with a top-3 preview, then global charts',
    params: noParams,
    response: toplistDetailResponse,
  },
  '/scrobble': {
    method: 'POST',
    summary: 'Records that a song was played (feeds the charts)',
    params: scrobbleParams,
    response: scrobbleResponse,
  },
  '/toplist': { method: 'GET', summary: 'All charts (as /toplist/detail)', params: noParams, response: toplistResponse },
  '/toplist/artist': {
    method: 'GET',
    summary: 'Artists by plays this week: type 1 华语, 2 欧美, 3 韩国, 4 日本',
    params: toplistArtistParams,
    response: toplistArtistResponse,
  },
} as const satisfies Record<string, EndpointDef>;
