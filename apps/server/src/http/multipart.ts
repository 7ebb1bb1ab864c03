import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

/** Uploads (the avatar's `imgFile`): one file and a few small fields per request; routes set the file size. */
export async function acceptMultipart(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, { limits: { files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 100 } });
}
