import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeLrc, parseLrc, sungLines } from '../src/index.ts';

describe('normalizeLrc', () => {
  it('rewrites the stamps real files use as [mm:ss.xx]', () => {
    const text = ['[0:05]a', '[01:10]b', '[1:15.5]c', '[01:20:25]d', '[01:25.1234]e', '[01:30.125]f', '[02:00.00]g'].join('\n');
    expect(normalizeLrc(text).split('\n')).toEqual([
      '[00:05.00]a',
      '[01:10.00]b',
      '[01:15.50]c',
      '[01:20.25]d',
      '[01:25.12]e',
      '[01:30.13]f',
      '[02:00.00]g',
    ]);
  });

  it('keeps [ti] [ar] [al] [by] first, applies [offset] and drops it, drops other tags and untimed lines', () => {
    const text = [
      '[offset:+500]',
      '[length: 03:20]',
      '[ar: 歌手 ]',
      '[ti:歌名]',
      '[ar:second artist]',
      '[re:some player]',
      '[al:]',
      '[00:00.20]starts at 0',
      'no stamp at all',
      '[00:05.00]five',
    ].join('\r\n');
    expect(normalizeLrc(text)).toBe('[ar:歌手]\n[ti:歌名]\n[00:00.00]starts at 0\n[00:04.50]five');
    expect(normalizeLrc('[offset:-250]\n[00:01.00]x')).toBe('[00:01.25]x');
  });

  it('one line per stamp, sorted by time; empty timed lines stay (they end the line before)', () => {
    expect(normalizeLrc('[00:30.00][00:10.00] chorus \n[00:20.00]verse\n[00:40.00]')).toBe(
      '[00:10.00]chorus\n[00:20.00]verse\n[00:30.00]chorus\n[00:40.00]',
    );
  });

  it('removes enhanced-LRC word stamps', () => {
    expect(normalizeLrc('[00:01.00]<00:01.00>你好 <00:01.50>世界')).toBe('[00:01.00]你好 世界');
  });

  it('writes 100+ minutes as [mmm:ss.xx] and drops what 9 characters cannot hold', () => {
    expect(normalizeLrc('[120:00]long\n[1000:00]too long')).toBe('[120:00.00]long');
    expect(parseLrc('[120:00.00]long')).toEqual([{ time: 7200, lyric: 'long', duration: Number.POSITIVE_INFINITY }]);
  });

  it('is empty when nothing is timed', () => {
    expect(normalizeLrc('')).toBe('');
    expect(normalizeLrc('[ar:someone]\n[ti:plain text lyrics]\njust words')).toBe('');
  });

  it('makes every line of a typical downloaded file displayable and searchable', () => {
    const text = '[ar:x]\n[ti:t]\n[offset:500]\n[0:05]one\n[01:10]two\n[1:15.5]three\n[01:20.00]four';
    expect(sungLines(text)).toEqual(['four']);
    expect(sungLines(normalizeLrc(text))).toEqual(['one', 'two', 'three', 'four']);
    expect(parseLrc(normalizeLrc(text)).map((l) => l.time)).toEqual([4.5, 69.5, 75, 79.5]);
  });
});

/** A timed line as a file may write it: several stamps in any accepted form, then the text. */
const stampForms = ['m:ss', 'mm:ss', 'm:ss.x', 'mm:ss.xx', 'mm:ss:xx', 'mm:ss.xxx', 'mm:ss.xxxx'] as const;
/** under 1000 minutes even with the largest negative offset below (a later time is dropped, see above) */
const MAX_MS = 999 * 60_000 + 55_000;
const stampArb = fc
  .record({
    ms: fc.oneof(fc.integer({ min: 0, max: 600_000 }), fc.integer({ min: 0, max: MAX_MS })),
    form: fc.constantFrom(...stampForms),
  })
  .map(({ ms, form }) => {
    const minutes = Math.floor(ms / 60_000);
    const ss = String(Math.floor(ms / 1000) % 60).padStart(2, '0');
    const mm = form.startsWith('mm') ? String(minutes).padStart(2, '0') : String(minutes);
    const milli = ms % 1000;
    const [frac, written] = {
      'm:ss': ['', ms - milli],
      'mm:ss': ['', ms - milli],
      'm:ss.x': [`.${Math.floor(milli / 100)}`, ms - (milli % 100)],
      'mm:ss.xx': [`.${String(Math.floor(milli / 10)).padStart(2, '0')}`, ms - (milli % 10)],
      'mm:ss:xx': [`:${String(Math.floor(milli / 10)).padStart(2, '0')}`, ms - (milli % 10)],
      'mm:ss.xxx': [`.${String(milli).padStart(3, '0')}`, ms],
      'mm:ss.xxxx': [`.${String(milli * 10).padStart(4, '0')}`, ms],
    }[form] as [string, number];
    return { text: `[${mm}:${ss}${frac}]`, ms: written };
  });
