import { SqliteDatabase } from '../src/db/sqlite.ts';
import { rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getOk } from './account-helpers.ts';
import { databaseFile, openDatabase, type Db } from '../src/db/connection.ts';
import { loadMigrations, runMigrations } from '../src/db/migrate.ts';
import { registerTextFunctions } from '../src/db/text-functions.ts';
import { pinyinForms } from '../src/text/pinyin.ts';
import { createRepos, type Repos } from '../src/repos/index.ts';
import { mediaUrls } from '../src/media/urls.ts';
import { INDEX_EVERY_MS, createSearchService } from '../src/services/search/index.ts';
import { matchedLyrics } from '../src/services/search/lyric-lines.ts';
import { expectContract, expectError, freshDataDir, getJson, startTestApp, type TestApp, shapeOf } from './helpers.ts';

/**
 * /search and /search/suggest against the demo library, plus songs written afterwards through a
 * second connection that indexes its writes (as the folder importer does): the index follows
 * every write. Writes of a process that does not index are caught by the server's timer.
 */
let t: TestApp;
let db: Db;
let repos: Repos;
/** the demo's three-character 周… artist (周杰伦-style) and its pinyin */
let zhou: { id: number; name: string; full: string; initials: string };
/** songs named around "love", most popular last so that only the match class can order them */
const loveSongs: Record<'exact' | 'prefix' | 'inside' | 'word', number> = { exact: 0, prefix: 0, inside: 0, word: 0 };
let lyricSongId = 0;

const search = (query: string) => getJson(t.app, `/api/search?${query}`);
const songNames = (body: Record<string, unknown>) => ((body.result as { songs: { name: string }[] }).songs ?? []).map((s) => s.name);

async function addSong(name: string, popularity: number, albumId: number, artistId: number): Promise<number> {
  const now = Date.now();
  return await repos.songs.insert({
    name,
    nameLatin: '',
    albumId,
    discNo: 1,
    trackNo: 1,
    durationMs: 60_000,
    popularity,
    aliases: [],
    audioSeed: 7,
    publishTime: now,
    createdAt: now,
    artistIds: [artistId],
  });
}

beforeAll(async () => {
  t = await startTestApp();
  db = await openDatabase(t.dataDir);
  repos = createRepos(db);
  const row = (await db
    .prepare<[], { id: number; name: string }>("SELECT id, name FROM artists WHERE name LIKE '周__' ORDER BY id LIMIT 1")
    .get())!;
  zhou = { ...row, ...pinyinForms(row.name) };

  const now = Date.now();
  const artistId = await repos.artists.insert({
    name: 'Test Pattern',
    nameLatin: 'test pattern',
    trans: null,
    aliases: [],
    area: 96,
    type: 3,
    briefDesc: '',
    popularity: 1,
    createdAt: now,
  });
  const albumId = await repos.albums.insert({
    name: 'Signal Tests',
    nameLatin: 'signal tests',
    artistId,
    type: '专辑',
    subType: '录音室版',
    company: null,
    description: null,
    aliases: [],
    publishTime: now,
    createdAt: now,
  });
  loveSongs.exact = await addSong('Love', 10, albumId, artistId);
  loveSongs.prefix = await addSong('Lovesick Radio', 20, albumId, artistId);
  loveSongs.inside = await addSong('Glove Compartment', 100, albumId, artistId);
  loveSongs.word = await addSong('Endless Love', 90, albumId, artistId);
  lyricSongId = await addSong('歌词测试', 5, albumId, artistId);
  await repos.lyrics.insert(
    lyricSongId,
    '[00:00.00]作词 : Test Pattern\n[00:01.50]第一行\n[00:03.00]独一无二的测试歌词\n[00:05.00]下一行\n',
    null,
  );
  await repos.searchIndex.refresh();
});
afterAll(async () => {
  await db.close();
  await t.close();
});

