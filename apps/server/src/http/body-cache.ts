import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Heavy JSON answers (a 1,000-track playlist is 1.25 MB) serialized once and kept, with their
 * gzip and brotli forms made on first demand, until the catalog changes (the key carries the
 * catalog's version). Bounded by bytes, least recently used dropped first.
 */
interface Entry {
  json: Buffer;
  etag: string;
  gzip?: Buffer;
  br?: Buffer;
  bytes: number;
}

/** What the cache may hold, all encodings counted. */
export const BODY_CACHE_BYTES = 8 * 1024 * 1024;
/** Bodies smaller than this are sent as they are: compressing them saves less than it costs. */
const COMPRESS_FROM_BYTES = 1024;

export class BodyCache {
  readonly #entries = new Map<string, Entry>();
  #bytes = 0;

  constructor(readonly budgetBytes = BODY_CACHE_BYTES) {}

  get bytes(): number {
    return this.#bytes;
  }

  /** Sends the cached answer for `key`, building and storing it first when missing. */
  async send(request: FastifyRequest, reply: FastifyReply, key: string, build: () => unknown): Promise<FastifyReply> {
    const entry = this.#get(key) ?? this.#put(key, await build());
    // Vary adds to what is there (CORS varies by Origin).
    const vary = reply.getHeader('vary');
    reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('etag', entry.etag)
      .header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
    if (request.headers['if-none-match'] === entry.etag) return reply.code(304).send();
    const encoding = entry.json.length >= COMPRESS_FROM_BYTES ? preferredEncoding(request.headers['accept-encoding']) : undefined;
    if (encoding === 'br') return reply.header('content-encoding', 'br').send(this.#encoded(entry, 'br'));
    if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(this.#encoded(entry, 'gzip'));
    return reply.send(entry.json);
  }

  #get(key: string): Entry | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry;
  }

  #put(key: string, body: unknown): Entry {
    const json = Buffer.from(JSON.stringify(body));
    const entry: Entry = { json, etag: `"${createHash('sha1').update(json).digest('base64url')}"`, bytes: json.length };
    this.#entries.set(key, entry);
    this.#bytes += entry.bytes;
    this.#trim(key);
    return entry;
  }

  #encoded(entry: Entry, encoding: 'br' | 'gzip'): Buffer {
    let buffer = entry[encoding];
    if (!buffer) {
      // Quality 5 / level 6: most of the gain at a fraction of the maximum's cost; made once per entry.
      buffer =
        encoding === 'br'
          ? brotliCompressSync(entry.json, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: entry.json.length } })
          : gzipSync(entry.json, { level: 6 });
      entry[encoding] = buffer;
      entry.bytes += buffer.length;
      this.#bytes += buffer.length;
    }
    return buffer;
  }

  #trim(keep: string): void {
    for (const [key, entry] of this.#entries) {
      if (this.#bytes <= this.budgetBytes) return;
      if (key === keep) continue;
      this.#entries.delete(key);
      this.#bytes -= entry.bytes;
    }
  }
}

/** br when the client takes it, else gzip, else none (q=0 means "not this one"). */
export function preferredEncoding(header: string | string[] | undefined): 'br' | 'gzip' | undefined {
  if (typeof header !== 'string') return undefined;
  const accepted = new Set(
    header
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || !/^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(q))
      .map(([name]) => name!.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}
