import { endpoints, type ResponseOf } from '@cloudtune/contract';
import type { FastifyInstance } from 'fastify';
import { ApiError, badRequest } from '../errors.ts';
import { urlsFor } from '../http/api-base.ts';
import { requireUser } from '../http/auth.ts';
import { sendNotFound } from '../http/errors.ts';
import { filePart, fileRequired, readWholeFile, type UploadRule } from '../http/multipart.ts';
import { parseParams, rawParams } from '../http/params.ts';
import { sendMedia } from '../http/send-stored.ts';
import { isMissing } from '../media/storage.ts';
import { AVATAR_MAX_BYTES, AVATAR_TOO_LARGE_MSG } from '../services/accounts/avatar.ts';
import type { RouteOptions } from './options.ts';

/** The field the picture comes in (NetEase's avatar_upload). */
const FILE_FIELD = 'imgFile';

/** The picture is read whole into memory (sharp takes a buffer): at most 5 MB of it. */
const UPLOAD: UploadRule = {
  maxBytes: AVATAR_MAX_BYTES,
  tooLarge: () => new ApiError(413, AVATAR_TOO_LARGE_MSG),
  malformed: () => badRequest(`${FILE_FIELD}: the multipart/form-data body is malformed or ends early`),
};

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
    // An upload is no endpoint() (its body is a file, not params), but answers the contract's response all the same.
    handler: async (request): Promise<ResponseOf<'/avatar/upload'>> => {
      const user = requireUser(request);
      if (!request.isMultipart()) throw fileRequired(FILE_FIELD);
      const part = await filePart(request, UPLOAD);
      if (!part || part.fieldname !== FILE_FIELD) {
        part?.file.resume();
        throw fileRequired(FILE_FIELD);
      }
      const fields = Object.fromEntries(
        Object.entries(part.fields).flatMap(([name, field]) =>
          field && !Array.isArray(field) && field.type === 'field' ? [[name, field.value]] : [],
        ),
      );
      const bytes = await readWholeFile(part, UPLOAD);
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
      const stored = hash && (await services.avatars.file(hash));
      if (!hash || !stored) return sendNotFound(reply);
      const opened = await services.media.open(stored).catch((err: unknown) => (isMissing(err) ? undefined : Promise.reject(err)));
      if (!opened) return sendNotFound(reply);
      await sendMedia(request, reply, services.media, opened, {
        contentType: 'image/jpeg',
        etag: `"${hash}"`,
        cacheControl: 'public, max-age=31536000, immutable',
      }).catch((err: unknown) => (isMissing(err) ? sendNotFound(reply) : Promise.reject(err)));
      return reply;
    },
  });
}
