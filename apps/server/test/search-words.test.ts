import { SqliteDatabase } from '../src/db/sqlite.ts';
import { rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFile, openDatabase, type Db } from '../src/db/connection.ts';
import { loadMigrations, runMigrations } from '../src/db/migrate.ts';
import { registerTextFunctions } from '../src/db/text-functions.ts';
import { mediaUrls } from '../src/media/urls.ts';
import { createRepos, type Repos } from '../src/repos/index.ts';
import { createSearchService } from '../src/services/search/index.ts';
import { expectContract, freshDataDir, getJson, startTestApp, type TestApp } from './helpers.ts';

/**
 * Keywords of several words: every word must be found somewhere in the same song (its name,
 * artists, album, aliases), album (name, artist), artist (names, aliases, pinyin), playlist
 * (name, tags) or lyric. Songs are added beside the demo library through a second connection.
 */
let t: TestApp;
let db: Db;
let repos: Repos;
const ids = {
  dawnMist: 0, // 晨雾 by 林间信号 on 雾中来信
  otherMist: 0, // 晨雾 by Harbor Echo, more popular
  velvet: 0, // Velvet Orbit by Night Parade on Orbit Sessions 2
  love: 0, // Love by Night Parade
  nightLove: 0, // Night Love by Harbor Echo
  loveAtNight: 0, // Love at Night by Harbor Echo, the most popular
  letters: [] as number[], // Love Letter 1…12 by Night Parade
  mistAlbum: 0,
  forest: 0,
};

type Song = { id: number; name: string; artists: { name: string }[]; album: { name: string } };
const search = (keywords: string, more = '') => getJson(t.app, `/api/search?keywords=${encodeURIComponent(keywords)}${more}`);
const songsOf = async (keywords: string, more = '') => {
  const result = expectContract('/search', (await search(keywords, more)).body).result;
  return { ...result, songs: (result.songs ?? []) as Song[] };
};
const songIds = async (keywords: string, more = '') => (await songsOf(keywords, more)).songs.map((s) => s.id);

