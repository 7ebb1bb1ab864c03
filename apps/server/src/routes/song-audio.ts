import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestSignal } from '../http/request-signal.ts';
import { sendFile } from '../http/send-file.ts';
import { sendLive } from '../http/send-live.ts';
import type { Services } from '../services/index.ts';
import type { VariantBitrate } from '../services/transcode-levels.ts';

export const CACHE_FOR_A_DAY = 'public, max-age=86400';
const isMissing = (err: unknown): boolean => (err as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Sends a song's audio — the original, or the variant at most `bitrate` — with Range support:
 * a file on disk, or one being made, read as it grows. The NetEase media route and Subsonic's
 * stream and download all answer through it. When the listener leaves, work only it waited for stops.
 */
export async function sendSongAudio(
  request: FastifyRequest,
  reply: FastifyReply,
  services: Services,
  id: number,
  bitrate: VariantBitrate | null,
): Promise<FastifyReply> {
  const signal = requestSignal(reply);
  // Resolves false when the file found has vanished since (a FastifyReply is thenable: not returned through await).
  const send = async (fresh: boolean): Promise<boolean> => {
    const source = await services.songs.stream(id, bitrate, { signal, fresh });
    if (source.kind === 'live') {
      sendLive(request, reply, { live: source.live, contentType: source.mimeType, cacheControl: CACHE_FOR_A_DAY });
      return true;
    }
    const found = source.file;
    const file = await services.files.acquire(found.path).catch((err: unknown) => {
      if (fresh || !isMissing(err)) throw err;
      return undefined;
    });
    if (file) sendFile(request, reply, { file, contentType: found.mimeType, etag: `"${found.key}"`, cacheControl: CACHE_FOR_A_DAY });
    return file !== undefined;
  };
  // A file evicted or deleted since it was found is found afresh (made again if need be).
  if (!(await send(false))) await send(true);
  return reply;
}
