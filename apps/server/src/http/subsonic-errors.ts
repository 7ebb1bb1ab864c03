import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, SUBSONIC_ERRORS, SubsonicError } from '../errors.ts';
import { StorageUnavailable } from '../media/storage.ts';
import { QueueFullError } from '../media/work.ts';
import { rawParams } from './params.ts';
import { formatOf, sendError, SUBSONIC_MESSAGES } from './subsonic-envelope.ts';

/** Our own errors' codes in Subsonic's terms: not found → 70, someone else's (401/403) → 50, the rest → 0. */
function subsonicCodeOf(err: ApiError): number {
  if (err.code === 404) return SUBSONIC_ERRORS.notFound;
  if (err.code === 401 || err.code === 403) return SUBSONIC_ERRORS.notAuthorized;
  return SUBSONIC_ERRORS.generic;
}

/** Our refusals about the transfer rather than the call keep their HTTP status: a range past the end (416), come back later (429, 503). */
const HTTP_LEVEL = new Set([416, 429, 503]);

/**
 * The error handler of /rest: what the methods throw and what fails before them (a body that does
 * not parse or is too large, a hook's refusal) becomes a failed envelope in the format the query
 * asked for. Subsonic's errors and our own keep their words, which never repeat the request;
 * Fastify's are replaced by fixed ones; anything else is logged and answered as an internal error.
 * HTTP 200 as the spec says, except 413 (the body was not read), 416 (a range past the end), 429 and
 * 503 (come back later).
 */
export function answerSubsonicError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): FastifyReply | void {
  // The client left, or a stream's bytes already began: there is no document to send.
  if (error.name === 'AbortError' || reply.raw.destroyed) return reply.hijack();
  if (reply.raw.headersSent) {
    reply.raw.destroy();
    return reply.hijack();
  }
  const raw = rawParams(request.query, request.body);
  const format = formatOf(raw.f, raw.callback);
  // What the store said is for the log; the client hears 503, come back shortly.
  if (error instanceof StorageUnavailable) request.log.error({ err: error.cause ?? error, why: error.why }, 'media storage unavailable');
  if ((error instanceof SubsonicError || error instanceof ApiError) && error.retryAfterS !== undefined) {
    reply.header('retry-after', String(error.retryAfterS));
  }
  if (error instanceof SubsonicError) return sendError(reply, format, error.code, error.message);
  if (error instanceof QueueFullError) {
    reply.header('retry-after', '2');
    return sendError(reply, format, SUBSONIC_ERRORS.generic, SUBSONIC_MESSAGES.busy, 503);
  }
  if (error instanceof ApiError) {
    return sendError(reply, format, subsonicCodeOf(error), error.message, HTTP_LEVEL.has(error.code) ? error.code : 200);
  }
  const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status === 413) return sendError(reply, format, SUBSONIC_ERRORS.generic, SUBSONIC_MESSAGES.bodyTooLarge, 413);
  if (status === 415) return sendError(reply, format, SUBSONIC_ERRORS.generic, SUBSONIC_MESSAGES.unsupportedBody);
  if (status >= 400 && status < 500) {
    const body = 'code' in error && typeof error.code === 'string' && error.code.startsWith('FST_ERR_CTP_');
    return sendError(
      reply,
      format,
      SUBSONIC_ERRORS.generic,
      body || error instanceof SyntaxError ? SUBSONIC_MESSAGES.badBody : SUBSONIC_MESSAGES.badRequest,
    );
  }
  request.log.error({ err: error }, 'request failed');
  return sendError(reply, format, SUBSONIC_ERRORS.generic, SUBSONIC_MESSAGES.internal);
}
