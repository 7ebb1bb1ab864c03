import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase, type Db } from '../src/db/connection.ts';
import { createRepos } from '../src/repos/index.ts';
import { randomSongIds } from '../src/services/subsonic/random-songs.ts';
import { mulberry32 } from '../src/text/prng.ts';
import { startTestApp, type TestApp, filterAsync } from './helpers.ts';

/**
 * The catalogue through Subsonic: genres (getGenres, getSongsByGenre, getAlbumList2 byGenre),
 * byYear, getRandomSongs' filters, search (v1), videos, and a full-library sync through search3
 * with an empty query — over the demo library (fixed seed, fixed clock), XML and JSON, with golden
 * answers under goldens/subsonic/.
 */
let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await startTestApp({ clock: () => Date.UTC(2025, 0, 1, 12) });
  db = await openDatabase(t.dataDir);
});
afterAll(async () => {
  await db?.close();
  await t?.close();
});

const AUTH = 'u=13800000000&p=subsonic&v=1.16.1&c=test';
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function rest(method: string, query = ''): Promise<Json> {
  const res = await t.app.inject({ url: `/rest/${method}?${AUTH}&f=json&${query}` });
  expect(res.statusCode).toBe(200);
  return (res.json() as Json)['subsonic-response'];
}
async function ok(method: string, query = ''): Promise<Json> {
  const body = await rest(method, query);
  expect(body.error).toBeUndefined();
  return body;
}
async function failed(method: string, query: string, code: number): Promise<string> {
  const body = await rest(method, query);
  expect(body.status).toBe('failed');
  expect(body.error.code).toBe(code);
  return body.error.message as string;
}
/** The answer in XML and in JSON, each matched against its golden file; returns the JSON's body. */
async function golden(name: string, method: string, query = ''): Promise<Json> {
  const xml = await t.app.inject({ url: `/rest/${method}?${AUTH}&${query}` });
  expect(xml.headers['content-type']).toMatch(/^text\/xml/);
  await expect(xml.body).toMatchFileSnapshot(`goldens/subsonic/${name}.xml`);
  const json = await t.app.inject({ url: `/rest/${method}?${AUTH}&f=json&${query}` });
  await expect(`${JSON.stringify(json.json(), null, 2)}\n`).toMatchFileSnapshot(`goldens/subsonic/${name}.json`);
  return (json.json() as Json)['subsonic-response'];
}
const q = (text: string) => encodeURIComponent(text);
const yearOf = (ms: number) => new Date(ms).getUTCFullYear();
const names = (entry: Json): string[] => (entry.genres ?? []).map((g: Json) => g.name);

