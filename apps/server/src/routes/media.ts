import { idParam } from '@cloudtune/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { badRequest, notFound } from '../errors.ts';
import { sendNotFound } from '../http/errors.ts';
import { parseParams } from '../http/params.ts';
import { requestSignal } from '../http/request-signal.ts';
import { sendFound } from '../http/send-stored.ts';
import { versionTag } from '../media/media-files.ts';
import { IMAGE_KINDS, type ImageKind } from '../media/urls.ts';
import type { ImageSize } from '../services/images.ts';
import { VARIANT_BITRATES, variantFromKbps, type VariantBitrate } from '../services/transcode-levels.ts';
import type { RouteOptions } from './options.ts';
import { CACHE_FOR_A_DAY, checkRecorded, sendSongAudio } from './song-audio.ts';

const MIN_SIDE = 16;
const MAX_SIDE = 2048;
const idOnly = z.object({ id: idParam('id') });

/** `123`, `123.mp3` or `123.jpg` → 123; the extension is cosmetic, the id is all we use. */
const idFrom = (file: string, ext: string): number =>
  parseParams(idOnly, { id: file.endsWith(ext) ? file.slice(0, -ext.length) : file }).id;

/**
 * `123.flac` → the original; `123-128k.mp3` → at most 128 kbit/s. The extension is cosmetic (the
 * file's real type is sent); nothing in the name but the id and the bitrate is used.
 */
function audioFrom(file: string): { id: number; bitrate: VariantBitrate | null } {
  const m = /^([^.]*?)(?:-(\d{1,4})k)?(?:\.[A-Za-z0-9]{1,5})?$/.exec(file);
  const id = parseParams(idOnly, { id: m ? m[1] : file }).id;
  if (m?.[2] === undefined) return { id, bitrate: null };
  const bitrate = variantFromKbps(Number(m[2]));
  if (!bitrate) throw badRequest(`bitrate must be one of ${VARIANT_BITRATES.map((b) => `${b / 1000}k`).join(', ')}`);
  return { id, bitrate };
}

/** NetEase's image size forms: `?param=200y200` (its CDN) or `200x200`; sides clamped to 16..2048. */
export function parseImageSize(param: unknown): ImageSize | undefined {
  if (param === undefined || param === '') return undefined;
  const m = typeof param === 'string' ? /^(\d{1,5})[xy](\d{1,5})$/.exec(param.trim()) : null;
  if (!m) throw badRequest('param must look like 200y200 (width y height)');
  const clamp = (n: number) => Math.min(MAX_SIDE, Math.max(MIN_SIDE, n));
  return { width: clamp(Number(m[1])), height: clamp(Number(m[2])) };
}

/** Headers for a song whose file is not made yet (HEAD makes nothing, so it has no length to tell). */
const sendNotMade = (reply: FastifyReply, type: string): FastifyReply =>
  reply
    .header('accept-ranges', 'bytes')
    .type(type === 'mp3' ? 'audio/mpeg' : `audio/${type}`)
    .send();

export function mediaRoutes(app: FastifyInstance, { services }: RouteOptions): void {
  app.route<{ Params: { file: string } }>({
    method: ['GET', 'HEAD'],
    url: '/media/audio/:file',
    exposeHeadRoute: false,
    handler: async (request, reply) => {
      const { id, bitrate } = audioFrom(request.params.file);
      if (request.method === 'HEAD') {
        // HEAD never renders: a file not made yet answers its type without a length.
        const notMade = new Error('not made');
        try {
          await sendFound(
            request,
            reply,
            services.media,
            async (fresh) => {
              const audio = await services.songs.audioFile(id, bitrate, { fresh });
              if (audio === 'not-made') throw notMade;
              return audio;
            },
            (audio) => audio.ref,
            (audio, opened) => {
              checkRecorded(services.media, audio, opened);
              return { contentType: audio.mimeType, etag: `"${audio.key}"`, cacheControl: CACHE_FOR_A_DAY };
            },
          );
          return reply;
        } catch (err) {
          if (err !== notMade) throw err;
          return sendNotMade(reply, bitrate === null ? (await services.audio.quality(id)).type : 'mp3');
        }
      }
      return sendSongAudio(request, reply, services, id, bitrate);
    },
  });

  app.route<{ Params: { kind: string; file: string }; Querystring: { param?: unknown } }>({
    method: ['GET', 'HEAD'],
    url: '/media/image/:kind/:file',
    exposeHeadRoute: false,
    handler: async (request, reply) => {
      const kind = request.params.kind;
      if (!(IMAGE_KINDS as readonly string[]).includes(kind)) return sendNotFound(reply);
      const id = idFrom(request.params.file, '.jpg');
      const size = parseImageSize(request.query.param);
      const signal = requestSignal(reply);
      await sendFound(
        request,
        reply,
        services.media,
        async (fresh) => {
          const image = await services.images.ensure(kind as ImageKind, id, size, signal, fresh);
          if (!image) throw notFound(kind, id);
          return image;
        },
        (image) => image,
        (_image, opened) => ({ contentType: 'image/jpeg', etag: versionTag(opened), cacheControl: CACHE_FOR_A_DAY }),
      );
      return reply;
    },
  });
}
