import { parseLrc } from '@cloudtune/lrc';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase } from '../src/db/connection.ts';
import { structuredLyrics } from '../src/services/subsonic/lyrics.ts';
import { failed, golden, GOLDEN_CLOCK, ok, rest, type Json } from './golden-rest.ts';
import { startTestApp, type TestApp, findAsync } from './helpers.ts';

/**
 * Lyrics over /rest: getLyrics (artist and title name one song exactly, or nothing) and the
 * OpenSubsonic songLyrics extension, v1 (lines) and v2 (`enhanced`: word cues and the translation).
 */
let t: TestApp;
/** A demo song sung in English (it has a Chinese translation; a title of several words), one in Chinese, an instrumental. */
let english: { id: number; name: string; artists: string[] };
let chinese: number;
let instrumental: number;
beforeAll(async () => {
  t = await startTestApp({ clock: GOLDEN_CLOCK });
  const db = await openDatabase(t.dataDir);
  const song = async (where: string) =>
    (await db
      .prepare<[], number>(`SELECT s.id FROM songs s LEFT JOIN lyrics l ON l.song_id = s.id WHERE ${where} ORDER BY s.id LIMIT 1`)
      .pluck()
      .get())!;
  const englishId = await song("l.translation IS NOT NULL AND s.name LIKE '% %'");
  english = {
    id: englishId,
    name: (await db.prepare<[number], string>('SELECT name FROM songs WHERE id = ?').pluck().get(englishId))!,
    artists: await db
      .prepare<[number], string>(
        'SELECT a.name FROM song_artists sa JOIN artists a ON a.id = sa.artist_id WHERE sa.song_id = ? ORDER BY sa.position',
      )
      .pluck()
      .all(englishId),
  };
  chinese = await song('l.lrc IS NOT NULL AND l.translation IS NULL');
  instrumental = await song('l.song_id IS NULL');
  await db.close();
});
afterAll(async () => t?.close());

const q = encodeURIComponent;

describe('getLyricsBySongId (songLyrics)', () => {
  test('getOpenSubsonicExtensions advertises songLyrics versions 1 and 2', async () => {
    const extensions = (await ok(t.app, 'getOpenSubsonicExtensions')).openSubsonicExtensions as Json[];
    expect(extensions.find((e) => e.name === 'songLyrics')).toEqual({ name: 'songLyrics', versions: [1, 2] });
  });

  test('v1: one entry, timed by line in ms, no kind and no cues', async () => {
    const body = await golden(t.app, 'getLyricsBySongId', 'getLyricsBySongId', `id=${chinese}`);
    const entries = body.lyricsList.structuredLyrics as Json[];
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ lang: 'und', synced: true, offset: 0 });
    expect(entries[0]!.kind).toBeUndefined();
    expect(entries[0]!.cueLine).toBeUndefined();
    const starts = (entries[0]!.line as Json[]).map((l) => l.start as number);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(starts.at(-1)).toBeGreaterThan(10_000);
    // without `enhanced` a translation is not listed (only kind main, as v2 says of v1 answers)
    expect((await ok(t.app, 'getLyricsBySongId', `id=${english.id}`)).lyricsList.structuredLyrics).toHaveLength(1);
  });

  test('v2 (enhanced=true): the main lyric with word cues, the translation as a second kind', async () => {
    const body = await golden(t.app, 'getLyricsBySongId-enhanced', 'getLyricsBySongId', `id=${english.id}&enhanced=true`);
    const [main, translation, ...others] = body.lyricsList.structuredLyrics as Json[];
    expect(others).toEqual([]);
    expect(main).toMatchObject({ kind: 'main', lang: 'und', synced: true });
    expect(translation).toMatchObject({ kind: 'translation', lang: 'zho', synced: true });
    expect(translation!.cueLine).toBeUndefined();
    expect((translation!.line as Json[]).some((l) => /\p{Script=Han}/u.test(l.value))).toBe(true);

    const lines = main!.line as Json[];
    const cueLines = main!.cueLine as Json[];
    // every sung line has its cues; credits (作词…) and rests have none
    expect(cueLines.length).toBe(lines.filter((l) => l.value !== '' && !/^作[词曲]/.test(l.value)).length);
    for (const cueLine of cueLines) {
      const line = lines[cueLine.index]!;
      expect(cueLine.value).toBe(line.value);
      expect(cueLine.start).toBe(line.start);
      const bytes = Buffer.from(cueLine.value as string, 'utf8');
      let previousEnd = cueLine.start as number;
      for (const cue of cueLine.cue as Json[]) {
        // byteStart/byteEnd: inclusive offsets into the UTF-8 of cueLine.value
        expect(bytes.subarray(cue.byteStart, cue.byteEnd + 1).toString('utf8')).toBe(cue.value);
        expect(cue.start).toBe(previousEnd);
        expect(cue.end).toBeGreaterThan(cue.start);
        previousEnd = cue.end;
      }
      expect(previousEnd).toBe(cueLine.end);
      expect((cueLine.cue as Json[]).map((c) => c.value).join('')).toBe(cueLine.value);
      expect(cueLine.end).toBeLessThanOrEqual(lines[cueLine.index + 1]?.start ?? Infinity);
    }
    // XML: cueLine's text is an attribute (it has cue children), a cue's and a line's are text
    const xml = await rest(t.app, 'getLyricsBySongId', `id=${english.id}&enhanced=true`, 'xml');
    expect(xml).toMatch(
      /<structuredLyrics displayArtist="[^"]+" displayTitle="[^"]+" offset="0" kind="main" lang="und" synced="true"><line start="\d+">/,
    );
    expect(xml).toMatch(
      /<cueLine index="\d+" start="\d+" end="\d+" value="[^"]+"><cue start="\d+" end="\d+" byteStart="0" byteEnd="\d+">[^<]+<\/cue>/,
    );
  });

  test('Chinese lines: a cue per character, three UTF-8 bytes each', async () => {
    const main = (await ok(t.app, 'getLyricsBySongId', `id=${chinese}&enhanced=true`)).lyricsList.structuredLyrics[0] as Json;
    const cue = (main.cueLine as Json[])[0]!.cue[0] as Json;
    expect([...(cue.value as string).trim()]).toHaveLength(1);
    expect(cue.byteStart).toBe(0);
    expect(cue.byteEnd).toBe(Buffer.byteLength(cue.value as string) - 1);
  });

  test('lines an imported LRC times by line only carry no cues in v2', () => {
    const lrc = '[00:01.00]first line\n[00:04.50]第二句\n';
    const song = { id: 1, name: 'x', artists: [{ id: 1, name: 'A' }] } as Parameters<typeof structuredLyrics>[0];
    const [main] = structuredLyrics(song, { lrc, translation: null, version: 1, phraseTimed: false }, true);
    expect(main).toMatchObject({ kind: 'main', line: parseLrc(lrc).map((l) => ({ start: l.time * 1000, value: l.lyric })) });
    expect(main).not.toHaveProperty('cueLine');
  });

  test('an instrumental has no entries; an unknown song is 70, no id 10', async () => {
    const body = await golden(t.app, 'getLyricsBySongId-instrumental', 'getLyricsBySongId', `id=${instrumental}&enhanced=true`);
    expect(body.lyricsList).toEqual({ structuredLyrics: [] });
    expect((await failed(t.app, 'getLyricsBySongId', 'id=99999')).code).toBe(70);
    expect((await failed(t.app, 'getLyricsBySongId', '')).code).toBe(10);
  });
});

