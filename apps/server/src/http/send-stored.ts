import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MediaFiles, MediaRef, OpenedMedia } from '../media/media-files.ts';
import { isMissing } from '../media/storage.ts';
import { httpDate, notModified, rangeStillValid } from './conditional.ts';
import { parseRange } from './range.ts';
import { rangeNotSatisfiable, sendFile } from './send-file.ts';

export interface MediaToSend {
  contentType: string;
  /** strong, quoted */
  etag: string;
  cacheControl: string;
}

/**
 * How long a signed URL a redirect hands out plays: as long as a signed cloud-song URL from
 * /song/url (NetEase's `expi`), so a song started near the end of it still seeks to its end.
 */
export const SIGNED_URL_TTL_S = 1200;

/**
 * Sends an opened media file with the rules of sendFile (Range, 206/416, ETag, If-None-Match,
 * If-Modified-Since, If-Range, Cache-Control, HEAD) wherever it is kept:
 *
 * - on this machine's disk: sendFile;
 * - in remote storage, proxied (the default): the headers are the server's own, computed as for a
 *   file, and the range asked for is fetched from the store and piped to the client;
 * - in remote storage, redirected: a current client copy still gets 304 and HEAD its headers; a
 *   GET is sent to a URL the store signed for SIGNED_URL_TTL_S seconds (the store answers the
 *   Range itself), carrying the Content-Type, Cache-Control and Content-Disposition the server
 *   would have sent. The caller has already applied the owner rules.
 *
 * Resolves once the answer is under way (a FastifyReply is thenable: it is not resolved with it).
 * Rejects with code ENOENT, before anything is sent, when the object vanished since it was opened
 * (evicted, deleted): the caller may find it afresh.
 */
export async function sendMedia(
  request: FastifyRequest,
  reply: FastifyReply,
  media: MediaFiles,
  opened: OpenedMedia,
  { contentType, etag, cacheControl }: MediaToSend,
): Promise<void> {
  if (opened.kind === 'file') {
    sendFile(request, reply, { file: opened.file, contentType, etag, cacheControl });
    return;
  }
  const { key, size, mtimeMs } = opened;
  const validators = { etag, mtimeMs };
  // A retry after a vanished object starts over.
  reply.code(200);
  reply
    .header('accept-ranges', 'bytes')
    .header('etag', etag)
    .header('last-modified', httpDate(mtimeMs))
    .header('cache-control', cacheControl);
  if (notModified(request.headers, validators)) {
    reply.code(304).send();
    return;
  }
  if (media.remoteMode === 'redirect' && request.method === 'GET' && media.storage.presign) {
    const disposition = reply.getHeader('content-disposition');
    const location = await media.storage.presign(key, SIGNED_URL_TTL_S, {
      contentType,
      cacheControl,
      ...(typeof disposition === 'string' ? { contentDisposition: disposition } : {}),
    });
    // The redirect itself is kept by nobody: its URL expires, and the owner rules are checked on each request.
    for (const name of ['accept-ranges', 'etag', 'last-modified', 'content-disposition']) reply.removeHeader(name);
    reply.code(302).header('cache-control', 'private, no-store').header('location', location).send();
    return;
  }
  const range = rangeStillValid(request.headers, validators) ? parseRange(request.headers.range, size) : { kind: 'full' as const };
  if (range.kind === 'unsatisfiable') throw rangeNotSatisfiable(reply, size);
  const [start, end] = range.kind === 'partial' ? [range.start, range.end] : [0, size - 1];
  if (range.kind === 'partial') reply.code(206).header('content-range', `bytes ${start}-${end}/${size}`);
  reply.header('content-type', contentType).header('content-length', String(end - start + 1));
  if (request.method === 'HEAD' || size === 0) {
    reply.send();
    return;
  }
  // Fetched before a byte is sent: an object gone since its stat is the caller's to find again.
  const body = await media.storage.get(key, { start, end }).catch((err: unknown) => {
    media.forget(key);
    throw err;
  });
  reply.hijack();
  const res = reply.raw;
  res.writeHead(reply.statusCode, reply.getHeaders() as Record<string, string>);
  let sent = 0;
  body.on('data', (chunk: Buffer) => (sent += chunk.length));
  res.once('close', () => {
    if (!body.readableEnded) body.destroy();
  });
  // A store that fails or ends short mid-body: the client's connection is cut, so it never takes
  // a short body for the whole range.
  body.once('error', () => res.destroy());
  body.once('end', () => {
    if (sent !== end - start + 1) res.destroy();
  });
  body.pipe(res);
}

/**
 * Opens and sends what `find` names (`refOf` tells where it is, `describe` its headers); when it
 * vanished since it was found (evicted, deleted by another request or process), it is found
 * afresh once — made again if need be. A second miss rejects (ENOENT) for the caller to answer.
 */
export async function sendFound<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  media: MediaFiles,
  find: (fresh: boolean) => Promise<T>,
  refOf: (found: T) => MediaRef,
  describe: (found: T, opened: OpenedMedia) => MediaToSend,
): Promise<void> {
  for (const fresh of [false, true]) {
    const found = await find(fresh);
    try {
      const opened = await media.open(refOf(found));
      await sendMedia(request, reply, media, opened, describe(found, opened));
      return;
    } catch (err) {
      if (fresh || !isMissing(err)) throw err;
    }
  }
}
