import { parseLrc, type LyricLine } from '@cloudtune/lrc';

/** A line longer than this is not sung to its end (a rest follows without an empty stamp). */
const MAX_LINE_MS = 8_000;
/** NetEase's credit lines: `作词 : 某人` become JSON lines, shown whole. */
const CREDIT = /^(作词|作曲|编曲|制作人|演唱)\s*[:：]\s*(.+)$/;

/**
 * A word of a sung line: one CJK character (with the punctuation after it), or one Latin word
 * with its trailing space, the units NetEase's own yrc uses.
 */
export function lyricWords(line: string): string[] {
  return (
    line.match(
      /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}][^\p{L}\p{N}]*|[^\s\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+\s*/gu,
    ) ?? []
  );
}

export interface TimedWord {
  startMs: number;
  durationMs: number;
  text: string;
}

/** A sung line of phrase-timed LRC with its words' times. */
export interface WordTimedLine {
  /** the line's position among parseLrc()'s lines (blank and credit lines count) */
  index: number;
  startMs: number;
  spanMs: number;
  /** the line's text: its words joined */
  text: string;
  words: TimedWord[];
}

/**
 * The word times of a line timed to the music's phrases: the line spans from its stamp to the
 * next one (capped at 8 s), its words share that span in proportion to their length.
 */
function timeWords(line: LyricLine, index: number): WordTimedLine {
  const startMs = Math.round(line.time * 1000);
  const spanMs = Math.min(MAX_LINE_MS, Number.isFinite(line.duration) ? Math.round(line.duration * 1000) : MAX_LINE_MS);
  const words = lyricWords(line.lyric);
  const weights = words.map((w) => w.trim().length || 1);
  const total = weights.reduce((a, b) => a + b, 0);
  // Boundaries from the running total, so rounding never carries a line past its span.
  let before = 0;
  const edge = (weight: number) => startMs + Math.round((spanMs * weight) / total);
  const timed = words.map((text, i) => {
    const from = edge(before);
    before += weights[i]!;
    return { startMs: from, durationMs: edge(before) - from, text };
  });
  return { index, startMs, spanMs, text: line.lyric, words: timed };
}

/** The sung lines of phrase-timed LRC (the demo library's) with their words' times; credit and blank lines have none. */
export function wordTimedLines(lrc: string): WordTimedLine[] {
  return parseLrc(lrc).flatMap((line, index) => (line.lyric === '' || CREDIT.test(line.lyric) ? [] : [timeWords(line, index)]));
}

/**
 * NetEase `yrc` for lyrics whose lines are timed to the music's phrases (wordTimedLines):
 * `[lineStartMs,lineDurMs](wordStartMs,wordDurMs,0)word…`, credit lines as
 * `{"t":ms,"c":[{"tx":"作词: "},{"tx":"name"}]}`. Empty lines (rests) write nothing.
 */
export function wordTimedLyric(lrc: string): string {
  const out: string[] = [];
  parseLrc(lrc).forEach((line, index) => {
    if (line.lyric === '') return;
    const credit = CREDIT.exec(line.lyric);
    if (credit) {
      out.push(JSON.stringify({ t: Math.round(line.time * 1000), c: [{ tx: `${credit[1]}: ` }, { tx: credit[2]!.trim() }] }));
      return;
    }
    const { startMs, spanMs, words } = timeWords(line, index);
    out.push(`[${startMs},${spanMs}]${words.map((w) => `(${w.startMs},${w.durationMs},0)${w.text}`).join('')}`);
  });
  return out.length ? out.join('\n') + '\n' : '';
}
