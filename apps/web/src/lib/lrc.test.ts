import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currentLineIndex, parseLrc } from './lrc.ts';

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
