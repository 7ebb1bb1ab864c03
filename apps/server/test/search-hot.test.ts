import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../src/db/connection.ts';
import type { Database } from '../src/db/database.ts';
import { createRepos, type Repos } from '../src/repos/index.ts';
import { HOT_FLUSH_EVERY_MS, HOT_SIZE, SEARCH_HEAT } from '../src/services/search/hot.ts';
import { expectContract, getJson, shapeOf, startTestApp, type TestApp, writeMark } from './helpers.ts';

/**
 * /search/hot and /search/hot/detail: the demo's week of plays, then what is searched (counted
 * in memory, written by the server's timer) and played here.
 */
let t: TestApp;
let db: Database;
let repos: Repos;

const hotDetail = async () => expectContract('/search/hot/detail', (await getJson(t.app, '/api/search/hot/detail')).body);
const hot = async () => expectContract('/search/hot', (await getJson(t.app, '/api/search/hot')).body);
const search = (keywords: string, more = '') => getJson(t.app, `/api/search?keywords=${encodeURIComponent(keywords)}${more}`);
/** Waits for the hot list to pass `check` (a flush and a recomputed list away). */
const hotListWhere = (check: (list: Awaited<ReturnType<typeof hotDetail>>['data']) => void) =>
  vi.waitFor(async () => check((await hotDetail()).data), { timeout: 5 * HOT_FLUSH_EVERY_MS, interval: 100 });

beforeAll(async () => {
  t = await startTestApp();
  db = await openDatabase(t.dataDir);
  repos = createRepos(db);
});
afterAll(async () => {
  await db.close();
  await t.close();
});

describe('/search/hot/detail and /search/hot', () => {
  it('list the hottest words of the week in NetEase shapes, hottest first, the top three marked', async () => {
    const detail = await hotDetail();
    expect(detail.message).toBe('success');
    expect(detail.data).toHaveLength(HOT_SIZE);
    const scores = detail.data.map((e) => e.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(detail.data.map((e) => e.iconType)).toEqual(detail.data.map((_e, i) => (i < 3 ? 1 : 0)));
    for (const e of detail.data) expect(e).toMatchObject({ source: 0, url: '', iconUrl: null });
    // A fresh demo: its most played songs (their artists under them) and artists.
    const song = detail.data.find((e) => e.alg === 'alg_hot_song')!;
    const played = await db
      .prepare<[string], string>(
        `SELECT string_agg(a.name, '/' ORDER BY sa.position) FROM songs s JOIN song_artists sa ON sa.song_id = s.id
         JOIN artists a ON a.id = sa.artist_id WHERE s.name = ? GROUP BY s.id`,
      )
      .pluck()
      .all(song.searchWord);
    expect(played).toContain(song.content);
    expect(detail.data.filter((e) => e.alg === 'alg_hot_artist').every((e) => e.content === '歌手')).toBe(true);

    const short = await hot();
    expect(short.result.hots.map((h) => h.first)).toEqual(detail.data.map((e) => e.searchWord));
    expect(short.result.hots[0]).toEqual({ first: detail.data[0]!.searchWord, second: 1, third: null, iconType: 1 });
  });

  it('keep their wire shapes', async () => {
    expect(shapeOf((await getJson(t.app, '/api/search/hot')).body)).toMatchSnapshot();
    expect(shapeOf((await getJson(t.app, '/api/search/hot/detail')).body)).toMatchSnapshot();
  });

  it('never write as a search answers: its count waits in memory for the timer', async () => {
    const before = await writeMark(db);
    expect((await search('月光')).status).toBe(200);
    expect((await getJson(t.app, '/api/search/hot/detail')).status).toBe(200);
    expect(await writeMark(db)).toBe(before);
    await vi.waitFor(
      async () => expect(await db.prepare("SELECT count FROM search_keywords WHERE keyword = '月光'").pluck().get()).toBe(1),
      {
        timeout: 5 * HOT_FLUSH_EVERY_MS,
        interval: 100,
      },
    );
  });

  it('take in a keyword searched often, however it is typed, after the next flush; not one that found nothing', async () => {
    const top = (await hotDetail()).data[0]!.score;
    const times = Math.ceil(top / SEARCH_HEAT) + 1;
    for (let i = 0; i < times; i++) {
      expect((await search(i % 2 ? 'ＤＲＥＡＭＳ' : 'dreams')).status).toBe(200);
      await search('qqqxyzzy');
      await search('dreams', '&offset=30'); // a further page of the same search
    }
    await search('Dreams');
    await hotListWhere((list) => {
      expect(list[0]).toMatchObject({ searchWord: 'Dreams', score: (times + 1) * SEARCH_HEAT, alg: 'alg_hot_searched', iconType: 1 });
    });
    expect((await hotDetail()).data.map((e) => e.searchWord)).not.toContain('qqqxyzzy');
    expect((await hot()).result.hots[0]!.first).toBe('Dreams');
  });

  it('take in a song played often this week, its artists under it', async () => {
    const now = Date.now();
    const artistId = await repos.artists.insert({
      name: 'Lantern Keeper',
      nameLatin: '',
      trans: null,
      aliases: [],
      area: 96,
      type: 1,
      briefDesc: '',
      popularity: 1,
      createdAt: now,
    });
    const albumId = await repos.albums.insert({
      name: 'Harbour Nights',
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
    const songId = await repos.songs.insert({
      name: 'Paper Lanterns Tonight',
      nameLatin: '',
      albumId,
      discNo: 1,
      trackNo: 1,
      durationMs: 60_000,
      popularity: 1,
      aliases: [],
      audioSeed: 7,
      publishTime: now,
      createdAt: now,
      artistIds: [artistId],
    });
    const last = (await hotDetail()).data.at(-1)!.score;
    // As many listeners: an address alone counts a song once per 20 s.
    for (let i = 0; i <= last; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/scrobble?id=${songId}&time=60`,
        remoteAddress: `10.2.${i >> 8}.${i & 255}`,
      });
      expect(res.statusCode).toBe(200);
    }
    await hotListWhere((list) => {
      expect(list.find((e) => e.searchWord === 'Paper Lanterns Tonight')).toMatchObject({
        score: last + 1,
        content: 'Lantern Keeper',
        alg: 'alg_hot_song',
      });
    });
  });

  it('are written when the server closes, searches counted since the last flush included', async () => {
    const other = await startTestApp();
    try {
      expect((await getJson(other.app, `/api/search?keywords=${encodeURIComponent('夜')}`)).status).toBe(200);
      await other.app.close();
      const closed = await openDatabase(other.dataDir);
      try {
        expect(await closed.prepare('SELECT keyword, shown, count FROM search_keywords').all()).toEqual([
          { keyword: '夜', shown: '夜', count: 1 },
        ]);
      } finally {
        await closed.close();
      }
    } finally {
      rmSync(other.dataDir, { recursive: true, force: true });
    }
  });
});
