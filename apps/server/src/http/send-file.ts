import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors.ts';
import { FileRangeStream } from '../media/file-range-stream.ts';
import type { OpenFile } from '../media/open-files.ts';
import { httpDate, notModified, rangeStillValid } from './conditional.ts';
import { parseRange } from './range.ts';

export interface FileToSend {
  file: OpenFile;
  contentType: string;
  /** strong, quoted */
  etag: string;
  cacheControl: string;
}

/**
 * Large reads: one 1 MB read (or the rest of the range, if smaller) per chunk keeps a song to a
 * couple of syscalls, which is what lets Node stream at close to a static server's speed.
 */
const READ_CHUNK = 1 << 20;

/**
 * A well-formed range that selects nothing: 416 naming only the size. Thrown, so that the error
 * handler of the route's API words the body (`{code, msg}`, or a Subsonic envelope under /rest).
 */
export function rangeNotSatisfiable(reply: FastifyReply, size: number): ApiError {
  reply.code(416).header('content-range', `bytes */${size}`);
  return new ApiError(416, 'range not satisfiable');
}

/**
 * Streams an open media file (never buffering it whole) with Range support (RFC 9110): 206 +
 * Content-Range for a satisfiable range, 416 naming only the size for an unsatisfiable one,
 * malformed ranges ignored; 304 for a current If-None-Match / If-Modified-Since; If-Range
 * honoured. HEAD gets the same headers and no body. The file is released when the response
 * ends, however it ends.
 */
export function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  { file, contentType, etag, cacheControl }: FileToSend,
): FastifyReply {
  const validators = { etag, mtimeMs: file.mtimeMs };
  reply
    .header('accept-ranges', 'bytes')
    .header('etag', etag)
    .header('last-modified', httpDate(file.mtimeMs))
    .header('cache-control', cacheControl);
  if (notModified(request.headers, validators)) {
    file.release();
    return reply.code(304).send();
  }
  const range = rangeStillValid(request.headers, validators) ? parseRange(request.headers.range, file.size) : { kind: 'full' as const };
  if (range.kind === 'unsatisfiable') {
    file.release();
    throw rangeNotSatisfiable(reply, file.size);
  }
  const [start, end] = range.kind === 'partial' ? [range.start, range.end] : [0, file.size - 1];
  if (range.kind === 'partial') reply.code(206).header('content-range', `bytes ${start}-${end}/${file.size}`);
  reply.header('content-type', contentType).header('content-length', String(end - start + 1));
  if (request.method === 'HEAD' || file.size === 0) {
    file.release();
    return reply.send();
  }
  // Sent past Fastify's reply pipeline (hooks, serializers): nothing in it applies to bytes of
  // a file, and skipping it is what brings Node close to a static server here.
  reply.hijack();
  const res = reply.raw;
  res.writeHead(reply.statusCode, reply.getHeaders() as Record<string, string>);
  if (file.bytes) {
    // A hot file: straight from memory, no copy (a view of the kept buffer).
    res.end(file.bytes.subarray(start, end + 1), file.release);
    res.once('close', file.release);
    return reply;
  }
  const stream = new FileRangeStream(file.fd, start, end, READ_CHUNK);
  res.once('close', () => {
    file.release();
    if (!stream.readableEnded) stream.destroy();
  });
  stream.once('error', () => res.destroy());
  stream.pipe(res);
  return reply;
}