const lyricArb = fc
  .string({ unit: fc.constantFrom(...'ab xyz 中文歌词,.!?[]:09'.split('')), maxLength: 12 })
  .filter((s) => !s.trim().startsWith('['));
const timedArb = fc.record({ stamps: fc.array(stampArb, { minLength: 1, maxLength: 3 }), lyric: lyricArb });
const otherArb = fc.oneof(
  fc.constantFrom('', '[length:03:20]', '[re:player]', '[ti:]', 'plain words', '  '),
  fc.record({ tag: fc.constantFrom('ti', 'ar', 'al', 'by', 'xx'), value: lyricArb }).map(({ tag, value }) => `[${tag}:${value}]`),
);
const lrcArb = fc
  .record({
    lines: fc.array(fc.oneof(timedArb, otherArb), { maxLength: 25 }),
    offset: fc.option(fc.integer({ min: -3000, max: 3000 })),
    offsetAt: fc.nat(),
  })
  .map(({ lines, offset, offsetAt }) => {
    const rendered = lines.map((l) => (typeof l === 'string' ? l : `${l.stamps.map((s) => s.text).join('')}${l.lyric}`));
    if (offset !== null) rendered.splice(offsetAt % (rendered.length + 1), 0, `[offset:${offset > 0 ? '+' : ''}${offset}]`);
    const expected = lines.flatMap((l) =>
      typeof l === 'string' ? [] : l.stamps.map((s) => ({ ms: Math.max(0, s.ms - (offset ?? 0)), lyric: l.lyric.trim() })),
    );
    return { text: rendered.join('\n'), expected };
  });
/** Anything at all, biased towards LRC punctuation. */
const noiseArb = fc.string({ unit: fc.constantFrom(...'[]<>:.+-0159 \n\raroffsetti中'.split('')), maxLength: 80 });

/** time in ms by lyric, sorted: lines with the same text pair up in time order */
const byLyric = (lines: { ms: number; lyric: string }[]) => {
  const map = new Map<string, number[]>();
  for (const l of lines) map.set(l.lyric, [...(map.get(l.lyric) ?? []), l.ms]);
  for (const times of map.values()) times.sort((a, b) => a - b);
  return map;
};

describe('normalizeLrc properties', () => {
  it('is idempotent', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          lrcArb.map((x) => x.text),
          noiseArb,
        ),
        (text) => {
          const once = normalizeLrc(text);
          expect(normalizeLrc(once)).toBe(once);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('parseLrc(normalizeLrc(x)) keeps every timed line of x, its time (to 10 ms, offset applied) and its text', () => {
    fc.assert(
      fc.property(lrcArb, ({ text, expected }) => {
        const parsed = parseLrc(normalizeLrc(text)).map((l) => ({ ms: l.time * 1000, lyric: l.lyric }));
        expect(parsed).toHaveLength(expected.length);
        const want = byLyric(expected);
        const got = byLyric(parsed);
        expect([...got.keys()].sort()).toEqual([...want.keys()].sort());
        for (const [lyric, times] of want) {
          got.get(lyric)!.forEach((ms, i) => expect(Math.abs(ms - times[i]!)).toBeLessThanOrEqual(10));
        }
      }),
      { numRuns: 500 },
    );
  });

  it('writes times in order, and parseLrc reads them in order', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          lrcArb.map((x) => x.text),
          noiseArb,
        ),
        (text) => {
          const normalized = normalizeLrc(text);
          const stamps = [...normalized.matchAll(/^\[(\d{2,3}):(\d{2})\.(\d{2})\]/gm)].map(
            (m) => Number(m[1]) * 6000 + Number(m[2]) * 100 + Number(m[3]),
          );
          expect(stamps).toEqual([...stamps].sort((a, b) => a - b));
          const times = parseLrc(normalized).map((l) => l.time);
          expect(times).toEqual([...times].sort((a, b) => a - b));
          expect(times).toHaveLength(stamps.length);
        },
      ),
      { numRuns: 500 },
    );
  });
});
