import { endpoints } from '@cloudtune/contract';
import type { FastifyInstance } from 'fastify';
import { ApiError, badRequest } from '../errors.ts';
import { urlsFor } from '../http/api-base.ts';
import { requireUser } from '../http/auth.ts';
import { sendNotFound } from '../http/errors.ts';
import { parseParams, rawParams } from '../http/params.ts';
import { sendFile } from '../http/send-file.ts';
import { AVATAR_MAX_BYTES, AVATAR_TOO_LARGE_MSG } from '../services/accounts/avatar.ts';
import type { RouteOptions } from './options.ts';

/** The field the picture comes in (NetEase's avatar_upload). */
const FILE_FIELD = 'imgFile';

const isTooLarge = (err: unknown): boolean => (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';
const MALFORMED_MSG = `${FILE_FIELD}: the multipart/form-data body is malformed or ends early`;

/** The body's own failures (no boundary, a broken header, cut short) are the client's: 413 or 400, never 500. */
function uploadError(err: unknown): unknown {
  if (isTooLarge(err)) return new ApiError(413, AVATAR_TOO_LARGE_MSG);
  if (err instanceof ApiError) return err;
  const status = (err as { statusCode?: number }).statusCode;
  return status !== undefined && status < 500 ? err : badRequest(MALFORMED_MSG);
}

/**
 * POST /avatar/upload (multipart `imgFile`, `imgSize`/`imgX`/`imgY` in the query or the form) and
 * the uploaded avatars themselves, GET|HEAD /media/avatar/<hash>.jpg: named by content, so
 * cached for good.
 */
export function avatarRoutes(app: FastifyInstance, { services, apiPrefix }: RouteOptions): void {
  app.route({
    method: 'POST',
    url: '/avatar/upload',
    config: { mutates: true, rateLimit: { max: 30, timeWindow: '1 hour', hook: 'preHandler' } },
    handler: async (request) => {
      const user = requireUser(request);
      if (!request.isMultipart()) throw badRequest(`${FILE_FIELD} is required (multipart/form-data)`);
      let part;
      try {
        part = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } });
      } catch (err) {
        throw uploadError(err);
      }
      if (!part || part.fieldname !== FILE_FIELD) throw badRequest(`${FILE_FIELD} is required (multipart/form-data)`);
      const fields = Object.fromEntries(
        Object.entries(part.fields).flatMap(([name, field]) =>
          field && !Array.isArray(field) && field.type === 'field' ? [[name, field.value]] : [],
        ),
      );
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (err) {
        throw uploadError(err);
      }
      const params = parseParams(endpoints['/avatar/upload'].params, rawParams(request.query, fields));
      return services.avatars.upload(user, bytes, params, urlsFor(request, apiPrefix));
    },
  });

  app.route<{ Params: { file: string } }>({
    method: ['GET', 'HEAD'],
    url: '/media/avatar/:file',
    exposeHeadRoute: false,
    handler: async (request, reply) => {
      const hash = /^([0-9a-f]{32})\.jpg$/.exec(request.params.file)?.[1];
      const path = hash && services.avatars.file(hash);
      if (!hash || !path) return sendNotFound(reply);
      const file = await services.files.acquire(path).catch(() => undefined);
      if (!file) return sendNotFound(reply);
      return sendFile(request, reply, {
        file,
        contentType: 'image/jpeg',
        etag: `"${hash}"`,
        cacheControl: 'public, max-age=31536000, immutable',
      });
    },
  });
}
