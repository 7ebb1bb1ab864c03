/**
 * NetEase's word-by-word lyrics (`yrc`, from `/lyric/new`). Each sung line is
 * `[lineStartMs,lineDurMs](wordStartMs,wordDurMs,0)word(wordStartMs,wordDurMs,0)word…`; word
 * starts are absolute (some older bodies give them relative to the line: those are shifted).
 * Credit lines come as JSON, `{"t":ms,"c":[{"tx":"作词: "},{"tx":"某人"}]}`: they become plain
 * lines without words. Anything else is dropped. Times come out in seconds, lines sorted.
 */
export interface LyricWord {
  /** seconds */
  time: number;
  /** seconds */
  duration: number;
  text: string;
}

export interface WordLine {
  /** seconds */
  time: number;
  /** seconds */
  duration: number;
  lyric: string;
  /** empty for credit lines: they are shown whole */
  words: LyricWord[];
}

const LINE = /^\[(\d+),(\d+)\](.*)$/;
const WORD = /\((\d+),(\d+),-?\d+\)([^(]*)/g;

interface JsonCredit {
  t?: unknown;
  c?: unknown;
}

function creditLine(raw: string): WordLine | null {
  let data: JsonCredit;
  try {
    data = JSON.parse(raw) as JsonCredit;
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null || typeof data.t !== 'number' || !Array.isArray(data.c)) return null;
  const lyric = data.c
    .map((part: unknown) =>
      typeof part === 'object' && part !== null && typeof (part as { tx?: unknown }).tx === 'string' ? (part as { tx: string }).tx : '',
    )
    .join('')
    .trim();
  return { time: data.t / 1000, duration: 0, lyric, words: [] };
}

function sungLine(raw: string): WordLine | null {
  const m = LINE.exec(raw);
  if (!m) return null;
  const startMs = Number(m[1]);
  const durMs = Number(m[2]);
  const parsed = [...m[3]!.matchAll(WORD)].map((w) => ({ start: Number(w[1]), dur: Number(w[2]), text: w[3]! }));
  // Relative word times (an older form): the first word starts before its own line does.
  const shift = parsed.length && parsed[0]!.start + 1 < startMs && parsed.every((w) => w.start < durMs + 1000) ? startMs : 0;
  const words = parsed.filter((w) => w.text !== '').map((w) => ({ time: (w.start + shift) / 1000, duration: w.dur / 1000, text: w.text }));
  const lyric = words
    .map((w) => w.text)
    .join('')
    .trim();
  return { time: startMs / 1000, duration: durMs / 1000, lyric, words };
}

export function parseYrc(text: string): WordLine[] {
  const lines: WordLine[] = [];
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const trimmed = raw.trim();
    const line = trimmed.startsWith('{') ? creditLine(trimmed) : sungLine(trimmed);
    if (line) lines.push(line);
  }
  lines.sort((a, b) => a.time - b.time);
  // A credit line has no length of its own: it lasts until the next line.
  return lines.map((l, i) => (l.words.length ? l : { ...l, duration: (lines[i + 1]?.time ?? l.time) - l.time }));
}

/**
 * How much of `line` has been sung at `time`: the index of the word being sung (-1 before the
 * first, `words.length` after the last) and how far into it, 0..1.
 */
export function wordProgress(line: Pick<WordLine, 'words'>, time: number): { index: number; fraction: number } {
  const { words } = line;
  let lo = 0;
  let hi = words.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (words[mid]!.time <= time) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  if (found < 0) return { index: -1, fraction: 0 };
  const word = words[found]!;
  const into = word.duration > 0 ? (time - word.time) / word.duration : 1;
  if (into >= 1 && found === words.length - 1) return { index: words.length, fraction: 0 };
  return { index: found, fraction: Math.min(1, Math.max(0, into)) };
}

/**
 * Pairs each line with its translation (`tlyric`): the translated line stamped at the same time,
 * within `tolerance` seconds (yrc and lrc stamps of one line can differ by some milliseconds).
 * Blank translations are left out.
 */
export function withTranslations<L extends { time: number }>(
  lines: readonly L[],
  translations: readonly { time: number; lyric: string }[],
  tolerance = 0.3,
): (L & { translation?: string })[] {
  const usable = translations.filter((t) => t.lyric.trim() !== '');
  if (!usable.length) return [...lines];
  return lines.map((line) => {
    let best: { time: number; lyric: string } | undefined;
    for (const t of usable) {
      if (Math.abs(t.time - line.time) <= tolerance && (!best || Math.abs(t.time - line.time) < Math.abs(best.time - line.time))) best = t;
    }
    return best ? { ...line, translation: best.lyric.trim() } : line;
  });
}