beforeAll(async () => {
  t = await startTestApp();
  db = await openDatabase(t.dataDir);
  repos = createRepos(db);
  const now = Date.now();
  const artist = async (name: string, aliases: string[] = []) =>
    await repos.artists.insert({
      name,
      nameLatin: '',
      trans: null,
      aliases,
      area: 7,
      type: 3,
      briefDesc: '',
      popularity: 1,
      createdAt: now,
    });
  const album = async (name: string, artistId: number) =>
    await repos.albums.insert({
      name,
      nameLatin: '',
      artistId,
      type: '专辑',
      subType: '录音室版',
      company: null,
      description: null,
      aliases: [],
      publishTime: now,
      createdAt: now,
    });
  const song = async (name: string, popularity: number, albumId: number, artistId: number) =>
    await repos.songs.insert({
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

  ids.forest = await artist('林间信号', ['Forest Signal']);
  const parade = await artist('Night Parade');
  const harbor = await artist('Harbor Echo');
  ids.mistAlbum = await album('雾中来信', ids.forest);
  const orbit = await album('Orbit Sessions 2', parade);
  const quiet = await album('Quiet Harbor', harbor);
  ids.dawnMist = await song('晨雾', 10, ids.mistAlbum, ids.forest);
  ids.otherMist = await song('晨雾', 90, quiet, harbor);
  ids.velvet = await song('Velvet Orbit', 5, orbit, parade);
  ids.love = await song('Love', 1, orbit, parade);
  ids.nightLove = await song('Night Love', 1, quiet, harbor);
  ids.loveAtNight = await song('Love at Night', 60, quiet, harbor);
  for (let n = 1; n <= 12; n++) ids.letters.push(await song(`Love Letter ${n}`, 20 + n, orbit, parade));
  await repos.lyrics.insert(ids.dawnMist, '[00:01.00]海风吹过旧码头\n[00:03.00]灯塔还亮着\n[00:05.00]旧码头的灯塔\n', null);
  await repos.lyrics.insert(ids.velvet, '[00:01.00]we sail at dawn\n', null);
  await repos.lyrics.insert(ids.letters[11]!, '[00:01.00]at dawn\n[00:02.00]we sail\n', null);
  await repos.searchIndex.refresh();
});
afterAll(async () => {
  await db.close();
  await t.close();
});

describe('multi-word keywords', () => {
  it('find a song by artist and title, not the same title by another artist', async () => {
    expect(await songIds('林间信号 晨雾')).toEqual([ids.dawnMist]);
    expect(await songIds('晨雾 林间信号')).toEqual([ids.dawnMist]);
    expect(await songIds('晨雾')).toEqual(expect.arrayContaining([ids.dawnMist, ids.otherMist]));
  });

  it('find a song by title and album, and by pinyin initials and title', async () => {
    expect(await songIds('velvet sessions')).toEqual([ids.velvet]);
    expect(await songIds('ljxh 晨雾')).toEqual([ids.dawnMist]);
    expect(await songIds('linjianxinhao 雾')).toEqual([ids.dawnMist]);
    expect(await songIds('forest 晨雾')).toEqual([ids.dawnMist]);
  });

  it('miss when one word matches nothing, or nothing holds every word', async () => {
    expect((await search('night qqqxyzzy')).body).toEqual({ result: { songs: [], hasMore: false, songCount: 0 }, code: 200 });
    expect(await songIds('林间信号 velvet')).toEqual([]);
    expect((await songsOf('林间信号 velvet', '&type=10')).albumCount).toBe(0);
  });

  it('match 1–2 character words inside a multi-word keyword', async () => {
    expect(await songIds('velvet 2')).toEqual([ids.velvet]);
    expect(await songIds('林间 晨')).toEqual([ids.dawnMist]);
    const { songs, songCount } = await songsOf('林 晨', '&limit=100');
    expect(songs.map((s) => s.id)).toContain(ids.dawnMist);
    expect(songs).toHaveLength(Math.min(songCount!, 100));
    for (const s of songs) {
      const text = [s.name, s.album.name, ...s.artists.map((a) => a.name)].join(' ');
      expect(text).toContain('林');
      expect(text).toContain('晨');
    }
  });

  it('fold case and width word by word', async () => {
    const plain = await songIds('velvet sessions');
    expect(await songIds('VELVET ｓｅｓｓｉｏｎｓ')).toEqual(plain);
    expect(await songIds('Velvet　SESSIONS')).toEqual(plain);
  });

  it('rank the exact name first, then a song named by one word, then popularity', async () => {
    const found = await songIds('night love', '&limit=4');
    expect(found).toEqual([ids.nightLove, ids.love, ids.loveAtNight, ids.letters[11]]);
    expect(await songIds('love night', '&limit=2')).toEqual([ids.love, ids.loveAtNight]);
  });

  it('page and count the songs holding every word', async () => {
    const all = await songsOf('night love', '&limit=100');
    expect(all.songCount).toBe(15);
    expect(all.songs).toHaveLength(15);
    const pages = [];
    for (let offset = 0; offset < 15; offset += 4) pages.push(await songsOf('night love', `&limit=4&offset=${offset}`));
    expect(pages.map((p) => p.songs.length)).toEqual([4, 4, 4, 3]);
    expect(pages.map((p) => p.hasMore)).toEqual([true, true, true, false]);
    expect(pages.map((p) => p.songCount)).toEqual([15, 15, 15, 15]);
    expect(pages.flatMap((p) => p.songs.map((s) => s.id))).toEqual(all.songs.map((s) => s.id));
    expect(await songsOf('night love', '&offset=15')).toMatchObject({ songs: [], hasMore: false, songCount: 15 });
  });

  it('find albums by artist and name, artists by name and alias, playlists by name and tag', async () => {
    const albums = (await songsOf('林间信号 来信', '&type=10')).albums!;
    expect(albums.map((a) => a.id)).toEqual([ids.mistAlbum]);
    expect((await songsOf('forest 林间', '&type=100')).artists!.map((a) => a.id)).toEqual([ids.forest]);
    expect((await songsOf('林间信号 晨雾', '&type=100')).artistCount).toBe(0);

    const playlist = (await db
      .prepare<[], { id: number; name: string; tag: string }>(
        `SELECT p.id, p.name, t.name AS tag FROM playlists p JOIN playlist_tags pt ON pt.playlist_id = p.id JOIN tags t ON t.id = pt.tag_id
         WHERE p.privacy = 0 AND p.special_type = 0 ORDER BY p.id LIMIT 1`,
      )
      .get())!;
    const keyword = `${[...playlist.name].slice(0, 3).join('')} ${playlist.tag}`;
    expect((await songsOf(keyword, '&type=1000&limit=100')).playlists!.map((p) => p.id)).toContain(playlist.id);
    expect((await songsOf(`${playlist.name} qqqxyzzy`, '&type=1000')).playlistCount).toBe(0);
  });

  it('find lyrics holding two words, a line holding both marked; a pasted line first', async () => {
    const res = (await songsOf('灯塔 旧码头', '&type=1006')).songs as unknown as { id: number; lyrics: string[] }[];
    expect(res.map((s) => s.id)).toEqual([ids.dawnMist]);
    expect(res[0]!.lyrics).toEqual(['<b>旧码头</b>的<b>灯塔</b>']);

    const pasted = (await songsOf('we sail at dawn', '&type=1006')).songs as unknown as { id: number; lyrics: string[] }[];
    expect(pasted.map((s) => s.id)).toEqual([ids.velvet, ids.letters[11]]);
    expect(pasted.map((s) => s.lyrics[0])).toEqual(['<b>we sail at dawn</b>', '<b>at</b> <b>dawn</b>']);
  });

  it('suggest as one types several words', async () => {
    const res = expectContract(
      '/search/suggest',
      (await getJson(t.app, `/api/search/suggest?keywords=${encodeURIComponent('林间信号 晨')}`)).body,
    );
    expect(res.result.songs!.map((s) => s.id)).toEqual([ids.dawnMist]);
  });
});

describe('the index of a library from before multi-word search', () => {
  it('is rebuilt: every document is queued again and found by every word', async () => {
    const dir = freshDataDir();
    const raw = new Database(databaseFile(dir));
    try {
      registerTextFunctions(raw);
      const db = new SqliteDatabase(raw);
      const migrations = loadMigrations();
      await runMigrations(
        db,
        migrations.filter((m) => m.version < 7),
      );
      raw.exec(`
        INSERT INTO artists (id, name, area, type, created_at) VALUES (1, '周末旅人', 7, 1, 0);
        INSERT INTO albums (id, name, artist_id, publish_time, created_at) VALUES (1, '旧唱片', 1, 0, 0);
        INSERT INTO songs (id, name, album_id, track_no, duration_ms, audio_seed, publish_time, created_at)
          VALUES (1, '晴天', 1, 1, 1000, 1, 0, 0);
        INSERT INTO song_artists VALUES (1, 1, 0);
        DELETE FROM search_queue; -- as if the old index had taken them in`);
      expect(await runMigrations(db, migrations)).toContain(7);
      const service = await createSearchService(createRepos(db));
      const found = (await service.search({ keywords: '周末旅人 晴天' }, mediaUrls('http://localhost/api'))).result;
      expect(found).toMatchObject({ songCount: 1, songs: [{ id: 1, name: '晴天' }] });
      expect((await service.search({ keywords: 'zmlr 旧唱片', type: 10 }, mediaUrls('http://localhost/api'))).result).toMatchObject({
        albumCount: 1,
      });
    } finally {
      raw.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it('keeps names apart from an index built without them, at once (no rebuild)', async () => {
    const dir = freshDataDir();
    const raw = new Database(databaseFile(dir));
    try {
      registerTextFunctions(raw);
      const db = new SqliteDatabase(raw);
      const migrations = loadMigrations();
      await runMigrations(
        db,
        migrations.filter((m) => m.version < 9),
      );
      // A library indexed as migration 007 left it: whole documents, nothing queued.
      raw.exec(`
        INSERT INTO artists (id, name, area, type, created_at) VALUES (1, '周末旅人', 7, 1, 0);
        INSERT INTO albums (id, name, artist_id, publish_time, created_at) VALUES (1, '旧唱片', 1, 0, 0);
        INSERT INTO songs (id, name, album_id, track_no, duration_ms, audio_seed, publish_time, created_at)
          VALUES (1, '晴天', 1, 1, 1000, 1, 0, 0);
        INSERT INTO song_artists VALUES (1, 1, 0);
        INSERT INTO search_artist_keys SELECT id, keys FROM search_artist_docs;
        INSERT INTO search_artists (rowid, doc) SELECT doc_id, keys || char(3) FROM search_artist_docs;
        INSERT INTO search_albums (rowid, doc) SELECT doc_id, name || credits FROM search_album_docs;
        INSERT INTO search_songs (rowid, doc) SELECT doc_id, name || credits FROM search_song_docs;
        INSERT INTO search_docs SELECT 100, id, doc_id FROM search_artist_docs;
        INSERT INTO search_docs SELECT 10, id, doc_id FROM search_album_docs;
        INSERT INTO search_docs SELECT 1, id, doc_id FROM search_song_docs;
        DELETE FROM search_queue;`);
      expect(
        await runMigrations(
          db,
          migrations.filter((m) => m.version <= 9),
        ),
      ).toEqual([9]);
      expect(raw.prepare('SELECT COUNT(*) FROM search_queue').pluck().get()).toBe(0);
      const named = (table: string, text: string) =>
        raw
          .prepare(`SELECT rowid % ${2 ** 36} FROM ${table} WHERE ${table} MATCH ?`)
          .pluck()
          .all(`"\u0002\u0002${text}\u0003"`);
      expect([
        named('search_song_names', 'qingtian'),
        named('search_album_names', '旧唱片'),
        named('search_song_names', '周末旅人'),
      ]).toEqual([[1], [1], []]);
      // Later migrations, so that every repository's tables exist.
      await runMigrations(db, migrations);
      const service = await createSearchService(createRepos(db));
      const urls = mediaUrls('http://localhost/api');
      expect((await service.search({ keywords: 'qingtian 周末旅人' }, urls)).result).toMatchObject({ songCount: 1, songs: [{ id: 1 }] });
      expect((await service.search({ keywords: '旧唱片', type: 10 }, urls)).result).toMatchObject({ albumCount: 1, albums: [{ id: 1 }] });
      expect((await service.suggest('晴', 'web', urls)).result).toMatchObject({ songs: [{ id: 1 }] });
    } finally {
      raw.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
