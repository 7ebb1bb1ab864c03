import type { IncomingHttpHeaders } from 'node:http';

/** What identifies one version of a file: its ETag and modification time. */
export interface Validators {
  /** strong, quoted: `"abc"` */
  etag: string;
  mtimeMs: number;
}

/** The HTTP date of a modification time, to the second (HTTP dates have no milliseconds). */
export const httpDate = (mtimeMs: number): string => new Date(Math.floor(mtimeMs / 1000) * 1000).toUTCString();

const opaque = (tag: string): string => tag.trim().replace(/^W\//, '');

/** `If-None-Match: *` or a list containing our tag (weak comparison, RFC 9110 §13.1.2). */
function noneMatchHits(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}

/**
 * RFC 9110 §13.2.2 for a GET or HEAD of a file that exists: true when the client's copy is
 * current (answer 304). If-None-Match wins over If-Modified-Since.
 */
export function notModified(headers: IncomingHttpHeaders, v: Validators): boolean {
  const noneMatch = headers['if-none-match'];
  if (noneMatch !== undefined) return noneMatchHits(noneMatch, v.etag);
  const since = headers['if-modified-since'];
  if (since === undefined) return false;
  const date = Date.parse(since);
  return Number.isFinite(date) && Math.floor(v.mtimeMs / 1000) * 1000 <= date;
}

/**
 * If-Range (RFC 9110 §13.1.5): the Range applies only when the validator still names this
 * version — an ETag compared strongly (a weak tag never matches), or exactly our Last-Modified
 * date. Otherwise the whole file is sent, so a resumed download never splices two versions.
 */
export function rangeStillValid(headers: IncomingHttpHeaders, v: Validators): boolean {
  const ifRange = headers['if-range'];
  if (typeof ifRange !== 'string') return true;
  const value = ifRange.trim();
  if (value.startsWith('"')) return value === v.etag;
  if (value.startsWith('W/')) return false;
  return value === httpDate(v.mtimeMs);
}