describe('/search matching', () => {
  it('finds 周 family names with one Chinese character', async () => {
    const { status, body } = await search(`keywords=${encodeURIComponent('周')}&type=100`);
    expect(status).toBe(200);
    const res = expectContract('/search', body);
    expect(res.result.artistCount).toBeGreaterThanOrEqual(3);
    expect(res.result.artists!.every((a) => a.name.includes('周'))).toBe(true);

    const songs = expectContract('/search', (await search(`keywords=${encodeURIComponent('周')}`)).body).result;
    expect(songs.songCount).toBeGreaterThan(0);
    for (const s of songs.songs as { name: string; artists: { name: string }[]; album: { name: string } }[]) {
      expect([s.name, s.album.name, ...s.artists.map((a) => a.name)].join(' ')).toContain('周');
    }
  });

  it('finds the 周杰伦-style artist and its songs by full pinyin, initials and a pinyin prefix', async () => {
    expect(zhou.initials).toHaveLength(3);
    for (const keyword of [zhou.full, zhou.initials, zhou.full.slice(0, 5), zhou.full.toUpperCase()]) {
      const artists = expectContract('/search', (await search(`keywords=${keyword}&type=100`)).body).result.artists!;
      expect(artists[0]?.name, keyword).toBe(zhou.name);
    }
    for (const keyword of [zhou.full, zhou.initials]) {
      const songs = (await search(`keywords=${keyword}`)).body.result as { songs: { artists: { id: number }[] }[] };
      expect(songs.songs.length, keyword).toBeGreaterThan(0);
      expect(songs.songs.some((s) => s.artists.some((a) => a.id === zhou.id))).toBe(true);
    }
  });

  it('matches Latin case- and width-insensitively, inside words too', async () => {
    const lower = songNames((await search('keywords=love')).body);
    expect(lower).toContain('Love');
    expect(lower).toContain('Glove Compartment');
    expect(songNames((await search('keywords=LOVE')).body)).toEqual(lower);
    expect(songNames((await search(`keywords=${encodeURIComponent('ＬＯＶＥ')}`)).body)).toEqual(lower);
    expect(songNames((await search('keywords=ompartmen')).body)).toEqual(['Glove Compartment']);
  });

  it('ranks exact names before prefixes before substrings, popularity breaking ties', async () => {
    const ids = ((await search('keywords=love')).body.result as { songs: { id: number }[] }).songs.map((s) => s.id);
    expect(ids.slice(0, 4)).toEqual([loveSongs.exact, loveSongs.prefix, loveSongs.inside, loveSongs.word]);
  });

  it('finds songs by album and artist name, albums by artist, playlists by tag', async () => {
    expect(songNames((await search('keywords=signal%20tests')).body)).toContain('Love');
    const albums = expectContract('/search', (await search('keywords=test%20pattern&type=10')).body).result;
    expect(albums.albums!.map((a) => a.name)).toEqual(['Signal Tests']);
    const tag = (await db
      .prepare<[], string>('SELECT t.name FROM playlist_tags pt JOIN tags t ON t.id = pt.tag_id LIMIT 1')
      .pluck()
      .get())!;
    const playlists = expectContract('/search', (await search(`keywords=${encodeURIComponent(tag)}&type=1000`)).body).result;
    expect(playlists.playlistCount).toBeGreaterThan(0);
  });

  it('finds a song by a line of its lyrics (type 1006) with the line marked', async () => {
    const { body } = await search(`keywords=${encodeURIComponent('测试歌词')}&type=1006`);
    const res = expectContract('/search', body).result;
    expect(res.songCount).toBe(1);
    expect(res.songs!.map((s) => s.id)).toEqual([lyricSongId]);
    expect((res.songs![0] as { lyrics: string[] }).lyrics).toEqual(['独一无二的<b>测试歌词</b>', '下一行']);

    const lrc = (await db.prepare<[number], string>('SELECT lrc FROM lyrics WHERE song_id < ? LIMIT 1').pluck().get(lyricSongId))!;
    const line = lrc
      .split('\n')
      .slice(2)
      .map((l) => l.replace(/\[[^\]]*\]/g, '').trim())
      .find(Boolean)!;
    const demo = expectContract('/search', (await search(`keywords=${encodeURIComponent(line)}&type=1006&limit=5`)).body).result;
    expect(demo.songCount).toBeGreaterThan(0);
    for (const s of demo.songs as { lyrics: string[] }[]) expect(s.lyrics[0]).toBe(`<b>${line}</b>`);
  });

  it('finds every word of a multi-word lyric keyword, lines apart too, marking the first line with one', async () => {
    const apart = expectContract('/search', (await search(`keywords=${encodeURIComponent('第一行 下一行')}&type=1006`)).body).result;
    expect(apart.songs!.map((s) => s.id)).toEqual([lyricSongId]);
    expect((apart.songs![0] as { lyrics: string[] }).lyrics).toEqual(['<b>第一行</b>', '独一无二的测试歌词', '下一行']);
    const missing = (await search(`keywords=${encodeURIComponent('第一行 鲸落之海')}&type=1006`)).body.result;
    expect(missing).toMatchObject({ songCount: 0 });
  });

  it('matches sung lyric text only, never the time stamps', async () => {
    const stamped = (await search(`keywords=${encodeURIComponent('01.50')}&type=1006`)).body.result;
    expect(stamped).toMatchObject({ songCount: 0 });
    const sung = expectContract('/search', (await search(`keywords=${encodeURIComponent('第一行')}&type=1006`)).body).result;
    expect(sung.songs!.map((s) => s.id)).toContain(lyricSongId);
  });

  it('accepts an UPSERT on a table the index watches, and indexes its result', async () => {
    const upsert = db.prepare(`INSERT INTO lyrics (song_id, lrc, translation, version) VALUES (?, ?, NULL, 1)
      ON CONFLICT (song_id) DO UPDATE SET lrc = excluded.lrc, version = lyrics.version + 1`);
    await expect(upsert.run(loveSongs.exact, '[00:01.00]落日熔金的海面\n')).resolves.toBeDefined();
    await expect(upsert.run(loveSongs.exact, '[00:01.00]落日熔金的海面\n[00:02.00]暮云合璧\n')).resolves.toBeDefined();
    await repos.searchIndex.refresh();
    const res = expectContract('/search', (await search(`keywords=${encodeURIComponent('暮云合璧')}&type=1006`)).body).result;
    expect(res.songs!.map((s) => s.id)).toEqual([loveSongs.exact]);
  });

  it('follows catalog changes: renames, popularity and deletes', async () => {
    await db.prepare("UPDATE artists SET name = 'Test Signal' WHERE name = 'Test Pattern'").run();
    await repos.searchIndex.refresh();
    expect(songNames((await search('keywords=test%20signal')).body)).toHaveLength(5);
    expect(songNames((await search('keywords=test%20pattern')).body)).toEqual([]);

    await db.prepare('UPDATE songs SET popularity = 100 WHERE id = ?').run(loveSongs.word);
    await db.prepare('UPDATE songs SET popularity = 1 WHERE id = ?').run(loveSongs.inside);
    await repos.searchIndex.refresh();
    const ids = ((await search('keywords=love')).body.result as { songs: { id: number }[] }).songs.map((s) => s.id);
    expect(ids.slice(2, 4)).toEqual([loveSongs.word, loveSongs.inside]);

    // Not indexed by this writer: the server's timer picks it up within INDEX_EVERY_MS.
    await db.prepare('DELETE FROM songs WHERE id = ?').run(lyricSongId);
    await vi.waitFor(
      async () => {
        expect((await search(`keywords=${encodeURIComponent('测试歌词')}&type=1006`)).body.result).toMatchObject({
          songCount: 0,
          songs: [],
        });
      },
      { timeout: 5 * INDEX_EVERY_MS, interval: 100 },
    );
  });
});

