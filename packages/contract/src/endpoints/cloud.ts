import { z } from 'zod';
import type { EndpointDef } from '../endpoint-def.ts';
import { privilege, song } from '../entities.ts';
import { idListParam, intParam, noParams } from '../params.ts';

/**
 * The cloud drive (我的音乐云盘): a logged-in user's uploaded audio. Every endpoint needs a login
 * (`{code: 301, msg: '需要登录'}` without one). Items as user_cloud.data_items.partial.json; a
 * cloud song's id is in its own space (above 10^12) and plays through /song/url for its owner
 * only — anyone else gets `url: null`.
 */

/** One item of /user/cloud `data`: the song (as NetEase sends an unmatched upload) and the file. */
export const cloudItem = z.looseObject({
  simpleSong: song.extend({ privilege }),
  songId: z.number(),
  songName: z.string(),
  artist: z.string(),
  album: z.string(),
  fileName: z.string(),
  /** bytes */
  fileSize: z.number(),
  /** kbit/s */
  bitrate: z.number(),
  /** ms */
  addTime: z.number(),
  cover: z.number(),
  coverId: z.string(),
  lyricId: z.string(),
  version: z.number(),
});
export type CloudItem = z.infer<typeof cloudItem>;

// POST /cloud (multipart songFile) ------------------------------------------------------------
export const cloudUploadResponse = z.looseObject({
  code: z.literal(200),
  /** the cloud song's id, as a string (NetEase's upload check) */
  songId: z.string(),
  /** false when these bytes were already stored (the same file again: the same song) */
  needUpload: z.boolean(),
  privateCloud: cloudItem,
});

// GET|POST /user/cloud -------------------------------------------------------------------------
export const userCloudParams = z.object({
  limit: intParam('limit', { min: 1, max: 1000 })
    .optional()
    .transform((v) => v ?? 30),
  offset: intParam('offset', { min: 0 })
    .optional()
    .transform((v) => v ?? 0),
});
export const userCloudResponse = z.looseObject({
  code: z.literal(200),
  data: z.array(cloudItem),
  /** songs in the drive */
  count: z.number(),
  /** bytes used, as a string (NetEase) */
  size: z.string(),
  /** the quota in bytes, as a string */
  maxSize: z.string(),
  upgradeSign: z.number(),
  hasMore: z.boolean(),
  /** the same as hasMore */
  more: z.boolean(),
});

// GET|POST /user/cloud/detail ------------------------------------------------------------------
export const userCloudDetailParams = z.object({ id: idListParam('id') });
export const userCloudDetailResponse = z.looseObject({ code: z.literal(200), data: z.array(cloudItem) });

// GET|POST /user/cloud/del ---------------------------------------------------------------------
export const userCloudDelParams = z.object({ id: idListParam('id') });
export const userCloudDelResponse = z.looseObject({
  code: z.literal(200),
  succIds: z.array(z.number()),
  /** ids that were not the caller's cloud songs: nothing changed for them */
  failIds: z.array(z.number()),
});

/** The cloud drive. Group registry merged into `endpoints`. */
export const cloudEndpoints = {
  '/cloud': {
    method: 'POST',
    summary: 'Upload a song to the cloud drive (multipart songFile: MP3, FLAC, Ogg, M4A, AAC or WAV), within the quota',
    auth: true,
    upload: 'songFile',
    params: noParams,
    response: cloudUploadResponse,
  },
  '/user/cloud': {
    method: 'GET',
    summary: "The logged-in user's cloud songs, newest first, with the space used and the quota",
    auth: true,
    params: userCloudParams,
    response: userCloudResponse,
  },
  '/user/cloud/detail': {
    method: 'GET',
    summary: "The logged-in user's cloud songs by id (comma-joined)",
    auth: true,
    params: userCloudDetailParams,
    response: userCloudDetailResponse,
  },
  '/user/cloud/del': {
    method: 'POST',
    summary: 'Delete cloud songs of the logged-in user by id',
    auth: true,
    params: userCloudDelParams,
    response: userCloudDelResponse,
  },
} as const satisfies Record<string, EndpointDef>;
