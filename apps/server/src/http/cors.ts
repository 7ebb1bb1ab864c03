import type { FastifyInstance } from 'fastify';

/**
 * API-only mode serves the desktop shell, whose pages come from another origin (a file or
 * custom scheme), so the API answers cross-origin requests with credentials, as
 * NeteaseCloudMusicApi does. Audio needs it too: Web Audio only hears cross-origin media
 * that CORS allows. The browser build is same-origin and does not enable this.
 */
export function allowCrossOrigin(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (!origin) return;
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-allow-credentials', 'true');
    reply.header('vary', 'Origin');
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      reply.header('access-control-allow-methods', 'GET, HEAD, POST, OPTIONS');
      reply.header('access-control-allow-headers', request.headers['access-control-request-headers'] ?? 'content-type');
      reply.header('access-control-max-age', '600');
      return reply.code(204).send();
    }
  });
}