describe('getLyrics (by artist and title)', () => {
  test("the song with that title by that artist: its lyric's text without stamps", async () => {
    const body = await golden(t.app, 'getLyrics', 'getLyrics', `artist=${q(english.artists[0]!)}&title=${q(english.name)}`);
    expect(body.lyrics).toMatchObject({ artist: english.artists.join(' / '), title: english.name });
    expect(body.lyrics.value).not.toMatch(/\[\d/);
    expect((body.lyrics.value as string).split('\n').length).toBeGreaterThan(3);
  });

  test('names match folded (case, full width, spaces) and by any credited artist or the joined "A / B"', async () => {
    const fullWidth = [...english.name.toUpperCase()]
      .map((c) => (/[A-Z]/.test(c) ? String.fromCharCode(c.charCodeAt(0) + 0xfee0) : c))
      .join('');
    for (const query of [
      `title=${q(fullWidth)}&artist=${q(english.artists[0]!.toLowerCase())}`,
      `title=${q(` ${english.name.toLowerCase()} `)}`,
      `title=${q(english.name)}&artist=${q(english.artists.join(' / '))}`,
      `title=${q(english.name)}&artist=${q(english.artists.at(-1)!)}`,
    ]) {
      expect((await ok(t.app, 'getLyrics', query)).lyrics.title, query).toBe(english.name);
    }
  });

  test('words that name no song answer an empty lyrics element, never some other song', async () => {
    const db = await openDatabase(t.dataDir);
    const titled = async (name: string) =>
      (await db.prepare<[string], number>('SELECT COUNT(*) FROM songs WHERE name = ?').pluck().get(name))!;
    // a word of a real title that is no title itself
    const word = (await findAsync(english.name.split(' '), async (w) => w.length > 3 && (await titled(w)) === 0))!;
    // an artist credited on no song with this title
    const stranger = (await db
      .prepare<[string], string>(
        `SELECT a.name FROM artists a WHERE NOT EXISTS (SELECT 1 FROM song_artists sa JOIN songs s ON s.id = sa.song_id
           WHERE sa.artist_id = a.id AND s.name = ?) ORDER BY a.id LIMIT 1`,
      )
      .pluck()
      .get(english.name))!;
    await db.close();
    expect(word).toBeDefined();
    const cases = [
      `artist=x&title=y`,
      `artist=nobody&title=zzzzzzzzqqq`,
      `title=${q(word)}`,
      `title=${q(english.name.slice(0, -1))}`,
      `artist=${q(english.artists[0]!)}`,
      `artist=${q(stranger)}&title=${q(english.name)}`,
      `artist=${q(`${english.artists[0]} / nobody`)}&title=${q(english.name)}`,
      '',
    ];
    for (const query of cases) expect((await ok(t.app, 'getLyrics', query)).lyrics, query).toEqual({});
    await golden(t.app, 'getLyrics-no-match', 'getLyrics', 'artist=x&title=y');
  });
});
