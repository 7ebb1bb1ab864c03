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

/**
 * A Range header against a file still being written whose final size is not known yet: a range
 * starting inside the `written` bytes is served from them, its end clamped to what is written (a
 * 206 may carry less than was asked, RFC 9110 §15.3.7, and says what it carries). Anything else —
 * a start past what is written, a suffix range (it counts from an end not known yet), a malformed
 * header — gets the whole stream (RFC 9110 §14.2 lets a server ignore Range). So does `bytes=0-`,
 * which asks for everything: it is how a media element opens any URL, and clamped to the few
 * kilobytes made so far it told Chromium the song lasted a fraction of a second (the transcode
 * then "ended" and started over); the whole stream plays as a live one until it is complete.
 */
export function parseGrowingRange(
  header: string | undefined,
  written: number,
): { kind: 'full' } | { kind: 'partial'; start: number; end: number } {
  const range = written > 0 && !/=\s*-/.test(header ?? '') ? parseRange(header, written) : undefined;
  if (range?.kind === 'partial' && range.start === 0 && /=\s*0*\s*-\s*$/.test(header ?? '')) return { kind: 'full' };
  return range?.kind === 'partial' ? range : { kind: 'full' };
}
