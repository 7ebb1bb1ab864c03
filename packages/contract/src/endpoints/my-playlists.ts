import { z } from 'zod';
import type { EndpointDef } from '../endpoint-def.ts';
import { okResponse, userRef } from '../entities.ts';
import { enumParam, idListParam, idParam, intParam, ownUidParam } from '../params.ts';
import { smartRules, smartRulesParam } from '../smart-playlists.ts';
import { songDetailResponse } from './songs.ts';

/**
 * A user's playlists and likes: listing, creating, editing, deleting, adding and removing
 * tracks, collecting (收藏) others' playlists, liking songs into 我喜欢的音乐. Paths, params and
 * answers as NeteaseCloudMusicApi's modules (user_playlist, playlist_create, playlist_delete,
 * playlist_update, playlist_tracks, playlist_subscribe, like, likelist, playlist_track_all).
 * Only a playlist's creator may change it: anyone else gets `{code: 401}` and nothing changes
 * (docs/decisions/0015). Fixture: user_playlist.
 */

/** NetEase's limits: a playlist name of at most 40 characters, a description of 1,000, 3 tags. */
export const PLAYLIST_NAME_MAX = 40;
export const PLAYLIST_DESC_MAX = 1000;
export const PLAYLIST_TAGS_MAX = 3;

/** Text (numbers in JSON bodies taken as their digits), trimmed, within a length. */
const textParam = (name: string, min: number, max: number) =>
  z.union([z.string(), z.number()]).transform((v, ctx) => {
    const text = String(v).trim();
    if (text.length < min || text.length > max) {
      ctx.addIssue({
        code: 'custom',
        message: min > 0 ? `${name} must be ${min}–${max} characters` : `${name} must be at most ${max} characters`,
      });
      return z.NEVER;
    }
    return text;
  });

const nameParam = textParam('name', 1, PLAYLIST_NAME_MAX);
const descParam = textParam('desc', 0, PLAYLIST_DESC_MAX);
/** Tag names joined by `;` (as NetEase clients send them) or `,`; empty clears the tags. */
const tagsParam = z.union([z.string(), z.array(z.string())]).transform((v, ctx) => {
  const names = [...new Set((Array.isArray(v) ? v : v.split(/[;,，；]/)).map((t) => t.trim()).filter(Boolean))];
  if (names.length > PLAYLIST_TAGS_MAX) {
    ctx.addIssue({ code: 'custom', message: `tags takes at most ${PLAYLIST_TAGS_MAX} tags` });
    return z.NEVER;
  }
  return names;
});
/** `true`/`false` (also 1/0); NetEase's like module takes anything but `false` as true. */
const boolParam = (name: string) =>
  z.union([z.string(), z.boolean(), z.number()]).transform((v, ctx) => {
    const text = String(v).trim().toLowerCase();
    if (text === 'true' || text === '1') return true;
    if (text === 'false' || text === '0') return false;
    ctx.addIssue({ code: 'custom', message: `${name} must be true or false` });
    return z.NEVER;
  });
const offsetParam = intParam('offset', { min: 0 });

/** A playlist as /user/playlist and /playlist/create send it (`tracks: null`, like NetEase). */
export const playlistSummary = z.looseObject({
  id: z.number(),
  name: z.string(),
  coverImgUrl: z.string(),
  creator: userRef,
  userId: z.number(),
  trackCount: z.number(),
  playCount: z.number(),
  subscribedCount: z.number(),
  /** in /user/playlist: true = collected by the user, false = made by them */
  subscribed: z.boolean(),
  /** 5 = the liked songs (我喜欢的音乐) */
  specialType: z.number(),
  /** 0 public, 10 private */
  privacy: z.number(),
  description: z.string().nullable(),
  tags: z.array(z.string()),
  createTime: z.number(),
  updateTime: z.number(),
  /** a smart playlist's rules (智能歌单); an ordinary playlist has none */
  smartRules: smartRules.optional(),
});
export type PlaylistSummary = z.infer<typeof playlistSummary>;

// GET /user/playlist -------------------------------------------------------------------------
/** `limit` up to 10,000: clients load a user's whole list at once (as the NetEase client does). */
export const userPlaylistParams = z.object({
  uid: ownUidParam,
  limit: intParam('limit', { min: 1, max: 10_000 }).default(30),
  offset: offsetParam.default(0),
});
export const userPlaylistResponse = z.looseObject({
  code: z.literal(200),
  version: z.string(),
  more: z.boolean(),
  playlist: z.array(playlistSummary),
});
export type UserPlaylistResponse = z.infer<typeof userPlaylistResponse>;

// GET /playlist/create, /playlist/delete -------------------------------------------------------
export const playlistCreateParams = z.object({
  name: nameParam,
  /** 0 public (default), 10 private */
  privacy: z
    .union([z.string(), z.number()])
    .transform((v, ctx) => {
      const text = String(v).trim();
      if (text !== '0' && text !== '10') {
        ctx.addIssue({ code: 'custom', message: 'privacy must be 0 (public) or 10 (private)' });
        return z.NEVER;
      }
      return Number(text) as 0 | 10;
    })
    .default(0),
  /** NetEase's NORMAL | VIDEO | SHARED: only NORMAL (songs) playlists exist here */
  type: enumParam('type', ['NORMAL'], '(video and shared playlists are not supported)').default('NORMAL'),
  /** a smart playlist's rules (JSON): its songs are chosen by them, never added by hand */
  rules: smartRulesParam.optional(),
});
export const playlistCreateResponse = z.looseObject({ code: z.literal(200), id: z.number(), playlist: playlistSummary });
export const playlistDeleteParams = z.object({ id: idListParam('id', 100) });
export const playlistDeleteResponse = z.looseObject({ code: z.literal(200), id: z.number(), ids: z.array(z.number()) });

