import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currentLineIndex, parseLrc, sungLines } from '../src/index.ts';

describe('parseLrc', () => {
  it('keeps timestamped lines of 8 or 9 characters and drops the rest', () => {
    const lines = parseLrc(
      [
        '[ti:Song]',
        '[by:someone]',
        '[00:04.050]',
        '[00:12.57]难以忘记初次见你',
        'no stamp',
        '[1:02.00]bad',
        '[00:16.860]一双迷人的眼睛',
      ].join('\n'),
    );
    expect(lines.map((l) => [l.time, l.lyric])).toEqual([
      [4.05, ''],
      [12.57, '难以忘记初次见你'],
      [16.86, '一双迷人的眼睛'],
    ]);
  });
  it('gives each line the time until the next', () => {
    const [a, b] = parseLrc('[00:01.00]a\n[00:03.50]b');
    expect(a!.duration).toBeCloseTo(2.5);
    expect(b!.duration).toBe(Number.POSITIVE_INFINITY);
  });
  it('expands repeated timestamps and sorts', () => {
    const lines = parseLrc('[00:10.00][00:02.00]chorus\n[00:05.00]verse');
    expect(lines.map((l) => l.lyric)).toEqual(['chorus', 'verse', 'chorus']);
  });
  it('takes 9 characters as [mm:ss.xxx] or [mmm:ss.xx], never 10', () => {
    const lines = parseLrc('[01:02.500]a\n[100:05.25]b\n[100:05.250]c\n[0:05.25]d\n[00:05.2]e');
    expect(lines.map((l) => [l.time, l.lyric])).toEqual([
      [62.5, 'a'],
      [6005.25, 'b'],
    ]);
  });
  it('reads CRLF and CR line ends', () => {
    expect(parseLrc('[00:01.00]a\r\n[00:02.00]b\r[00:03.00]c').map((l) => l.lyric)).toEqual(['a', 'b', 'c']);
  });
});

describe('sungLines', () => {
  it('is the non-empty text of the lines parseLrc shows, in their order', () => {
    const text = '[ar:歌手]\n[00:03.00]second\n[00:01.00]first\n[00:02.00]\n[0:04]not shown\nplain\n[00:05.00][00:00.50]twice';
    expect(sungLines(text)).toEqual(['twice', 'first', 'second', 'twice']);
  });
});

describe('currentLineIndex', () => {
  const lines = parseLrc('[00:01.00]a\n[00:03.00]b\n[00:07.00]c');
  it.each([
    [0, -1],
    [1, 0],
    [2.99, 0],
    [3, 1],
    [100, 2],
  ])('t=%d → %d', (t, i) => expect(currentLineIndex(lines, t)).toBe(i));

  it('property: the line at t is the last line starting at or before t', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 600_000 }), { maxLength: 60 }),
        fc.integer({ min: 0, max: 700_000 }),
        (stamps, tMs) => {
          const text = stamps
            .map(
              (ms) =>
                `[${String(Math.floor(ms / 60000)).padStart(2, '0')}:${String(Math.floor(ms / 1000) % 60).padStart(2, '0')}.${String(Math.floor(ms / 10) % 100).padStart(2, '0')}]x`,
            )
            .join('\n');
          const parsed = parseLrc(text);
          const t = tMs / 1000;
          const i = currentLineIndex(parsed, t);
          const expected = parsed.reduce((acc, l, idx) => (l.time <= t ? idx : acc), -1);
          expect(i).toBe(expected);
        },
      ),
    );
  });
});
