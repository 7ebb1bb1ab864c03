import { z } from 'zod';
import type { EndpointDef } from '../endpoint-def.ts';
import { idParam, intParam } from '../params.ts';
import { privilege, song, trackId, userRef } from '../entities.ts';
import { smartRules } from '../smart-playlists.ts';

// GET /playlist/detail ---------------------------------------------------------------------
export const playlistDetailParams = z.object({
  id: idParam('id'),
  s: intParam('s', { min: 0, max: 100 }).optional(),
});
export const playlistDetail = z.looseObject({
  id: z.number(),
  name: z.string(),
  coverImgUrl: z.string(),
  description: z.string().nullable(),
  tags: z.array(z.string()),
  creator: userRef,
  userId: z.number(),
  trackCount: z.number(),
  playCount: z.number(),
  subscribedCount: z.number().optional(),
  shareCount: z.number().optional(),
  commentCount: z.number().optional(),
  createTime: z.number().optional(),
  updateTime: z.number().nullable().optional(),
  tracks: z.array(song),
  trackIds: z.array(trackId),
  specialType: z.number().optional(),
  subscribed: z.boolean().nullable().optional(),
  /** a smart playlist's rules (智能歌单): its songs are the ones they select now; an ordinary playlist has none */
  smartRules: smartRules.optional(),
});
export type PlaylistDetail = z.infer<typeof playlistDetail>;
export const playlistDetailResponse = z.looseObject({
  code: z.literal(200),
  playlist: playlistDetail,
  privileges: z.array(privilege).optional(),
});
export type PlaylistDetailResponse = z.infer<typeof playlistDetailResponse>;

/** A playlist's page. Group registry merged into `endpoints`. */
export const playlistEndpoints = {
  '/playlist/detail': {
    method: 'GET',
    summary: 'Playlist with its tracks',
    params: playlistDetailParams,
    response: playlistDetailResponse,
  },
} as const satisfies Record<string, EndpointDef>;
