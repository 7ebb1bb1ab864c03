export type ByteRange = { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

const BYTE_RANGE = /^\s*(\d*)\s*-\s*(\d*)\s*$/;

/**
 * Reads a `Range` header against a file size (RFC 9110 §14): single byte ranges, open-ended
 * (`bytes=100-`) and suffix (`bytes=-500`) forms. Other units, multi-range requests and
 * malformed specs (`bytes=abc`, `bytes=500-100`) are ignored: the whole file is sent (200).
 * Only a well-formed range that selects nothing is unsatisfiable (416): it starts past the end,
 * asks for a zero-length suffix, or the file is empty.
 */
export function parseRange(header: string | undefined, size: number): ByteRange {
  if (!header) return { kind: 'full' };
  const eq = header.indexOf('=');
  if (eq < 0 || header.slice(0, eq).trim().toLowerCase() !== 'bytes') return { kind: 'full' };
  const spec = header.slice(eq + 1);
  if (spec.includes(',')) return { kind: 'full' };
  const m = BYTE_RANGE.exec(spec);
  if (!m || (m[1] === '' && m[2] === '')) return { kind: 'full' };
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const last = m[2] === '' ? Infinity : Number(m[2]);
  if (last < start || !Number.isSafeInteger(start)) return { kind: 'full' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end: Math.min(last, size - 1) };
}