describe('/search paging and params', () => {
  it('pages without overlap; past the end is empty with the same count', async () => {
    const q = `keywords=${encodeURIComponent('的')}`;
    const all = (await search(`${q}&limit=100`)).body.result as { songs: { id: number }[]; songCount: number; hasMore: boolean };
    expect(all.songCount).toBeGreaterThan(10);
    const first = (await search(`${q}&limit=5`)).body.result as typeof all;
    const second = (await search(`${q}&limit=5&offset=5`)).body.result as typeof all;
    expect([...first.songs, ...second.songs].map((s) => s.id)).toEqual(all.songs.slice(0, 10).map((s) => s.id));
    expect(first.hasMore).toBe(true);
    const last = (await search(`${q}&limit=5&offset=${all.songCount - 2}`)).body.result as typeof all;
    expect(last.songs).toHaveLength(2);
    expect(last.hasMore).toBe(false);
    const past = (await search(`${q}&offset=${all.songCount}`)).body.result as typeof all;
    expect(past).toEqual({ songs: [], hasMore: false, songCount: all.songCount });
    for (const type of [10, 100, 1000, 1006]) {
      const r = (await search(`${q}&type=${type}&offset=100000`)).body.result as Record<string, unknown>;
      expect(Object.values(r).filter(Array.isArray)).toEqual([[]]);
    }
  });

  it('answers an unknown word with empty results', async () => {
    expect((await search('keywords=qqqxyzzy')).body).toEqual({ result: { songs: [], hasMore: false, songCount: 0 }, code: 200 });
  });

  it('takes POST with a JSON body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/search', payload: { keywords: zhou.name, type: 100 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.artists[0].name).toBe(zhou.name);
  });

  it.each([
    ['', 'keywords is required'],
    ['keywords=', 'keywords is required'],
    ['keywords=%20%20%E3%80%80', 'keywords is required'],
    [`keywords=${'a'.repeat(101)}`, /keywords must be at most 100/],
    ['keywords=a&type=song', 'type must be an integer'],
    ['keywords=a&type=0', /^type must be ≥ 1/],
    ['keywords=a&limit=0', /^limit must be ≥ 1/],
    ['keywords=a&offset=-1', /^offset must be ≥ 0/],
  ])('400 for %s', async (query, msg) => {
    expectError(await search(query), 400, msg);
  });
});

