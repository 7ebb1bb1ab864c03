import { z } from 'zod';

/**
 * Shared entities in NeteaseCloudMusicApi's shapes. Loose objects: the fields a client reads
 * are typed, the rest of a real response passes through untouched.
 */
export const artistRef = z.looseObject({
  id: z.number(),
  name: z.string().nullable(),
  tns: z.array(z.string()).optional(),
  alias: z.array(z.string()).optional(),
});
export type ArtistRef = z.infer<typeof artistRef>;

export const albumRef = z.looseObject({
  id: z.number(),
  name: z.string().nullable(),
  picUrl: z.string().nullable().optional(),
  tns: z.array(z.string()).optional(),
  pic_str: z.string().optional(),
});
export type AlbumRef = z.infer<typeof albumRef>;

/** A song as /song/detail, /playlist/detail tracks and /album songs return it. */
export const song = z.looseObject({
  id: z.number(),
  name: z.string(),
  ar: z.array(artistRef),
  al: albumRef,
  /** duration in ms */
  dt: z.number(),
  alia: z.array(z.string()).optional(),
  fee: z.number().optional(),
  mv: z.number().optional(),
  pop: z.number().optional(),
  no: z.number().optional(),
  cd: z.string().nullable().optional(),
  publishTime: z.number().optional(),
});
export type Song = z.infer<typeof song>;

export const privilege = z.looseObject({
  id: z.number(),
  fee: z.number(),
  st: z.number(),
  pl: z.number(),
  maxbr: z.number().optional(),
});
export type Privilege = z.infer<typeof privilege>;

export const userRef = z.looseObject({
  userId: z.number(),
  nickname: z.string(),
  avatarUrl: z.string().nullable().optional(),
  signature: z.string().nullable().optional(),
  vipType: z.number().optional(),
});
export type UserRef = z.infer<typeof userRef>;

export const artist = z.looseObject({
  id: z.number(),
  name: z.string(),
  picUrl: z.string().nullable().optional(),
  img1v1Url: z.string().nullable().optional(),
  alias: z.array(z.string()).optional(),
  briefDesc: z.string().nullable().optional(),
  albumSize: z.number().optional(),
  musicSize: z.number().optional(),
});
export type Artist = z.infer<typeof artist>;

export const trackId = z.looseObject({ id: z.number(), v: z.number().optional(), at: z.number().optional() });

/** An item of a list whose clients read its id and name (the rest passes through). */
export const namedItem = z.looseObject({ id: z.number(), name: z.string() });

/** An answer that only says it worked. */
export const okResponse = z.looseObject({ code: z.literal(200) });

/** A page of what the caller collected (收藏): /album/sublist, /artist/sublist, /mv/sublist. */
export const sublistResponse = z.looseObject({
  code: z.literal(200),
  data: z.array(namedItem),
  count: z.number(),
  hasMore: z.boolean(),
});