describe('genres', () => {
  test('getGenres lists every genre with its true song and album counts, by name', async () => {
    const genres = (await golden('getGenres', 'getGenres')).genres.genre as Json[];
    expect(genres.map((g) => g.value)).toEqual(['R&B/Soul', '古典', '民谣', '流行', '爵士', '电子', '摇滚', '说唱', '轻音乐'].sort());
    const truth = await db
      .prepare<[], { value: string; songCount: number; albumCount: number }>(
        `SELECT g.name AS value, COUNT(*) AS songCount, COUNT(DISTINCT s.album_id) AS albumCount
         FROM song_genres sg JOIN genres g ON g.id = sg.genre_id JOIN songs s ON s.id = sg.song_id GROUP BY g.id ORDER BY g.name`,
      )
      .all();
    expect(genres).toEqual(truth.map(({ value, songCount, albumCount }) => ({ songCount, albumCount, value })));
  });

  test('getSongsByGenre pages through the genre (count ≤ 500, offset), every song carrying it; unknown genre and other folder: none', async () => {
    const jazz = (await rest('getGenres')).genres.genre.find((g: Json) => g.value === '爵士');
    const all = (await ok('getSongsByGenre', `genre=${q('爵士')}&count=5000`)).songsByGenre.song as Json[];
    expect(all).toHaveLength(jazz.songCount);
    expect(all.every((s) => names(s).includes('爵士'))).toBe(true);
    const page = (await ok('getSongsByGenre', `genre=${q('爵士')}&count=3&offset=2`)).songsByGenre.song as Json[];
    expect(page.map((s) => s.id)).toEqual(all.slice(2, 5).map((s) => s.id));
    expect((await ok('getSongsByGenre', `genre=${q('爵士')}`)).songsByGenre.song).toHaveLength(Math.min(10, jazz.songCount));
    expect((await ok('getSongsByGenre', `genre=${q('爵士')}&count=3&musicFolderId=1`)).songsByGenre.song).toHaveLength(3);
    expect((await ok('getSongsByGenre', `genre=${q('爵士')}&musicFolderId=2`)).songsByGenre.song).toEqual([]);
    expect((await ok('getSongsByGenre', 'genre=Polka')).songsByGenre.song).toEqual([]);
    expect(await failed('getSongsByGenre', '', 10)).toBe('Required parameter is missing: genre');
    await failed('getSongsByGenre', `genre=${q('爵士')}&count=lots`, 0);
    await golden('getSongsByGenre', 'getSongsByGenre', `genre=${q('爵士')}&count=2&offset=1`);
  });

  test('getAlbumList2 byGenre lists the albums having the genre (as many as getGenres says); getAlbumList too', async () => {
    const rock = (await rest('getGenres')).genres.genre.find((g: Json) => g.value === '摇滚');
    const albums = (await ok('getAlbumList2', `type=byGenre&genre=${q('摇滚')}&size=500`)).albumList2.album as Json[];
    expect(albums).toHaveLength(rock.albumCount);
    expect(albums.every((a) => names(a).includes('摇滚') && typeof a.genre === 'string')).toBe(true);
    const page = (await ok('getAlbumList2', `type=byGenre&genre=${q('摇滚')}&size=2&offset=3`)).albumList2.album as Json[];
    expect(page.map((a) => a.id)).toEqual(albums.slice(3, 5).map((a) => a.id));
    expect((await ok('getAlbumList2', 'type=byGenre&genre=Polka')).albumList2.album).toEqual([]);
    expect((await ok('getAlbumList2', `type=byGenre&genre=${q('摇滚')}&musicFolderId=9`)).albumList2.album).toEqual([]);
    expect(await failed('getAlbumList2', 'type=byGenre', 10)).toBe('Required parameter is missing: genre');
    await golden('getAlbumList2-byGenre', 'getAlbumList2', `type=byGenre&genre=${q('摇滚')}&size=2`);
    await golden('getAlbumList-byGenre', 'getAlbumList', `type=byGenre&genre=${q('摇滚')}&size=2`);
  });

  test('an album has its songs’ genres; every song entry carries genre and genres', async () => {
    const twoGenres = (await db
      .prepare<[], number>('SELECT album_id FROM album_genres GROUP BY album_id HAVING COUNT(*) = 2 ORDER BY album_id LIMIT 1')
      .pluck()
      .get())!;
    const album = (await ok('getAlbum', `id=al-${twoGenres}`)).album;
    expect(names(album)).toHaveLength(2);
    expect(album.genre).toBe(names(album)[0]);
    for (const song of album.song) expect(names(song)).toEqual(names(album));
    const found = (await ok('search3', 'query=&songCount=50&albumCount=50&artistCount=0')).searchResult3;
    expect([...found.song, ...found.album].every((e: Json) => e.genre === names(e)[0])).toBe(true);
    const random = (await ok('getRandomSongs', 'size=20')).randomSongs.song as Json[];
    expect(random.every((s) => typeof s.genre === 'string')).toBe(true);
  });
});

describe('years', () => {
  test('getAlbumList2 byYear: fromYear ≤ toYear oldest first, fromYear > toYear newest first, the same albums', async () => {
    const up = (await ok('getAlbumList2', 'type=byYear&fromYear=2014&toYear=2019&size=500')).albumList2.album as Json[];
    const down = (await ok('getAlbumList2', 'type=byYear&fromYear=2019&toYear=2014&size=500')).albumList2.album as Json[];
    expect(up.length).toBeGreaterThan(5);
    expect(up.every((a) => a.year >= 2014 && a.year <= 2019)).toBe(true);
    expect(up.map((a) => a.year)).toEqual([...up.map((a) => a.year)].sort((a, b) => a - b));
    expect(down.map((a) => a.year)).toEqual([...up.map((a) => a.year)].reverse());
    expect(new Set(down.map((a) => a.id))).toEqual(new Set(up.map((a) => a.id)));
    await golden('getAlbumList2-byYear-descending', 'getAlbumList2', 'type=byYear&fromYear=2019&toYear=2014&size=3');
  });
});

