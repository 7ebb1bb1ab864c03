import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestSignal } from '../../http/request-signal.ts';
import { sendFile } from '../../http/send-file.ts';
import type { Services } from '../../services/index.ts';
import { notFoundError, parseAnyId, parseId } from '../../services/subsonic/index.ts';
import { capOf, type VariantBitrate } from '../../services/transcode-levels.ts';
import { CACHE_FOR_A_DAY, sendSongAudio } from '../song-audio.ts';
import type { SubsonicParams } from './params.ts';

/**
 * stream's `maxBitRate` (kbit/s, 0 = no limit) and `format` onto the transcoder's variants
 * (docs/decisions/0005-bitrate-levels.md): a limit is snapped down to 320/192/128k (never below
 * 128k, the lowest variant); `format=raw` is the original; `format=mp3` of a lossless or non-MP3
 * original is its 320k MP3.
 */
export function streamBitrate(params: SubsonicParams, originalType: string): VariantBitrate | null {
  const format = params.string('format')?.toLowerCase();
  if (format === 'raw') return null;
  const kbps = params.int('maxBitRate', 0, 0, 100_000);
  const cap = kbps > 0 ? capOf(kbps * 1000) : null;
  if (cap === null && format === 'mp3' && originalType !== 'mp3') return 320_000;
  return cap;
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
  if (download) reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(download)}`);
  return sendSongAudio(request, reply, services, id, bitrate);
}

/** A stream from its start (not a seek, not HEAD) is a song starting: it shows in getNowPlaying. */
const startsPlaying = (request: FastifyRequest): boolean =>
  request.method === 'GET' && (request.headers.range === undefined || /^bytes=0-/.test(request.headers.range));

export async function stream(request: FastifyRequest, reply: FastifyReply, services: Services, params: SubsonicParams, userId: number) {
  const id = parseId('song', params.required('id'));
  services.subsonic.library.record(id);
  if (startsPlaying(request)) services.nowPlaying.started(userId, params.string('c'), id);
  return sendAudio(request, reply, services, id, streamBitrate(params, services.audio.quality(id).type));
}

export async function download(request: FastifyRequest, reply: FastifyReply, services: Services, params: SubsonicParams) {
  const id = parseId('song', params.required('id'));
  const song = services.subsonic.library.record(id);
  const type = services.audio.quality(id).type;
  return sendAudio(request, reply, services, id, null, `${song.artists[0]?.name ?? ''} - ${song.name}.${type}`.replace(/^ - /, ''));
}

/** getCoverArt: `al-`, `ar-`, `pl-` ids or a song's (its album's cover); `size` is the longer side. */
export async function coverArt(request: FastifyRequest, reply: FastifyReply, services: Services, params: SubsonicParams) {
  const { kind, id } = parseAnyId(params.required('id'));
  const size = params.int('size', 0, 0, 2048);
  const side = size > 0 ? Math.max(16, size) : undefined;
  let image: { kind: 'album' | 'artist' | 'playlist'; id: number };
  if (kind === 'song') {
    image = { kind: 'album', id: services.subsonic.library.record(id).albumId };
  } else image = { kind, id };
  const file = await services.images.ensure(image.kind, image.id, side ? { width: side, height: side } : undefined, requestSignal(reply));
  if (!file) throw notFoundError('Cover art');
  const open = await services.files.acquire(file.path);
  return sendFile(request, reply, {
    file: open,
    contentType: 'image/jpeg',
    etag: `"${open.size.toString(16)}-${Math.floor(open.mtimeMs).toString(16)}"`,
    cacheControl: CACHE_FOR_A_DAY,
  });
}
