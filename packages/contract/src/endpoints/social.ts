import { z } from 'zod';
import type { EndpointDef } from '../endpoint-def.ts';
import { enumParam, idParam, intParam } from '../params.ts';

/**
 * Social: follows, fans (followeds), events (动态) and shares, a user's radios. Reading lists
 * needs no login (as NetEase); following and sharing do. Fixtures: user_follows, user_followeds,
 * user_event.
 */

const limitParam = (fallback: number) =>
  intParam('limit', { min: 1, max: 100 })
    .optional()
    .transform((v) => v ?? fallback);
/** NetEase's `lasttime`: -1 (default) = from the newest; else the `time` the previous page ended with. */
const lasttimeParam = intParam('lasttime', { min: -1, max: Number.MAX_SAFE_INTEGER })
  .optional()
  .transform((v) => (v === undefined || v < 0 ? null : v));

// GET|POST /follow ---------------------------------------------------------------------------
export const followParams = z.object({
  id: idParam('id'),
  /** 1 follow (default), 0 unfollow (NetEase: anything but 1 unfollows) */
  t: intParam('t', { min: 0, max: 1 })
    .optional()
    .transform((v) => (v ?? 1) as 0 | 1),
});
export const followResponse = z.looseObject({ code: z.literal(200), followed: z.boolean().optional() });

// A user in a follow or fan list -------------------------------------------------------------
export const socialUser = z.looseObject({
  userId: z.number(),
  nickname: z.string(),
  avatarUrl: z.string().nullable(),
  signature: z.string().nullable().optional(),
  gender: z.number().optional(),
  vipType: z.number(),
  userType: z.number().optional(),
  /** the viewer follows them */
  followed: z.boolean(),
  /** they and the viewer follow each other */
  mutual: z.boolean().optional(),
  follows: z.number(),
  followeds: z.number(),
  eventCount: z.number().optional(),
  playlistCount: z.number(),
  /** when the follow was made (ms): /user/followeds pages by it */
  time: z.number(),
  avatarDetail: z.looseObject({ identityIconUrl: z.string().nullable().optional() }).nullable().optional(),
});
export type SocialUser = z.infer<typeof socialUser>;

// GET /user/follows --------------------------------------------------------------------------
export const userFollowsParams = z.object({
  uid: idParam('uid'),
  offset: intParam('offset', { min: 0, max: 1_000_000 })
    .optional()
    .transform((v) => v ?? 0),
  limit: limitParam(30),
});
export const userFollowsResponse = z.looseObject({ code: z.literal(200), follow: z.array(socialUser), more: z.boolean() });
export type UserFollowsResponse = z.infer<typeof userFollowsResponse>;

// GET /user/followeds ------------------------------------------------------------------------
export const userFollowedsParams = z.object({
  uid: idParam('uid'),
  /** the last fan's `time` on the previous page; -1 = the newest fans */
  lasttime: lasttimeParam,
  limit: limitParam(30),
});
export const userFollowedsResponse = z.looseObject({
  code: z.literal(200),
  followeds: z.array(socialUser),
  more: z.boolean(),
  /** all the user's fans */
  size: z.number().optional(),
});
export type UserFollowedsResponse = z.infer<typeof userFollowedsResponse>;

// GET /user/event ----------------------------------------------------------------------------
export const userEventParams = z.object({
  uid: idParam('uid'),
  /** the previous answer's `lasttime`; -1 = the newest events */
  lasttime: lasttimeParam,
  limit: limitParam(30),
});
export const userEvent = z.looseObject({
  id: z.number(),
  /** 18 a song shared, 35 a playlist shared, 13 a playlist made */
  type: z.number(),
  /** JSON text as NetEase sends it: `{msg, song}` or `{msg, playlist}` */
  json: z.string(),
  user: z.looseObject({ userId: z.number(), nickname: z.string(), avatarUrl: z.string().nullable() }),
  eventTime: z.number(),
  showTime: z.number().optional(),
  pics: z.array(z.unknown()).optional(),
  info: z.looseObject({}).optional(),
});
export type UserEvent = z.infer<typeof userEvent>;
export const userEventResponse = z.looseObject({
  code: z.literal(200),
  events: z.array(userEvent),
  /** pass back for the next page (the last event's time) */
  lasttime: z.number(),
  more: z.boolean(),
  /** all the user's events */
  size: z.number().optional(),
});
export type UserEventResponse = z.infer<typeof userEventResponse>;

// GET|POST /share/resource -------------------------------------------------------------------
export const shareResourceParams = z.object({
  /** song (default) or playlist; NetEase's mv, djprogram and djradio do not exist here */
  type: enumParam('type', ['song', 'playlist'])
    .optional()
    .transform((v) => v ?? 'song'),
  id: idParam('id'),
  msg: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(z.string().max(140, 'msg must be at most 140 characters'))
    .optional()
    .transform((v) => v ?? ''),
});
export const shareResourceResponse = z.looseObject({ code: z.literal(200), event: userEvent.optional() });

// GET /user/audio ----------------------------------------------------------------------------
export const userAudioParams = z.object({ uid: idParam('uid') });
export const userAudioResponse = z.looseObject({
  code: z.literal(200),
  /** the user's radios (电台): Cloudtune has none, so always empty */
  djRadios: z.array(z.looseObject({ id: z.number(), name: z.string(), picUrl: z.string().nullable().optional() })),
  count: z.number(),
  hasMore: z.boolean().optional(),
});

/** Social endpoints. Group registry merged into `endpoints`. */
export const socialEndpoints = {
  '/follow': {
    method: 'GET',
    summary: 'Follow (t=1) or unfollow (t=0) a user',
    auth: true,
    params: followParams,
    response: followResponse,
  },
  '/user/follows': {
    method: 'GET',
    summary: 'Whom a user follows, newest first (offset, limit)',
    params: userFollowsParams,
    response: userFollowsResponse,
  },
  '/user/followeds': {
    method: 'GET',
    summary: "A user's fans, newest first (paged by lasttime)",
    params: userFollowedsParams,
    response: userFollowedsResponse,
  },
  '/user/event': {
    method: 'GET',
    summary: "A user's events (动态), newest first (paged by lasttime)",
    params: userEventParams,
    response: userEventResponse,
  },
  '/share/resource': {
    method: 'GET',
    summary: 'Share a song or playlist to your events, with a message',
    auth: true,
    params: shareResourceParams,
    response: shareResourceResponse,
  },
  '/user/audio': {
    method: 'GET',
    summary: "A user's radios (always none here)",
    params: userAudioParams,
    response: userAudioResponse,
  },
} as const satisfies Record<string, EndpointDef>;