describe('/search/suggest', () => {
  it('suggests songs, artists, albums and playlists as one types', async () => {
    const { status, body } = await getJson(t.app, `/api/search/suggest?keywords=${zhou.initials.slice(0, 2)}`);
    expect(status).toBe(200);
    const res = expectContract('/search/suggest', body).result;
    expect(res.order).toEqual(['songs', 'artists', 'albums', 'playlists'].filter((g) => g in res));
    expect(res.songs!.length).toBeLessThanOrEqual(4);
    expect(res.artists!.some((a) => a.name === zhou.name)).toBe(true);
  });

  it('has the mobile keyword form, and nothing for an unknown word', async () => {
    const mobile = expectContract(
      '/search/suggest',
      (await getJson(t.app, `/api/search/suggest?keywords=${encodeURIComponent(zhou.name)}&type=mobile`)).body,
    );
    expect(mobile.result.allMatch!.map((m) => m.keyword)).toContain(zhou.name);
    expect((await getJson(t.app, '/api/search/suggest?keywords=qqqxyzzy')).body).toEqual({ result: {}, code: 200 });
    expectError(await getJson(t.app, '/api/search/suggest?keywords=%20'), 400, 'keywords is required');
    expectError(await getJson(t.app, '/api/search/suggest?keywords=a&type=tv'), 400, 'type must be web or mobile');
  });
});

describe('search response shapes', () => {
  it.each([
    'keywords=love',
    'keywords=signal&type=10',
    'keywords=zhou&type=100',
    `keywords=${encodeURIComponent('的')}&type=1000&limit=1`,
    `keywords=${encodeURIComponent('的')}&type=1006&limit=1`,
  ])('/search?%s', async (query) => {
    expect(shapeOf((await search(query)).body)).toMatchSnapshot();
  });

  it('/search/suggest', async () => {
    expect(shapeOf((await getJson(t.app, '/api/search/suggest?keywords=zhou')).body)).toMatchSnapshot();
    expect(shapeOf((await getJson(t.app, '/api/search/suggest?keywords=zhou&type=mobile')).body)).toMatchSnapshot();
  });
});

describe('search index upkeep', () => {
  it('indexes a library written before the search migration at the first search', async () => {
    const dir = freshDataDir();
    const raw = new Database(databaseFile(dir));
    try {
      registerTextFunctions(raw);
      const db = new SqliteDatabase(raw);
      const migrations = loadMigrations();
      await runMigrations(
        db,
        migrations.filter((m) => m.version < 2),
      );
      raw.exec(`
        INSERT INTO artists (id, name, area, type, created_at) VALUES (1, '周末旅人', 7, 1, 0);
        INSERT INTO albums (id, name, artist_id, publish_time, created_at) VALUES (1, '旧唱片', 1, 0, 0);
        INSERT INTO songs (id, name, album_id, track_no, duration_ms, audio_seed, publish_time, created_at)
          VALUES (1, '晴天', 1, 1, 1000, 1, 0, 0);
        INSERT INTO song_artists VALUES (1, 1, 0);`);
      await runMigrations(db, migrations);
      const service = await createSearchService(createRepos(db));
      const found = (await service.search({ keywords: 'zmlr' }, mediaUrls('http://localhost/api'))).result;
      expect(found).toMatchObject({ songCount: 1, songs: [{ id: 1, name: '晴天' }] });
    } finally {
      raw.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('marks the first matching lyric line, folding width and case, escaping markup', () => {
    const lrc = '[00:01.00]first\n[00:02.00]Say ＬＯＶＥ <3 you\n\n[00:03.00]love again\n';
    expect(matchedLyrics(lrc, 'love')).toEqual(['Say <b>ＬＯＶＥ</b> &lt;3 you', 'love again']);
    expect(matchedLyrics(lrc, 'absent')).toEqual(['first', 'Say ＬＯＶＥ &lt;3 you', 'love again']);
  });
});

describe('/search of other types', () => {
  const get = (url: string) => getOk(t.app, url);

  it('/search of MVs and other types is empty of its shape; 1018 combines the others', async () => {
    expect((await get('/search?keywords=a&type=1004&limit=16')).result).toEqual({ mvs: [], mvCount: 0, hasMore: false });
    expect((await get('/search?keywords=a&type=1002')).result).toEqual({ userprofiles: [], userprofileCount: 0, hasMore: false });
    expect((await get('/search?keywords=a&type=7')).result).toEqual({});
    const combined = (await get(`/search?keywords=${encodeURIComponent('月')}&type=1018`)).result;
    expect(combined.order).toEqual(['song', 'album', 'artist', 'playList']);
    expect(combined.song.songs.length).toBeGreaterThan(0);
  });
});
