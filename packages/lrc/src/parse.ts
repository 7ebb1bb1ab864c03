/**
 * LRC lyric parsing: a line needs a bracketed timestamp of 8 or 9 characters
 * (`[mm:ss.xx]`, `[mm:ss.xxx]`, or `[mmm:ss.xx]` past 99 minutes); lines without one are
 * dropped. A line can carry several timestamps (repeated choruses). Each line's duration runs
 * to the next line.
 */
export type LyricLine = { time: number; lyric: string; duration: number };

/** The lookahead holds the product's length rule: `[mmm:ss.xxx]` (10 characters) is not a stamp. */
const LINE = /^((?:\[(?=[\d:.]{8,9}\])\d{2,3}:\d{2}\.\d{2,3}\])+)(.*)$/;
/** one stamp of a prefix LINE accepted */
const STAMP = /\[(\d{2,3}):(\d{2})\.(\d{2,3})\]/g;

export function parseLrc(text: string): LyricLine[] {
  const timed: { time: number; lyric: string }[] = [];
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const m = LINE.exec(raw.trim());
    if (!m) continue;
    const lyric = (m[2] ?? '').trim();
    for (const s of m[1]!.matchAll(STAMP)) {
      const frac = s[3]!;
      const seconds = Number(s[1]) * 60 + Number(s[2]) + Number(frac) / (frac.length === 3 ? 1000 : 100);
      timed.push({ time: seconds, lyric });
    }
  }
  timed.sort((a, b) => a.time - b.time);
  return timed.map((l, i) => {
    const next = timed[i + 1];
    return { ...l, duration: next ? next.time - l.time : Number.POSITIVE_INFINITY };
  });
}

/**
 * The texts of the lines `parseLrc` shows, blank ones left out: what lyric search indexes, so a
 * song is found by exactly the words the player displays (never a tag, a stamp or an untimed line).
 */
export const sungLines = (text: string): string[] => parseLrc(text).flatMap((l) => (l.lyric === '' ? [] : [l.lyric]));

/** Index of the line being sung at `time` seconds; -1 before the first line. */
export function currentLineIndex(lines: readonly Pick<LyricLine, 'time'>[], time: number): number {
  let lo = 0;
  let hi = lines.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (lines[mid]!.time <= time) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}
