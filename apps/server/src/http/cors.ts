import fastifyCors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import type { OriginPolicy } from './origins.ts';

/**
 * Cross-origin calls with the user's cookies are answered for allow-listed origins only (the
 * desktop shell, whose pages come from its own scheme, and CLOUDTUNE_ALLOWED_ORIGINS). Audio
 * needs it too: Web Audio only hears cross-origin media that CORS allows. Any other origin
 * gets no Access-Control-Allow-Origin, so its page cannot read an answer; the browser build is
 * same-origin and needs none.
 */
export async function allowCrossOrigin(app: FastifyInstance, policy: OriginPolicy): Promise<void> {
  await app.register(fastifyCors, {
    origin: (origin, callback) => callback(null, origin !== undefined && policy.allowed(origin)),
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'OPTIONS'],
    maxAge: 600,
    strictPreflight: false,
  });
}
