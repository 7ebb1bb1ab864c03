import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors.ts';
import { StorageUnavailable } from '../media/storage.ts';
import { QueueFullError } from '../media/work.ts';

export const INTERNAL_ERROR_MSG = '服务器内部错误';
export const BUSY_MSG = '服务器繁忙，请稍后再试';
/** A JSON or form body past Fastify's bodyLimit (1 MiB); uploads have their own limits and words. */
export const BODY_TOO_LARGE_MSG = '请求内容过大';

/**
 * NetEase's rule, as its clients expect it: HTTP status = code, except that codes outside
 * HTTP's range (e.g. -2 重复签到) go out as 400 and a few codes that are answers rather than
 * failures — 502 wrong password among them — as 200. (Its 400 → 200 is not followed: 400 here
 * means bad params, whoever sends them.)
 */
const ANSWERED_WITH_200 = new Set([201, 302, 502, 800, 801, 802, 803]);
export const httpStatusOf = (code: number): number =>
  !Number.isInteger(code) || code < 100 || code > 599 ? 400 : ANSWERED_WITH_200.has(code) ? 200 : code;

/**
 * The one place errors become responses: `{code, msg}` with the HTTP status equal to `code`.
 * Our own ApiErrors and Fastify's 4xx (bad JSON, body too large, unsupported media type) say
 * what went wrong; anything else is logged and answered with a generic 500, never internals.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) => {
    // The client left before its answer was ready: there is nobody to answer.
    if (error.name === 'AbortError' || reply.raw.destroyed) return reply.hijack();
    // Whatever the failing handler had set (a page's text/html), an error is JSON.
    reply.type('application/json; charset=utf-8');
    if (error instanceof QueueFullError) {
      return reply.code(503).header('retry-after', '2').send({ code: 503, msg: BUSY_MSG });
    }
    // What the store said is for the log; the client hears 503, come back shortly.
    if (error instanceof StorageUnavailable) request.log.error({ err: error.cause ?? error, why: error.why }, 'media storage unavailable');
    if (error instanceof ApiError) {
      if (error.retryAfterS === undefined) return reply.code(httpStatusOf(error.code)).send({ code: error.code, msg: error.message });
      return reply
        .code(httpStatusOf(error.code))
        .header('retry-after', String(error.retryAfterS))
        .send({ code: error.code, msg: error.message, retryAfter: error.retryAfterS });
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 413) return reply.code(413).send({ code: 413, msg: BODY_TOO_LARGE_MSG });
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ code: status, msg: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ code: 500, msg: INTERNAL_ERROR_MSG });
  });
}

/** `{code:404, msg:"Not Found"}`, the body NeteaseCloudMusicApi gives an unknown path. */
export const sendNotFound = (reply: FastifyReply): FastifyReply => reply.code(404).send({ code: 404, msg: 'Not Found' });