// GET /playlist/update and its single-field forms ------------------------------------------------
/** Only the fields given change (NetEase's batch module would blank an omitted desc and tags). */
export const playlistUpdateParams = z.object({
  id: idParam('id'),
  name: nameParam.optional(),
  desc: descParam.optional(),
  tags: tagsParam.optional(),
  /** a smart playlist's new rules (JSON); an ordinary playlist takes none */
  rules: smartRulesParam.optional(),
});
export const playlistUpdateResponse = z.looseObject({
  code: z.literal(200),
  '/api/playlist/desc/update': z.looseObject({ code: z.number() }).optional(),
  '/api/playlist/tags/update': z.looseObject({ code: z.number() }).optional(),
  '/api/playlist/update/name': z.looseObject({ code: z.number() }).optional(),
});
export const playlistNameUpdateParams = z.object({ id: idParam('id'), name: nameParam });
export const playlistDescUpdateParams = z.object({ id: idParam('id'), desc: descParam });
export const playlistTagsUpdateParams = z.object({ id: idParam('id'), tags: tagsParam });

// GET /playlist/tracks ---------------------------------------------------------------------------
export const playlistTracksParams = z.object({
  op: enumParam('op', ['add', 'del']),
  pid: idParam('pid'),
  tracks: idListParam('tracks', 1000),
});
/** As the module answers: NetEase's body under `body`, `status` beside it (and `code` for generic clients). */
export const playlistTracksResponse = z.looseObject({
  status: z.literal(200),
  code: z.literal(200).optional(),
  body: z.looseObject({
    code: z.literal(200),
    /** the ids of the call, JSON-encoded as NetEase sends them */
    trackIds: z.string(),
    /** the playlist's track count after the change */
    count: z.number(),
    cloudCount: z.number(),
  }),
});
export type PlaylistTracksResponse = z.infer<typeof playlistTracksResponse>;

// GET /playlist/subscribe --------------------------------------------------------------------------
export const playlistSubscribeParams = z.object({
  /** 1 collect, 2 (or anything else, as the module) un-collect */
  t: intParam('t', { min: 0, max: 2 }),
  id: idParam('id'),
});

// GET /like, /likelist -------------------------------------------------------------------------------
export const likeParams = z.object({ id: idParam('id'), like: boolParam('like').default(true) });
export const likeResponse = z.looseObject({ code: z.literal(200), playlistId: z.number(), songs: z.array(z.unknown()) });
export const likelistParams = z.object({ uid: ownUidParam });
export const likelistResponse = z.looseObject({ code: z.literal(200), ids: z.array(z.number()), checkPoint: z.number() });

// GET /playlist/track/all ------------------------------------------------------------------------
export const playlistTrackAllParams = z.object({
  id: idParam('id'),
  limit: intParam('limit', { min: 1 }).optional(),
  offset: offsetParam.default(0),
});

/** A user's playlists and likes. Group registry merged into `endpoints`. */
export const myPlaylistEndpoints = {
  '/user/playlist': {
    method: 'GET',
    summary: "A user's playlists: made ones (我喜欢的音乐 first), then collected ones",
    params: userPlaylistParams,
    response: userPlaylistResponse,
  },
  '/playlist/create': {
    method: 'GET',
    summary: 'Create a playlist (privacy 10: private)',
    auth: true,
    params: playlistCreateParams,
    response: playlistCreateResponse,
  },
  '/playlist/delete': {
    method: 'GET',
    summary: 'Delete own playlists (comma-joined ids; 我喜欢的音乐 cannot be deleted)',
    auth: true,
    params: playlistDeleteParams,
    response: playlistDeleteResponse,
  },
  '/playlist/update': {
    method: 'GET',
    summary: "Change an own playlist's name, description and tags (only those given)",
    auth: true,
    params: playlistUpdateParams,
    response: playlistUpdateResponse,
  },
  '/playlist/name/update': {
    method: 'GET',
    summary: 'Rename an own playlist',
    auth: true,
    params: playlistNameUpdateParams,
    response: okResponse,
  },
  '/playlist/desc/update': {
    method: 'GET',
    summary: "Change an own playlist's description",
    auth: true,
    params: playlistDescUpdateParams,
    response: okResponse,
  },
  '/playlist/tags/update': {
    method: 'GET',
    summary: "Change an own playlist's tags (at most 3, `;`-joined)",
    auth: true,
    params: playlistTagsUpdateParams,
    response: okResponse,
  },
  '/playlist/tracks': {
    method: 'GET',
    summary: 'Add songs to (op=add, newest first, duplicates ignored) or remove them from (op=del) an own playlist',
    auth: true,
    params: playlistTracksParams,
    response: playlistTracksResponse,
  },
  '/playlist/subscribe': {
    method: 'GET',
    summary: "Collect (t=1) or un-collect (t=2) someone else's playlist",
    auth: true,
    params: playlistSubscribeParams,
    response: okResponse,
  },
  '/like': {
    method: 'GET',
    summary: 'Like (like=true) or unlike a song: it joins or leaves 我喜欢的音乐',
    auth: true,
    params: likeParams,
    response: likeResponse,
  },
  '/likelist': {
    method: 'GET',
    summary: "The ids of a user's liked songs, newest first",
    auth: true,
    params: likelistParams,
    response: likelistResponse,
  },
  '/playlist/track/all': {
    method: 'GET',
    summary: "A playlist's songs in order (limit, offset), as /song/detail answers",
    params: playlistTrackAllParams,
    response: songDetailResponse,
  },
} as const satisfies Record<string, EndpointDef>;
