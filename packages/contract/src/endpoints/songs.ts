import { z } from 'zod';
import type { EndpointDef } from '../endpoint-def.ts';
import { idListParam, idParam, intParam } from '../params.ts';
import { privilege, song } from '../entities.ts';

// GET /song/detail -------------------------------------------------------------------------
export const songDetailParams = z.object({ ids: idListParam('ids') });
export const songDetailResponse = z.looseObject({
  code: z.literal(200),
  songs: z.array(song),
  privileges: z.array(privilege),
});
export type SongDetailResponse = z.infer<typeof songDetailResponse>;

// GET /song/url ----------------------------------------------------------------------------
export const songUrlParams = z.object({
  id: idListParam('id'),
  /** bitrate in bit/s; the real API defaults to 999000 (lossless when available) */
  br: intParam('br', { min: 32000, max: 999000 }).optional(),
  /** comma-joined play sources; accepted and ignored by the built-in library */
  source: z.string().optional(),
});
export const songUrl = z.looseObject({
  id: z.number(),
  /** null when the song has no playable file */
  url: z.string().nullable(),
  br: z.number(),
  size: z.number(),
  md5: z.string().nullable().optional(),
  code: z.number(),
  type: z.string().nullable().optional(),
  fee: z.number().optional(),
  freeTrialInfo: z.looseObject({ start: z.number(), end: z.number() }).nullable().optional(),
  /**
   * Loudness normalisation, as NetEase sends it: the dB that bring the song to the ReplayGain 2.0
   * reference level (−18 LUFS, EBU R128 integrated loudness), and its true peak as a linear
   * amplitude (1 = full scale). A song not measured yet has gain 0 and peak 0 (peak unknown).
   */
  gain: z.number().optional(),
  peak: z.number().optional(),
  /** Cloudtune's own: the same for the song's whole album; null until every song of it is measured */
  albumGain: z.number().nullable().optional(),
  albumPeak: z.number().nullable().optional(),
});
export type SongUrl = z.infer<typeof songUrl>;
export const songUrlResponse = z.looseObject({ code: z.literal(200), data: z.array(songUrl) });
export type SongUrlResponse = z.infer<typeof songUrlResponse>;

// GET|POST /song/prepare ---------------------------------------------------------------------
/** Cloudtune's own: makes a song's audio ahead of its first play (the next song of a queue). */
export const songPrepareParams = z.object({ id: idParam('id') });
export const songPrepareResponse = z.looseObject({
  code: z.literal(200),
  data: z.array(
    z.looseObject({
      id: z.number(),
      /** ready: on disk; preparing: being made; busy: the server has enough to do, ask again later */
      state: z.enum(['ready', 'preparing', 'busy']),
    }),
  ),
});
export type SongPrepareResponse = z.infer<typeof songPrepareResponse>;

// GET /lyric -------------------------------------------------------------------------------
export const lyricParams = z.object({ id: idParam('id') });
const lyricBlock = z.looseObject({ version: z.number().optional(), lyric: z.string() });
export const lyricResponse = z.looseObject({
  code: z.literal(200),
  /** absent for instrumental songs, which carry `nolyric: true` instead */
  lrc: lyricBlock.optional(),
  tlyric: lyricBlock.optional(),
  romalrc: lyricBlock.optional(),
  nolyric: z.boolean().optional(),
  uncollected: z.boolean().optional(),
});
export type LyricResponse = z.infer<typeof lyricResponse>;

// GET /lyric/new ---------------------------------------------------------------------------
/**
 * NetEase's newer lyric call: `/lyric`'s blocks plus `yrc`, word-by-word lyrics. Each yrc line
 * is `[startMs,durationMs](wordStartMs,wordDurationMs,0)word(…)…`, or a JSON credits line
 * `{"t":ms,"c":[{"tx":"作词: "},{"tx":"name"}]}`; songs without word times have no `yrc`.
 */
export const lyricNewParams = z.object({ id: idParam('id') });
export const lyricNewResponse = lyricResponse.extend({
  klyric: lyricBlock.optional(),
  yrc: lyricBlock.optional(),
});
export type LyricNewResponse = z.infer<typeof lyricNewResponse>;

/** Songs: details, playable URLs, preparing audio, lyrics. Group registry merged into `endpoints`. */
export const songEndpoints = {
  '/song/detail': { method: 'GET', summary: 'Songs by ids', params: songDetailParams, response: songDetailResponse },
  '/song/url': { method: 'GET', summary: 'Playable URLs of songs', params: songUrlParams, response: songUrlResponse },
  '/song/prepare': {
    method: 'POST',
    summary: "Make a song's audio ahead of its first play (Cloudtune's own; answers at once)",
    params: songPrepareParams,
    response: songPrepareResponse,
  },
  '/lyric': { method: 'GET', summary: 'LRC lyrics of a song', params: lyricParams, response: lyricResponse },
  '/lyric/new': {
    method: 'GET',
    summary: 'Lyrics with word-by-word times (yrc) and the translation',
    params: lyricNewParams,
    response: lyricNewResponse,
  },
} as const satisfies Record<string, EndpointDef>;