describe('getRandomSongs', () => {
  test('honours genre, fromYear and toYear (alone, together, either way round), size ≤ 500, distinct songs', async () => {
    const byGenre = (await ok('getRandomSongs', `size=40&genre=${q('民谣')}`)).randomSongs.song as Json[];
    expect(byGenre).toHaveLength(40);
    expect(byGenre.every((s) => names(s).includes('民谣'))).toBe(true);
    expect(new Set(byGenre.map((s) => s.id)).size).toBe(40);
    const years = (await ok('getRandomSongs', 'size=30&fromYear=2015&toYear=2018')).randomSongs.song as Json[];
    expect(years).toHaveLength(30);
    expect(years.every((s) => s.year >= 2015 && s.year <= 2018)).toBe(true);
    const reversed = (await ok('getRandomSongs', 'size=30&fromYear=2018&toYear=2015')).randomSongs.song as Json[];
    expect(reversed.every((s) => s.year >= 2015 && s.year <= 2018)).toBe(true);
    expect(((await ok('getRandomSongs', 'size=30&fromYear=2022')).randomSongs.song as Json[]).every((s) => s.year >= 2022)).toBe(true);
    expect(((await ok('getRandomSongs', 'size=30&toYear=2012')).randomSongs.song as Json[]).every((s) => s.year <= 2012)).toBe(true);
    const both = (await ok('getRandomSongs', `size=500&genre=${q('古典')}&fromYear=2012&toYear=2020`)).randomSongs.song as Json[];
    const expected = (await db
      .prepare<[number, number], number>(
        `SELECT COUNT(*) FROM song_genres sg JOIN genres g ON g.id = sg.genre_id JOIN songs s ON s.id = sg.song_id
         WHERE g.name = '古典' AND s.publish_time >= ? AND s.publish_time < ?`,
      )
      .pluck()
      .get(Date.UTC(2012, 0, 1), Date.UTC(2021, 0, 1)))!;
    // fewer match than asked: every one of them, once
    expect(both).toHaveLength(expected);
    expect(new Set(both.map((s) => s.id)).size).toBe(expected);
    expect(both.every((s) => names(s).includes('古典') && s.year >= 2012 && s.year <= 2020)).toBe(true);
    expect((await ok('getRandomSongs', 'size=9999')).randomSongs.song).toHaveLength(480);
    expect((await ok('getRandomSongs', '')).randomSongs.song).toHaveLength(10);
    expect((await ok('getRandomSongs', 'genre=Polka')).randomSongs.song).toEqual([]);
    expect((await ok('getRandomSongs', 'musicFolderId=3')).randomSongs.song).toEqual([]);
    await failed('getRandomSongs', 'fromYear=soon', 0);
  });

  test('draws uniformly among the songs passing, whether drawn by id or listed (when draws run out)', async () => {
    const repos = createRepos(db);
    const random = mulberry32(42);
    const genreId = (await repos.genres.find('流行'))!;
    const draw = async (filter: Parameters<typeof randomSongIds>[2], times: number, minDraws?: number) => {
      const counts = new Map<number, number>();
      for (let i = 0; i < times; i++)
        for (const id of await randomSongIds(repos.songs, 1, filter, { random, minDraws })) counts.set(id, (counts.get(id) ?? 0) + 1);
      return counts;
    };
    // A genre and a span of years: the passing ids are scattered, with long gaps between some;
    // a draw that took "the next song after a random id" would favour the songs after gaps.
    const filter = { genreId, from: Date.UTC(2012, 0, 1), until: Date.UTC(2020, 0, 1) };
    const passing = await repos.songs.every(filter);
    expect(passing.length).toBeGreaterThan(30);
    const times = passing.length * 100;
    const counts = await draw(filter, times);
    expect([...counts.keys()].sort((a, b) => a - b)).toEqual([...passing].sort((a, b) => a - b));
    // each expected 100 times (σ ≈ 10)
    expect(Math.min(...counts.values())).toBeGreaterThan(55);
    expect(Math.max(...counts.values())).toBeLessThan(145);
    // When draws run out (as when few pass; here the budget is cut to 4 draws) the passing songs are listed, still uniformly.
    const listed = await draw(filter, times, 0);
    expect(listed.size).toBe(passing.length);
    expect(Math.min(...listed.values())).toBeGreaterThan(55);
    expect(Math.max(...listed.values())).toBeLessThan(145);
  });

  test('golden: a filter only one song passes', async () => {
    const only = (await db
      .prepare<[], { name: string; year: number }>(
        `SELECT g.name, CAST(strftime('%Y', s.publish_time / 1000, 'unixepoch') AS INTEGER) AS year
         FROM song_genres sg JOIN genres g ON g.id = sg.genre_id JOIN songs s ON s.id = sg.song_id
         GROUP BY g.id, year HAVING COUNT(*) = 1 ORDER BY g.name, year LIMIT 1`,
      )
      .get())!;
    const body = await golden('getRandomSongs', 'getRandomSongs', `size=5&genre=${q(only.name)}&fromYear=${only.year}&toYear=${only.year}`);
    expect(body.randomSongs.song).toHaveLength(1);
    expect(yearOf(Date.parse(body.randomSongs.song[0].created))).toBe(only.year);
  });
});

