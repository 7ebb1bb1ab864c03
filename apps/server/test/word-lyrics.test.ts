import { parseLrc, parseYrc, sungLines, withTranslations } from '@cloudtune/lrc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connection.ts';
import { lyricWords, wordTimedLyric } from '../src/text/word-lyrics.ts';
import { expectContract, expectError, getJson, startTestApp, type TestApp } from './helpers.ts';

describe('word-timed lyrics (yrc) from phrase-timed LRC', () => {
  it('splits Chinese by character (punctuation kept with it) and Latin by word', () => {
    expect(lyricWords('你好，世界')).toEqual(['你', '好，', '世', '界']);
    expect(lyricWords('hold the line')).toEqual(['hold ', 'the ', 'line']);
    expect(lyricWords('夜色 city lights')).toEqual(['夜', '色 ', 'city ', 'lights']);
  });

  it("shares each line's span among its words, back to back, credits as JSON lines", () => {
    const lrc = '[00:00.00]作词 : 林夕\n[00:02.00]你好世界\n[00:06.00]\n[00:08.00]hold the line\n';
    const lines = parseYrc(wordTimedLyric(lrc));
    expect(lines.map((l) => l.lyric)).toEqual(['作词: 林夕', '你好世界', 'hold the line']);
    expect(lines[0]!.words).toEqual([]);
    const sung = lines[1]!;
    expect([sung.time, sung.duration]).toEqual([2, 4]);
    expect(sung.words.map((w) => [w.time, w.duration, w.text])).toEqual([
      [2, 1, '你'],
      [3, 1, '好'],
      [4, 1, '世'],
      [5, 1, '界'],
    ]);
    // The last line has no next stamp: it is capped, not endless.
    expect(lines[2]!.duration).toBe(8);
    expect(lines[2]!.words.at(-1)!.time + lines[2]!.words.at(-1)!.duration).toBeCloseTo(16, 1);
  });

  it('writes nothing for lyrics without a sung line', () => {
    expect(wordTimedLyric('[00:01.00]\n')).toBe('');
  });
});

describe('GET /lyric/new', () => {
  let t: TestApp;
  let zh: number;
  let en: number;
  beforeAll(async () => {
    t = await startTestApp();
    const db = await openDatabase(t.dataDir);
    const first = async (lang: string) =>
      (await db
        .prepare<[string], number>(
          `SELECT l.song_id FROM lyrics l WHERE (l.translation IS NOT NULL) = (? = 'en') ORDER BY l.song_id LIMIT 1`,
        )
        .pluck()
        .get(lang))!;
    zh = await first('zh');
    en = await first('en');
    await db.close();
  });
  afterAll(() => t.close());

  it("gives a demo song /lyric's blocks and word-by-word lines matching its sung lines", async () => {
    const answer = expectContract('/lyric/new', (await getJson(t.app, `/api/lyric/new?id=${zh}`)).body);
    const plain = expectContract('/lyric', (await getJson(t.app, `/api/lyric?id=${zh}`)).body);
    expect(answer.lrc).toEqual(plain.lrc);
    const words = parseYrc(answer.yrc!.lyric).filter((l) => l.words.length);
    expect(words.map((l) => l.lyric)).toEqual(sungLines(plain.lrc!.lyric).filter((l) => !/^作[词曲]/.test(l)));
    // Each line's words start at the line's LRC stamp and never run past the next line.
    const timed = parseLrc(plain.lrc!.lyric);
    for (const line of words) {
      const at = timed.findIndex((l) => Math.abs(l.time - line.time) < 0.01);
      expect(at).toBeGreaterThanOrEqual(0);
      const end = line.words.at(-1)!.time + line.words.at(-1)!.duration;
      expect(end).toBeLessThanOrEqual(timed[at + 1]?.time ?? Infinity);
    }
  });

  it('keeps the Chinese translation of a song sung in English beside its words', async () => {
    const answer = expectContract('/lyric/new', (await getJson(t.app, `/api/lyric/new?id=${en}`)).body);
    const lines = withTranslations(parseYrc(answer.yrc!.lyric), parseLrc(answer.tlyric!.lyric));
    const sung = lines.filter((l) => l.words.length);
    expect(sung.length).toBeGreaterThan(0);
    expect(sung.every((l) => /[a-z]/i.test(l.lyric) && /\p{Script=Han}/u.test(l.translation ?? ''))).toBe(true);
  });

  it('refuses a missing or unknown id with {code, msg}', async () => {
    expectError(await getJson(t.app, '/api/lyric/new'), 400, 'id is required');
    expectError(await getJson(t.app, '/api/lyric/new?id=99999'), 404, 'song 99999 not found');
  });
});
