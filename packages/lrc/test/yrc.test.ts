import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currentLineIndex, parseLrc, parseYrc, withTranslations, wordProgress } from '../src/index.ts';

/** The shape of a real /lyric/new `yrc.lyric`: JSON credit lines, then timed words. */
const YRC = [
  '{"t":0,"c":[{"tx":"作词: "},{"tx":"方文山","li":"http://p1.music.126.net/x.jpg","or":"orpheus://nm/artist/home?id=1"}]}',
  '{"t":1000,"c":[{"tx":"作曲: "},{"tx":"周杰伦"}]}',
  '[16210,3460](16210,670,0)还(16880,410,0)没(17290,430,0)好(17720,450,0)好(18170,1500,0)地 ',
  '[20000,2000](20000,1000,0)Hello (21000,1000,0)world',
].join('\n');

describe('parseYrc', () => {
  it('reads credit lines and word-timed lines in seconds', () => {
    const lines = parseYrc(YRC);
    expect(lines.map((l) => [l.time, l.lyric, l.words.length])).toEqual([
      [0, '作词: 方文山', 0],
      [1, '作曲: 周杰伦', 0],
      [16.21, '还没好好地', 5],
      [20, 'Hello world', 2],
    ]);
    expect(lines[2]!.duration).toBeCloseTo(3.46);
    expect(lines[2]!.words[0]).toEqual({ time: 16.21, duration: 0.67, text: '还' });
    expect(lines[3]!.words.map((w) => w.text)).toEqual(['Hello ', 'world']);
    // A credit line lasts until the next line.
    expect(lines[0]!.duration).toBe(1);
  });

  it('drops what is neither, and sorts by time', () => {
    const lines = parseYrc(
      ['[5000,1000](5000,1000,0)b', 'garbage', '{not json', '{"t":"x"}', '[1000,1000](1000,1000,0)a', ''].join('\r\n'),
    );
    expect(lines.map((l) => l.lyric)).toEqual(['a', 'b']);
  });

  it('shifts word times given relative to their line', () => {
    const [line] = parseYrc('[10000,2000](0,500,0)a(500,1500,0)b');
    expect(line!.words.map((w) => w.time)).toEqual([10, 10.5]);
  });

  it('never throws on any text; what it keeps is sorted, with finite times', () => {
    const stamped = fc.array(
      fc.oneof(
        fc.string(),
        fc.tuple(fc.nat(999_999), fc.nat(9_999), fc.string()).map(([t, d, w]) => `[${t},${d}](${t},${d},0)${w}`),
      ),
    );
    fc.assert(
      fc.property(stamped, (rows) => {
        const lines = parseYrc(rows.join('\n'));
        return lines.every((l, i) => Number.isFinite(l.time) && l.duration >= 0 && (i === 0 || lines[i - 1]!.time <= l.time));
      }),
    );
  });
});

describe('wordProgress', () => {
  const line = parseYrc('[1000,3000](1000,1000,0)a(2000,1000,0)b(3000,1000,0)c')[0]!;
  it('says which word is sung and how far into it', () => {
    expect(wordProgress(line, 0.5)).toEqual({ index: -1, fraction: 0 });
    expect(wordProgress(line, 1.25)).toEqual({ index: 0, fraction: 0.25 });
    expect(wordProgress(line, 2.5)).toEqual({ index: 1, fraction: 0.5 });
    expect(wordProgress(line, 3.999).index).toBe(2);
    expect(wordProgress(line, 4)).toEqual({ index: 3, fraction: 0 });
  });
  it('the sung part only grows with time', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 6, noNaN: true }), fc.double({ min: 0, max: 6, noNaN: true }), (a, b) => {
        const [early, late] = a <= b ? [a, b] : [b, a];
        const p = wordProgress(line, early);
        const q = wordProgress(line, late);
        return p.index + p.fraction <= q.index + q.fraction;
      }),
    );
  });
});

describe('withTranslations', () => {
  it('pairs lines with the translation stamped at the same time, within a tolerance', () => {
    const lines = parseLrc('[00:01.00]Hello\n[00:03.500]World\n[00:08.00]Alone');
    const translated = withTranslations(lines, parseLrc('[by:someone]\n[00:01.00]你好\n[00:03.52]世界\n[00:08.00] '));
    expect(translated.map((l) => [l.lyric, l.translation])).toEqual([
      ['Hello', '你好'],
      ['World', '世界'],
      ['Alone', undefined],
    ]);
  });
  it('yrc lines take translations too, and the line index rules stay the same', () => {
    const lines = withTranslations(parseYrc(YRC), parseLrc('[00:20.00]你好世界'));
    expect(lines[3]!.translation).toBe('你好世界');
    expect(currentLineIndex(lines, 17)).toBe(2);
  });
});
