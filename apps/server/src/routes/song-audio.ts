import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestSignal } from '../http/request-signal.ts';
import { sendLive } from '../http/send-live.ts';
import { sendMedia } from '../http/send-stored.ts';
import type { MediaFiles, OpenedMedia } from '../media/media-files.ts';
import { isMissing, StorageMissing } from '../media/storage.ts';
import type { AudioFile, AudioSource } from '../services/audio.ts';
import type { Services } from '../services/index.ts';
import type { Variant } from '../services/transcode-formats.ts';
import type { VariantBitrate } from '../services/transcode-levels.ts';

export const CACHE_FOR_A_DAY = 'public, max-age=86400';

/**
 * A stored file is found by its row, which is trusted without asking the storage (services/audio.ts
 * renderedFile): the object opened must be the one recorded. One of another size was cut short
 * or replaced behind the server's back, and counts as missing (the song is looked up afresh).
 */
export function checkRecorded(media: MediaFiles, found: AudioFile, opened: OpenedMedia): void {
  if (!('object' in found.ref) || opened.size === found.size) return;
  media.forget(found.ref.object);
  throw new StorageMissing(found.ref.object);
}

/**
 * Sends audio found by `find` with Range support: a file on disk or in storage, or one being
 * made, read as it grows. A file evicted or deleted between being found and being sent is found
 * afresh (made again if need be). When the listener leaves, work only it waited for stops.
 */
async function sendAudioSource(
  request: FastifyRequest,
  reply: FastifyReply,
  services: Services,
  find: (signal: AbortSignal, fresh: boolean) => Promise<AudioSource>,
): Promise<FastifyReply> {
  const signal = requestSignal(reply);
  // Resolves false when the file found has vanished since (a FastifyReply is thenable: not returned through await).
  const send = async (fresh: boolean): Promise<boolean> => {
    const source = await find(signal, fresh);
    if (source.kind === 'live') {
      sendLive(request, reply, { live: source.live, contentType: source.mimeType, cacheControl: CACHE_FOR_A_DAY });
      return true;
    }
    const found = source.file;
    try {
      const opened = await services.media.open(found.ref);
      checkRecorded(services.media, found, opened);
      await sendMedia(request, reply, services.media, opened, {
        contentType: found.mimeType,
        etag: `"${found.key}"`,
        cacheControl: CACHE_FOR_A_DAY,
      });
      return true;
    } catch (err) {
      if (fresh || !isMissing(err)) throw err;
      return false;
    }
  };
  if (!(await send(false))) await send(true);
  return reply;
}

/**
 * Sends a song's audio — the original, or the MP3 variant at most `bitrate` — with Range support.
 * The NetEase media route and Subsonic's stream and download all answer through it.
 */
export function sendSongAudio(
  request: FastifyRequest,
  reply: FastifyReply,
  services: Services,
  id: number,
  bitrate: VariantBitrate | null,
): Promise<FastifyReply> {
  return sendAudioSource(request, reply, services, (signal, fresh) => services.songs.stream(id, bitrate, { signal, fresh }));
}

/** Sends a song's original transcoded to `variant`, from `offsetS` seconds in (Subsonic's stream and getTranscodeStream). */
export function sendTranscodedAudio(
  request: FastifyRequest,
  reply: FastifyReply,
  services: Services,
  id: number,
  variant: Variant,
  offsetS = 0,
): Promise<FastifyReply> {
  return sendAudioSource(request, reply, services, (signal) => services.songs.transcoded(id, variant, { signal, offsetS }));
}
