import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LiveLease } from '../media/live-file.ts';
import { parseGrowingRange, parseRange } from './range.ts';
import { rangeNotSatisfiable } from './send-file.ts';

export interface LiveToSend {
  live: LiveLease;
  contentType: string;
  cacheControl: string;
}

/**
 * Streams a file still being made (a song being rendered or transcoded) as it grows; the lease
 * is released when the response ends, however it ends. No validators yet (the md5 is known at
 * the end), so If-Range never matches and conditional requests get the bytes.
 *
 * - Final size known ahead (demo songs): exactly what a finished file would get — 200 with
 *   Content-Length, 206 `bytes a-b/size` for any satisfiable range (bytes not made yet are sent
 *   as they come), 416 past the end — so a browser sees a seekable file of known duration.
 * - Size unknown (a transcode): 200 without Content-Length (chunked); a range starting inside
 *   what is written gets those bytes as 206 `bytes a-b/*`; any other range the whole stream.
 */
export function sendLive(request: FastifyRequest, reply: FastifyReply, { live, contentType, cacheControl }: LiveToSend): FastifyReply {
  reply.header('accept-ranges', 'bytes').header('cache-control', cacheControl);
  const header = request.headers['if-range'] === undefined ? request.headers.range : undefined;
  const size = live.size;
  let start = 0;
  let end: number | undefined;
  if (size !== undefined) {
    const range = parseRange(header, size);
    if (range.kind === 'unsatisfiable') {
      live.release();
      throw rangeNotSatisfiable(reply, size);
    }
    [start, end] = range.kind === 'partial' ? [range.start, range.end] : [0, size - 1];
    if (range.kind === 'partial') reply.code(206).header('content-range', `bytes ${start}-${end}/${size}`);
    reply.header('content-length', String(end - start + 1));
  } else {
    const range = parseGrowingRange(header, live.written);
    if (range.kind === 'partial') {
      [start, end] = [range.start, range.end];
      reply
        .code(206)
        .header('content-range', `bytes ${start}-${end}/*`)
        .header('content-length', String(end - start + 1));
    }
  }
  reply.header('content-type', contentType);
  reply.hijack();
  const res = reply.raw;
  if (res.destroyed) {
    live.release();
    return reply;
  }
  res.writeHead(reply.statusCode, reply.getHeaders() as Record<string, string>);
  // Now, not with the first bytes: a range not made yet may wait for them.
  res.flushHeaders();
  const stream = live.stream(start, end);
  res.once('close', () => {
    if (!stream.readableEnded) stream.destroy();
  });
  stream.once('error', () => res.destroy());
  stream.pipe(res);
  return reply;
}
