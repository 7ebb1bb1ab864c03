/**
 * Canonical LRC: what the server stores, so that `parseLrc` (the strict 8–9 character
 * stamps) shows every timed line of a real-world file.
 *
 * Accepted stamps: `[m:ss]`, `[mm:ss]`, `[m:ss.x]`, `[mm:ss.xx]`, `[mm:ss:xx]`, `[mm:ss.xxx]`,
 * `[mm:ss.xxxx]`, any number of minute digits. Output, one line per stamp, sorted by time (lines
 * at the same time keep their order):
 * - `[ti:]`, `[ar:]`, `[al:]`, `[by:]` first (the first of each, when not empty); other tags go;
 * - `[offset:±ms]` is applied to every time (positive = earlier, as players read it), then dropped;
 * - each stamp is written `[mm:ss.xx]` (8 characters, 10 ms steps, rounded); from 100 minutes on
 *   `[mmm:ss.xx]` (9 characters, still a stamp of at most 9 characters, never `[mm:ss.xxx]`); a time of 1000 minutes
 *   or more cannot be written in 9 characters and its line is dropped;
 * - word-time tags of enhanced LRC (`<mm:ss.xx>`) are removed from the text, which is trimmed;
 * - lines without a leading stamp are dropped.
 * Text with no timed line normalizes to ''. Normalizing canonical text changes nothing.
 */

/** a leading stamp, with the whitespace after it */
const STAMP = /^\[(\d+):(\d{1,2})(?:[.:](\d+))?\]\s*/;
const WORD_STAMP = /<\d+:\d{1,2}(?:[.:]\d+)?>/g;
const TAG = /^\[([A-Za-z#]+):(.*)\]$/;
const OFFSET = /^[+-]?\d+$/;
const KEPT_TAGS = new Set(['ti', 'ar', 'al', 'by']);
/** 1000 minutes, in centiseconds */
const CS_LIMIT = 1000 * 60 * 100;

/** `[mm:ss.xx]` with as many minute digits as needed (at least 2). */
function stamp(cs: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `[${pad(Math.floor(cs / 6000))}:${pad(Math.floor(cs / 100) % 60)}.${pad(cs % 100)}]`;
}

/** Removes word stamps until none is left (removing one can join the pieces of another). */
function withoutWordStamps(line: string): string {
  let previous: string;
  do {
    previous = line;
    line = line.replace(WORD_STAMP, '');
  } while (line !== previous);
  return line;
}

export function normalizeLrc(text: string): string {
  const tags = new Map<string, string>();
  let offsetMs = 0;
  let offsetSeen = false;
  /** times in microseconds, exact for any fraction up to 6 digits */
  const timed: { us: number; lyric: string }[] = [];

  for (const raw of text.split(/\r\n|\r|\n/)) {
    let rest = withoutWordStamps(raw).trim();
    const stamps: number[] = [];
    for (let m = STAMP.exec(rest); m; m = STAMP.exec(rest)) {
      const micro = Number((m[3] ?? '').slice(0, 6).padEnd(6, '0'));
      stamps.push((Number(m[1]) * 60 + Number(m[2])) * 1_000_000 + micro);
      rest = rest.slice(m[0].length);
    }
    if (stamps.length) {
      for (const us of stamps) timed.push({ us, lyric: rest });
      continue;
    }
    const tag = TAG.exec(rest);
    if (!tag) continue;
    const name = tag[1]!.toLowerCase();
    const value = tag[2]!.trim();
    if (name === 'offset' && OFFSET.test(value) && !offsetSeen) {
      offsetSeen = true;
      offsetMs = Number(value);
    } else if (KEPT_TAGS.has(name) && value !== '' && !tags.has(name)) tags.set(name, value);
  }

  const lines = timed
    .map(({ us, lyric }) => ({ us, cs: Math.round(Math.max(0, us - offsetMs * 1000) / 10_000), lyric }))
    .filter(({ cs }) => cs < CS_LIMIT)
    .sort((a, b) => a.cs - b.cs || a.us - b.us)
    .map(({ cs, lyric }) => stamp(cs) + lyric);
  if (!lines.length) return '';
  return [...[...tags].map(([name, value]) => `[${name}:${value}]`), ...lines].join('\n');
}
