import { createReadStream } from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseRange } from './range.ts';

export interface FileToSend {
  path: string;
  size: number;
  contentType: string;
  etag: string;
  cacheControl: string;
}

/**
 * Streams a media file (never buffering it whole) with Range support: 206 + Content-Range for
 * a satisfiable range, 416 with a Content-Range naming only the size otherwise, 304 for a matching ETag.
 * HEAD gets the same headers and no body.
 */
export function sendFile(request: FastifyRequest, reply: FastifyReply, file: FileToSend): FastifyReply {
  reply.header('accept-ranges', 'bytes');
  const range = parseRange(request.headers.range, file.size);
  if (range.kind === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${file.size}`).send({ code: 416, msg: 'range not satisfiable' });
  }
  reply.header('content-type', file.contentType).header('cache-control', file.cacheControl).header('etag', file.etag);
  if (range.kind === 'full' && request.headers['if-none-match'] === file.etag) return reply.code(304).send();
  const [start, end] = range.kind === 'partial' ? [range.start, range.end] : [0, file.size - 1];
  if (range.kind === 'partial') reply.code(206).header('content-range', `bytes ${start}-${end}/${file.size}`);
  reply.header('content-length', String(end - start + 1));
  if (request.method === 'HEAD' || file.size === 0) return reply.send();
  return reply.send(createReadStream(file.path, { start, end }));
}
