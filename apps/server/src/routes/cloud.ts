import type { ResponseOf } from '@cloudtune/contract';
import type { FastifyInstance } from 'fastify';
import { ApiError, badRequest } from '../errors.ts';
import { requireUser } from '../http/auth.ts';
import { endpoint } from '../http/endpoint.ts';
import { sendNotFound } from '../http/errors.ts';
import { filePart, fileRequired } from '../http/multipart.ts';
import { requestSignal } from '../http/request-signal.ts';
import { sendMedia } from '../http/send-stored.ts';
import { isMissing } from '../media/storage.ts';
import { CLOUD_REFUSED_MSG, cleanFileName, cloudFull, MALFORMED_MSG } from '../services/cloud/index.ts';
import type { RouteOptions } from './options.ts';

/** The field the song comes in (NetEase's cloud upload). */
const FILE_FIELD = 'songFile';

/**
 * The cloud drive: POST /cloud (multipart `songFile`, streamed to disk, never held in memory),
 * /user/cloud, /user/cloud/detail, /user/cloud/del, and the songs themselves,
 * GET|HEAD /media/cloud/<id>.<ext> — for their owner's session or a URL /song/url signed for them.
 */
export function cloudRoutes(app: FastifyInstance, { services, apiPrefix }: RouteOptions): void {
  app.route({
    method: 'POST',
    url: '/cloud',
    config: { mutates: true, rateLimit: { max: 200, timeWindow: '1 hour', hook: 'preHandler' } },
    // An upload is no endpoint() (its body is a stream, not params), but answers the contract's response all the same.
    handler: async (request, reply): Promise<ResponseOf<'/cloud'>> => {
      const user = requireUser(request);
      if (!request.isMultipart()) throw fileRequired(FILE_FIELD);
      // The part may hold at most what is left of the quota (the avatar route keeps its own 5 MB).
      const room = await services.cloud.remaining(user.id);
      if (room === 0) throw cloudFull();
      const part = await filePart(request, { maxBytes: room, tooLarge: cloudFull, malformed: () => badRequest(MALFORMED_MSG) });
      if (!part || part.fieldname !== FILE_FIELD) {
        part?.file.resume();
        throw fileRequired(FILE_FIELD);
      }
      return services.cloud.upload(user, { stream: part.file, fileName: cleanFileName(part.filename) }, requestSignal(reply));
    },
  });

  endpoint(app, apiPrefix, '/user/cloud', async (p, { user }) => await services.cloud.list(user, p.limit, p.offset), { auth: true });
  endpoint(app, apiPrefix, '/user/cloud/detail', async (p, { user }) => await services.cloud.detail(user, p.id), { auth: true });
  endpoint(app, apiPrefix, '/user/cloud/del', (p, { user }) => services.cloud.remove(user, p.id), { auth: true, mutates: true });

  app.route<{ Params: { file: string }; Querystring: { t?: unknown } }>({
    method: ['GET', 'HEAD'],
    url: '/media/cloud/:file',
    exposeHeadRoute: false,
    handler: async (request, reply) => {
      // `<id>` or `<id>.<ext>`: the extension is cosmetic, the file's real type is sent.
      const m = /^(\d{1,15})(?:\.[A-Za-z0-9]{1,5})?$/.exec(request.params.file);
      const token = typeof request.query.t === 'string' ? request.query.t : undefined;
      const found = m ? await services.cloud.file(Number(m[1]), request.user, token) : undefined;
      if (!found) return sendNotFound(reply);
      if (found === 'refused') throw new ApiError(403, CLOUD_REFUSED_MSG);
      const opened = await services.media.open(found).catch((err: unknown) => (isMissing(err) ? undefined : Promise.reject(err)));
      if (!opened) return sendNotFound(reply);
      // Only this user may hear it: no shared cache keeps a copy, and the browser's own asks again each
      // time (a 304 when allowed), so a copy it kept is not played after a logout or by the next user.
      await sendMedia(request, reply, services.media, opened, {
        contentType: found.mimeType,
        etag: found.etag,
        cacheControl: 'private, no-cache',
      }).catch((err: unknown) => (isMissing(err) ? sendNotFound(reply) : Promise.reject(err)));
      return reply;
    },
  });
}
