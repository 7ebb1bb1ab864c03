import type { FastifyReply } from 'fastify';

/**
 * Aborts when the client goes away before the response is complete, so work only it waited
 * for (a rendering, a transcode) can stop. A response whose last bytes were handed over (ended)
 * is complete even if the client closes before they are flushed: a listener who got a whole
 * song as it was rendered must not cancel the rendering's last step. Created lazily: most
 * requests never need it.
 */
export function requestSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const res = reply.raw;
  if (res.destroyed) controller.abort();
  else res.once('close', () => (res.writableEnded ? undefined : controller.abort()));
  return controller.signal;
}
