import type { FastifyReply } from 'fastify';

/**
 * Aborts when the client goes away before the response is complete, so work only it waited
 * for (a rendering, a transcode) can stop. Created lazily: most requests never need it.
 */
export function requestSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const res = reply.raw;
  if (res.destroyed) controller.abort();
  else res.once('close', () => (res.writableFinished ? undefined : controller.abort()));
  return controller.signal;
}