describe('search (v1)', () => {
  test('matches every word of artist, album, title and any; count, offset and totalHits; newerThan', async () => {
    const word = '月光';
    const all = (await ok('search', `any=${q(word)}&count=500`)).searchResult;
    expect(all.offset).toBe(0);
    expect(all.totalHits).toBe(all.match.length);
    expect(all.match.length).toBeGreaterThan(2);
    const search3 = (await ok('search3', `query=${q(word)}&songCount=500&artistCount=0&albumCount=0`)).searchResult3.song as Json[];
    expect(all.match.map((s: Json) => s.id)).toEqual(search3.map((s) => s.id));
    const page = (await ok('search', `title=${q(word)}&count=2&offset=1`)).searchResult;
    expect(page).toMatchObject({ offset: 1, totalHits: all.totalHits });
    expect(page.match.map((s: Json) => s.id)).toEqual(all.match.slice(1, 3).map((s: Json) => s.id));
    // artist and title together: both words must match (the artist of the first hit, its title)
    const first = all.match[0];
    const narrowed = (await ok('search', `artist=${q(first.artist)}&title=${q(first.title)}`)).searchResult;
    expect(narrowed.match[0].id).toBe(first.id);
    expect(narrowed.totalHits).toBeLessThanOrEqual(all.totalHits);
    // newerThan: added to the library after (ms)
    expect((await ok('search', `any=${q(word)}&newerThan=${Date.UTC(2100, 0, 1)}`)).searchResult).toEqual({
      offset: 0,
      totalHits: 0,
      match: [],
    });
    const cut = Date.parse(all.match[0].created);
    const newer = (await ok('search', `any=${q(word)}&count=500&newerThan=${cut}`)).searchResult;
    const addedAfter = db.prepare<[number], number>('SELECT created_at FROM songs WHERE id = ?').pluck();
    expect(newer.match.map((s: Json) => s.id)).toEqual(
      (await filterAsync(all.match as Json[], async (s: Json) => (await addedAfter.get(Number(s.id)))! > cut)).map((s: Json) => s.id),
    );
    // no criteria: every song, in a stable order
    const every = (await ok('search', 'count=3&offset=477')).searchResult;
    expect(every.totalHits).toBe(480);
    expect(every.match).toHaveLength(3);
    await golden('search', 'search', `any=${q(word)}&count=2`);
  });
});

describe('videos', () => {
  test('getVideos is an empty list; getVideoInfo and getCaptions name no video (70), need an id (10)', async () => {
    expect((await golden('getVideos', 'getVideos')).videos).toEqual({ video: [] });
    expect(await failed('getVideoInfo', 'id=1', 70)).toBe('Video not found');
    expect(await failed('getVideoInfo', '', 10)).toBe('Required parameter is missing: id');
    expect(await failed('getCaptions', 'id=1&format=vtt', 70)).toBe('Video not found');
    await golden('getVideoInfo-not-found', 'getVideoInfo', 'id=1');
    await golden('getCaptions-not-found', 'getCaptions', 'id=1');
  });
});

describe('full-library sync (search3 with an empty query)', () => {
  /** Pages through one kind until a short page, as offline-first clients do. */
  async function pageAll(query: string, kind: 'song' | 'album' | 'artist', size: number): Promise<string[]> {
    const ids: string[] = [];
    const counts = { song: 0, album: 0, artist: 0, [kind]: size };
    for (let offset = 0; ; offset += size) {
      const page = (
        await ok(
          'search3',
          `query=${query}&songCount=${counts.song}&albumCount=${counts.album}&artistCount=${counts.artist}&${kind}Offset=${offset}`,
        )
      ).searchResult3[kind] as Json[];
      ids.push(...page.map((e) => e.id as string));
      if (page.length < size) return ids;
    }
  }
  const total = async (sql: string) => (await db.prepare<[], number>(sql).pluck().get())!;

  test.each([
    ['empty', ''],
    ['"" (quoted, as Symfonium sends it)', '%22%22'],
  ])('query %s: every song, album and artist exactly once, in a stable order', async (_, query) => {
    const songs = await pageAll(query, 'song', 97);
    expect(songs).toHaveLength(await total('SELECT COUNT(*) FROM songs'));
    expect(new Set(songs).size).toBe(songs.length);
    const albums = await pageAll(query, 'album', 25);
    expect(albums).toHaveLength(await total('SELECT COUNT(*) FROM albums'));
    expect(new Set(albums).size).toBe(albums.length);
    const artists = await pageAll(query, 'artist', 10);
    expect(artists).toHaveLength(
      await total('SELECT COUNT(*) FROM artists a WHERE EXISTS (SELECT 1 FROM albums al WHERE al.artist_id = a.id)'),
    );
    expect(new Set(artists).size).toBe(artists.length);
    // the same pages in one go: a stable order
    expect(await pageAll(query, 'song', 500)).toEqual(songs);
  });

  test('golden: one page of each kind', async () => {
    await golden(
      'search3-sync-page',
      'search3',
      'query=%22%22&songCount=2&songOffset=100&albumCount=1&albumOffset=10&artistCount=1&artistOffset=5',
    );
  });
});
