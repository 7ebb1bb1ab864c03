export type ByteRange = { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

/**
 * Reads a `Range` header against a file size (RFC 9110 §14): single byte ranges, open-ended
 * (`bytes=100-`) and suffix (`bytes=-500`) forms. Other units and multi-range requests are
 * ignored (a full 200 answer is allowed); a malformed or out-of-file byte range is unsatisfiable.
 */
export function parseRange(header: string | undefined, size: number): ByteRange {
  if (!header) return { kind: 'full' };
  const eq = header.indexOf('=');
  if (eq < 0) return { kind: 'unsatisfiable' };
  if (header.slice(0, eq).trim().toLowerCase() !== 'bytes') return { kind: 'full' };
  const spec = header.slice(eq + 1);
  if (spec.includes(',')) return { kind: 'full' };
  const m = /^\s*(\d*)\s*-\s*(\d*)\s*$/.exec(spec);
  if (!m || (m[1] === '' && m[2] === '') || size === 0) return { kind: 'unsatisfiable' };
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const last = m[2] === '' ? size - 1 : Number(m[2]);
  if (last < start || start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end: Math.min(last, size - 1) };
}
