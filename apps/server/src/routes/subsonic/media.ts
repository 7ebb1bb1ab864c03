import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestSignal } from '../../http/request-signal.ts';
import { sendMedia } from '../../http/send-stored.ts';
import { versionTag } from '../../media/media-files.ts';
import type { Services } from '../../services/index.ts';
import { invalidParam, isPodcastEpisodeId, notFoundError, parseAnyId, parseId } from '../../services/subsonic/index.ts';
import { chooseVariant, variantFromOffset, type StreamWish } from '../../services/transcode-choice.ts';
import { transcodeFormatOf } from '../../services/transcode-formats.ts';
import type { VariantBitrate } from '../../services/transcode-levels.ts';
import { CACHE_FOR_A_DAY, sendSongAudio, sendTranscodedAudio } from '../song-audio.ts';
import type { SubsonicParams } from './params.ts';
import { sendEpisode } from './podcasts.ts';

/** stream's `format` and `maxBitRate` (kbit/s, 0 = no limit) as a wish; a format the transcoder does not make is no wish (the spec calls it a preference). */
export function streamWish(params: SubsonicParams): StreamWish {
  const named = params.string('format');
  const format = named?.trim().toLowerCase() === 'raw' ? 'raw' : named === undefined ? undefined : transcodeFormatOf(named);
  const kbps = params.int('maxBitRate', 0, 0, 100_000);
  return { format, limit: kbps > 0 ? kbps * 1000 : null };
}

/**
 * A start `offset` (seconds) inside the song: 0 = from the start; at or past its end is an error
 * naming `param` (there is nothing to play).
 */
export function offsetInto(song: { durationMs: number }, offsetS: number, param: string): number {
  if (offsetS > 0 && offsetS * 1000 >= song.durationMs) throw invalidParam(param, 'is past the end of the song');
  return offsetS;
}

/** Sends a song's audio (the original or a variant) as /media/audio does; `download` names the saved file. */
export function sendAudio(
  request: FastifyRequest,
  reply: FastifyReply,
  services: Services,
  id: number,
  bitrate: VariantBitrate | null,
  download?: string,
): Promise<FastifyReply> {
  if (download) reply.header('content-disposition', attachment(download));
  return sendSongAudio(request, reply, services, id, bitrate);
}

/**
 * `Content-Disposition: attachment` naming the saved file in UTF-8 (RFC 6266 `filename*`, read by
 * every browser and HTTP client since 2011). RFC 8187 allows fewer characters there than
 * encodeURIComponent leaves alone: `'` would end the charset part, so `'()*` are escaped too.
 */
export function attachment(name: string): string {
  const value = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename*=UTF-8''${value}`;
}

/**
 * stream: the original, or a variant chosen from `format` and `maxBitRate` (services/transcode-choice.ts);
 * `timeOffset` (seconds, the transcodeOffset extension) starts the audio there, through the
 * transcoder, for any song. Not counted as a play (OpenSubsonic: clients scrobble).
 */
/** A stream from its start (not a seek, not HEAD) is a song starting: it shows in getNowPlaying. */
const startsPlaying = (request: FastifyRequest): boolean =>
  request.method === 'GET' && (request.headers.range === undefined || /^bytes=0-/.test(request.headers.range));

export async function stream(request: FastifyRequest, reply: FastifyReply, services: Services, params: SubsonicParams, userId: number) {
  if (isPodcastEpisodeId(params.required('id'))) return sendEpisode(request, reply, services, params.required('id'), false);
  const id = parseId('song', params.required('id'));
  const song = await services.subsonic.browsing.record(id);
  if (startsPlaying(request)) await services.nowPlaying.started(userId, params.string('c'), id);
  // Played before it is measured: measured first.
  if (startsPlaying(request) && song.loudness === null) await services.loudness.want([id]);
  const original = await services.audio.quality(id);
  const chosen = chooseVariant(original, streamWish(params));
  const offsetS = offsetInto(song, params.seconds('timeOffset'), 'timeOffset');
  if (offsetS > 0) return sendTranscodedAudio(request, reply, services, id, variantFromOffset(original, chosen), offsetS);
  if (chosen) return sendTranscodedAudio(request, reply, services, id, chosen);
  return sendAudio(request, reply, services, id, null);
}

export async function download(request: FastifyRequest, reply: FastifyReply, services: Services, params: SubsonicParams) {
  if (isPodcastEpisodeId(params.required('id'))) return sendEpisode(request, reply, services, params.required('id'), true);
  const id = parseId('song', params.required('id'));
  const song = await services.subsonic.browsing.record(id);
  const type = (await services.audio.quality(id)).type;
  return sendAudio(request, reply, services, id, null, `${song.artists[0]?.name ?? ''} - ${song.name}.${type}`.replace(/^ - /, ''));
}

/** getCoverArt: `al-`, `ar-`, `pl-` ids or a song's (its album's cover); `size` is the longer side. */
export async function coverArt(request: FastifyRequest, reply: FastifyReply, services: Services, params: SubsonicParams) {
  const { kind, id } = parseAnyId(params.required('id'));
  const size = params.int('size', 0, 0, 2048);
  const side = size > 0 ? Math.max(16, size) : undefined;
  let image: { kind: 'album' | 'artist' | 'playlist'; id: number };
  if (kind === 'song') {
    image = { kind: 'album', id: (await services.subsonic.browsing.record(id)).albumId };
  } else image = { kind, id };
  const file = await services.images.ensure(image.kind, image.id, side ? { width: side, height: side } : undefined, requestSignal(reply));
  if (!file) throw notFoundError('Cover art');
  const opened = await services.media.open(file);
  await sendMedia(request, reply, services.media, opened, {
    contentType: 'image/jpeg',
    etag: versionTag(opened),
    cacheControl: CACHE_FOR_A_DAY,
  });
  return reply;
}
