import { z } from 'zod';
import type { EndpointDef } from '../endpoint-def.ts';
import { privilege, song } from '../entities.ts';
import { intChoiceParam, noParams } from '../params.ts';

/**
 * Daily recommendations for the logged-in user (fixtures recommend_songs, recommend_resource):
 * the same list all day, a new one each day at 6:00 China time, computed from what the user plays
 * and likes (docs/decisions/0017-daily-recommendations.md); and the newest songs for anyone.
 */

// GET /recommend/songs -----------------------------------------------------------------------
export const dailySong = song.extend({
  /** why it was picked, e.g. 你常听的「歌手」 */
  reason: z.string().nullable(),
  privilege: privilege.optional(),
  alg: z.string().nullable().optional(),
});
export type DailySong = z.infer<typeof dailySong>;
export const recommendSongsResponse = z.looseObject({
  code: z.literal(200),
  data: z.looseObject({
    dailySongs: z.array(dailySong),
    orderSongs: z.array(z.unknown()).optional(),
    recommendReasons: z.array(z.looseObject({ songId: z.number(), reason: z.string() })),
  }),
});
export type RecommendSongsResponse = z.infer<typeof recommendSongsResponse>;

// GET /recommend/resource --------------------------------------------------------------------
export const recommendedPlaylist = z.looseObject({
  id: z.number(),
  type: z.number().optional(),
  name: z.string(),
  /** why it was picked */
  copywriter: z.string().nullable(),
  picUrl: z.string(),
  /** lower-case c, as NetEase spells it here */
  playcount: z.number(),
  createTime: z.number().optional(),
  trackCount: z.number(),
  userId: z.number().optional(),
  creator: z.looseObject({ userId: z.number(), nickname: z.string(), avatarUrl: z.string().nullable().optional() }),
  alg: z.string().nullable().optional(),
});
export type RecommendedPlaylist = z.infer<typeof recommendedPlaylist>;
export const recommendResourceResponse = z.looseObject({
  code: z.literal(200),
  featureFirst: z.boolean().optional(),
  haveRcmdSongs: z.boolean().optional(),
  recommend: z.array(recommendedPlaylist),
});
export type RecommendResourceResponse = z.infer<typeof recommendResourceResponse>;

// GET /top/song ------------------------------------------------------------------------------
/** 新歌速递: the newest songs of an area (0 all, 7 华语, 96 欧美, 8 日本, 16 韩国). */
export const topSongParams = z.object({
  type: intChoiceParam('type', [0, 7, 96, 8, 16]).optional(),
});
export const songsDataResponse = z.looseObject({ code: z.literal(200), data: z.array(song) });

/** Daily recommendations and new songs. Group registry merged into `endpoints`. */
export const recommendEndpoints = {
  '/recommend/songs': {
    method: 'GET',
    summary: "Today's 30 songs for the user, from their plays and likes (a new list at 6:00 China time)",
    auth: true,
    params: noParams,
    response: recommendSongsResponse,
  },
  '/recommend/resource': {
    method: 'GET',
    summary: "Today's playlists for the user, from their plays and likes",
    auth: true,
    params: noParams,
    response: recommendResourceResponse,
  },
  '/top/song': {
    method: 'GET',
    summary: 'New songs (新歌速递) by area type 0/7/96/8/16',
    params: topSongParams,
    response: songsDataResponse,
  },
} as const satisfies Record<string, EndpointDef>;
