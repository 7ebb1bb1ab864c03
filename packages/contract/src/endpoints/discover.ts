import { z } from 'zod';
import type { EndpointDef } from '../endpoint-def.ts';
import { cappedIntParam, intParam } from '../params.ts';

/** The home page (发现音乐): carousel banners and recommended playlists. */

// GET /banner ------------------------------------------------------------------------------
export const bannerParams = z.object({ type: intParam('type', { min: 0, max: 3 }).optional() });
export const banner = z.looseObject({
  imageUrl: z.string().optional(),
  /** mobile banner types carry `pic` instead of `imageUrl` */
  pic: z.string().optional(),
  targetId: z.number(),
  targetType: z.number(),
  typeTitle: z.string().nullable().optional(),
  titleColor: z.string().optional(),
  url: z.string().nullable().optional(),
});
export type Banner = z.infer<typeof banner>;
export const bannerResponse = z.looseObject({ code: z.literal(200), banners: z.array(banner) });
export type BannerResponse = z.infer<typeof bannerResponse>;

// GET /personalized ------------------------------------------------------------------------
export const personalizedParams = z.object({ limit: cappedIntParam('limit', { cap: 100 }).optional() });
export const personalizedPlaylist = z.looseObject({
  id: z.number(),
  name: z.string(),
  picUrl: z.string(),
  playCount: z.number(),
  trackCount: z.number(),
  copywriter: z.string().nullable().optional(),
  type: z.number().optional(),
  highQuality: z.boolean().optional(),
});
export type PersonalizedPlaylist = z.infer<typeof personalizedPlaylist>;
export const personalizedResponse = z.looseObject({
  code: z.literal(200),
  hasTaste: z.boolean().optional(),
  category: z.number().optional(),
  result: z.array(personalizedPlaylist),
});
export type PersonalizedResponse = z.infer<typeof personalizedResponse>;

/** The home page. Group registry merged into `endpoints`. */
export const discoverEndpoints = {
  '/banner': { method: 'GET', summary: 'Home carousel banners', params: bannerParams, response: bannerResponse },
  '/personalized': { method: 'GET', summary: 'Recommended playlists', params: personalizedParams, response: personalizedResponse },
} as const satisfies Record<string, EndpointDef>;
