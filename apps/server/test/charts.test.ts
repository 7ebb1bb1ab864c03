import { rmSync } from 'node:fs';
import type { Toplist } from '@cloudtune/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connection.ts';
import type { Database } from '../src/db/database.ts';
import { seedDemoLibrary } from '../src/content/demo/index.ts';
import { CHART_REFRESH_PLAYS } from '../src/services/charts/index.ts';
import { CHARTS, type ChartDefinition } from '../src/services/charts/catalog.ts';
import { SOARING_MIN_PLAYS, WEEK_MS, newReleaseWindowDays, rankChart, soaringScore } from '../src/services/charts/ranking.ts';
import type { SongPlays } from '../src/repos/plays.ts';
import { call, getOk, type Json } from './account-helpers.ts';
import { expectContract, expectError, freshDataDir, getJson, startTestApp, type TestApp, shapeOf, writeMark } from './helpers.ts';

let t: TestApp;
let db: Database; // a second connection for checking the rankings against the play records
beforeAll(async () => {
  t = await startTestApp();
  db = await openDatabase(t.dataDir);
});
afterAll(async () => {
  await db.close();
  await t.close();
});

const toplists = async () => expectContract('/toplist/detail', (await getJson(t.app, '/api/toplist/detail')).body);
const chartTracks = async (id: number) =>
  expectContract('/playlist/detail', (await getJson(t.app, `/api/playlist/detail?id=${id}`)).body).playlist;
const byName = (list: Toplist[], name: string) => list.find((l) => l.name === name)!;
const playsIn = async (songId: number, from: number, to: number) =>
  (await db
    .prepare('SELECT COUNT(*) FROM play_records WHERE song_id = ? AND played_at >= ? AND played_at < ?')
    .pluck()
    .get(songId, from, to)) as number;
const mainArtist = async (songId: number) =>
  (await db
    .prepare(
      'SELECT a.area, a.independent FROM song_artists sa JOIN artists a ON a.id = sa.artist_id WHERE sa.song_id = ? AND sa.position = 0',
    )
    .get(songId)) as { area: number; independent: number };

describe('demo listening history', () => {
  it('is a month of 20k–60k plays, deterministic, never before a song was released', async () => {
    const count = async (sql: string) => (await db.prepare(sql).pluck().get()) as number;
    expect(await count('SELECT COUNT(*) FROM play_records')).toBeGreaterThanOrEqual(20_000);
    expect(await count('SELECT COUNT(*) FROM play_records')).toBeLessThanOrEqual(60_000);
    expect(await count('SELECT COUNT(*) FROM play_records p JOIN songs s ON s.id = p.song_id WHERE p.played_at < s.publish_time')).toBe(0);
    expect(await count('SELECT COUNT(DISTINCT song_id) FROM play_records')).toBeGreaterThan(300);
    expect(await count('SELECT COUNT(*) FROM artists WHERE independent = 1')).toBeGreaterThanOrEqual(3);

    const dir = freshDataDir();
    const again = await openDatabase(dir);
    try {
      await seedDemoLibrary(again);
      const dump = async (d: Database) =>
        await d.prepare('SELECT song_id, user_id, played_at, seconds FROM play_records WHERE id % 97 = 0 ORDER BY id').all();
      expect(await dump(again)).toEqual(await dump(db));
    } finally {
      await again.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('/toplist/detail', async () => {
  it('lists the four official charts with a top-3 preview, then the global charts', async () => {
    const { list, artistToplist } = await toplists();
    expect(list.map((l) => l.name)).toEqual(['飙升榜', '新歌榜', '原创榜', '热歌榜', '欧美榜', '日本榜', '韩国榜', '华语榜']);
    expect(list.slice(0, 4).map((l) => l.ToplistType)).toEqual(['S', 'N', 'O', 'H']);
    for (const chart of list.slice(0, 4)) {
      expect(chart.tracks).toHaveLength(3);
      expect(chart.tracks![0]).toEqual({ first: expect.any(String), second: expect.any(String) });
    }
    for (const chart of list.slice(4)) {
      expect(chart.ToplistType).toBeUndefined();
      expect(chart.tracks).toEqual([]);
    }
    for (const chart of list) {
      expect(chart).toMatchObject({
        specialType: 10,
        updateFrequency: expect.any(String),
        coverImgUrl: expect.stringMatching(/\/media\/image\/playlist\/\d+\.jpg$/),
      });
      expect(chart.trackCount).toBeGreaterThan(10);
      expect(chart.playCount).toBeGreaterThan(0);
    }
    expect(artistToplist).toMatchObject({ name: '云音乐歌手榜', position: 5, updateFrequency: '每天更新', upateFrequency: '每天更新' });
    expect(artistToplist!.artists).toHaveLength(3);
    const scores = artistToplist!.artists!.map((a) => a.third);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('each chart is a playlist of its songs in rank order, following its own rule', async () => {
    const { list } = await toplists();
    const tracks = new Map<string, number[]>();
    for (const chart of list) {
      const playlist = await chartTracks(chart.id);
      const def = CHARTS.find((d) => d.name === chart.name)!;
      expect(playlist.trackCount).toBe(chart.trackCount);
      expect(playlist.trackCount).toBeLessThanOrEqual(def.size);
      expect(playlist.updateTime).toBe(chart.updateTime);
      expect(playlist.tracks[0]?.name).toBe(chart.tracks?.[0]?.first ?? playlist.tracks[0]?.name);
      tracks.set(
        chart.name,
        playlist.trackIds.map((x) => x.id),
      );

      // Re-count this week's plays (the chart's updateTime ends its window).
      const at = chart.updateTime;
      const recent = await Promise.all(playlist.trackIds.map(async (x) => await playsIn(x.id, at - WEEK_MS, at + 1)));
      if (def.kind === 'soaring') {
        const scores = await Promise.all(
          playlist.trackIds.map(async (x, i) => {
            const previous = await playsIn(x.id, at - 2 * WEEK_MS, at - WEEK_MS);
            expect(recent[i]!).toBeGreaterThanOrEqual(SOARING_MIN_PLAYS);
            expect(recent[i]!).toBeGreaterThan(previous);
            return soaringScore({ recent: recent[i]!, previous });
          }),
        );
        expect(scores).toEqual([...scores].sort((a, b) => b - a));
      } else {
        if (def.kind !== 'new') expect(recent).toEqual([...recent].sort((a, b) => b - a));
        for (const id of playlist.trackIds.map((x) => x.id)) {
          const artist = await mainArtist(id);
          if (def.area !== undefined) expect(artist.area).toBe(def.area);
          if (def.kind === 'original') expect(artist.independent).toBe(1);
        }
      }
    }
    // Different rules, different charts.
    const lists = [...tracks.values()].map((ids) => ids.join(','));
    expect(new Set(lists).size).toBe(lists.length);
    expect(tracks.get('飙升榜')!.slice(0, 10)).not.toEqual(tracks.get('热歌榜')!.slice(0, 10));
  });

  it('新歌榜 holds only recent releases', async () => {
    const chart = byName((await toplists()).list, '新歌榜');
    const playlist = await chartTracks(chart.id);
    const oldest = Math.min(...playlist.tracks.map((s) => s.publishTime!));
    expect(chart.updateTime - oldest).toBeLessThanOrEqual(730 * 86_400_000);
    const catalogOldest = (await db.prepare('SELECT MIN(publish_time) FROM songs').pluck().get()) as number;
    expect(oldest).toBeGreaterThan(catalogOldest);
  });
});

describe('/scrobble', () => {
  it('records plays, and 热歌榜 follows: a song played a lot rises to the top', async () => {
    const before = await chartTracks(byName((await toplists()).list, '热歌榜').id);
    const ranked = before.trackIds.map((x) => x.id);
    // A song that is nowhere near the top (or not on the chart at all).
    const song = ((await db.prepare('SELECT id FROM songs ORDER BY id').pluck().all()) as number[]).find(
      (id) => !ranked.slice(0, 150).includes(id),
    )!;
    const top = ranked[0]!;
    const at = before.updateTime!;
    const needed = (await playsIn(top, at - WEEK_MS, at + 1)) - (await playsIn(song, at - WEEK_MS, at + 1)) + 5;
    expect(needed).toBeGreaterThan(CHART_REFRESH_PLAYS);

    // Charts re-rank every CHART_REFRESH_PLAYS plays (or when minutes old): play that many more,
    // as many listeners (an address alone counts a song once per 20 s).
    for (let i = 0; i < needed + CHART_REFRESH_PLAYS; i++) {
      const url = `/api/scrobble?id=${song}&sourceid=${before.id}&time=60`;
      const res = await t.app.inject({ method: 'GET', url, remoteAddress: `10.1.${i >> 8}.${i & 255}` });
      expect(res.json()).toEqual({ code: 200, data: 'success' });
    }
    const after = await toplists();
    const hot = await chartTracks(byName(after.list, '热歌榜').id);
    expect(hot.trackIds[0]!.id).toBe(song);
    expect(byName(after.list, '热歌榜').tracks![0]!.first).toBe(hot.tracks[0]!.name);
    // From (almost) nothing to the top in a week: it soars too.
    const soaring = await chartTracks(byName(after.list, '飙升榜').id);
    expect(soaring.trackIds[0]!.id).toBe(song);
    const recorded = await db
      .prepare('SELECT source_id AS sourceId, seconds, user_id AS userId FROM play_records ORDER BY id DESC LIMIT 1')
      .get();
    expect(recorded).toEqual({ sourceId: before.id, seconds: 60, userId: null });
  });

  it('accepts POST (as NetEase clients send it) and defaults time to the whole song', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/scrobble', payload: { id: '3' } });
    expect(res.statusCode).toBe(200);
    expectContract('/scrobble', res.json());
    const duration = (await db.prepare('SELECT duration_ms FROM songs WHERE id = 3').pluck().get()) as number;
    expect(await db.prepare('SELECT seconds FROM play_records ORDER BY id DESC LIMIT 1').pluck().get()).toBe(Math.round(duration / 1000));
  });

  it('records the play whatever sourceid says, as NetEase does: a word is no playlist or album', async () => {
    const sources: [sent: string, recorded: number][] = [
      ['/daily/songs', 0], // YesPlayMusic's 每日推荐
      ['fm', 0],
      ['每日推荐 私人FM', 0],
      ['', 0],
      ['{"id":3}', 0],
      ['-5', 0],
      ['42', 42],
    ];
    for (const [i, [sourceid, recorded]] of sources.entries()) {
      const url = `/api/scrobble?id=4&time=30&${new URLSearchParams({ sourceid })}`;
      const res = await t.app.inject({ method: 'GET', url, remoteAddress: `10.77.0.${i + 1}` });
      expect([sourceid, res.json()]).toEqual([sourceid, { code: 200, data: 'success' }]);
      const row = await db.prepare('SELECT song_id AS songId, source_id AS sourceId FROM play_records ORDER BY id DESC LIMIT 1').get();
      expect([sourceid, row]).toEqual([sourceid, { songId: 4, sourceId: recorded }]);
    }
  });

  it.each([
    ['/api/scrobble', 400, 'id is required'],
    ['/api/scrobble?id=abc', 400, 'id must be an integer'],
    ['/api/scrobble?id=0', 400, 'id must be ≥ 1'],
    ['/api/scrobble?id=1&time=-1', 400, 'time must be ≥ 0'],
    ['/api/scrobble?id=1&time=100000', 400, 'time must be ≤ 86400'],
    ['/api/scrobble?id=99999', 404, 'song 99999 not found'],
  ])('%s → %i', async (url, status, msg) => {
    expectError(await getJson(t.app, url), status, msg);
  });
});

describe('chart rules', () => {
  const song = (songId: number, recent: number, previous: number, extra: Partial<SongPlays> = {}): SongPlays => ({
    songId,
    artistId: 1,
    area: 7,
    independent: false,
    publishTime: 0,
    recent,
    previous,
    ...extra,
  });
  const def = (kind: ChartDefinition['kind']) => CHARTS.find((d) => d.kind === kind)!;

  it('飙升榜 ranks smoothed growth and ignores blips below the minimum', () => {
    const stats = [song(1, 300, 100), song(2, 4, 1), song(3, 40, 5), song(4, 50, 60), song(5, 12, 0)];
    expect(rankChart(def('soaring'), stats, []).songIds).toEqual([3, 1, 5]);
  });

  it('新歌榜 keeps unplayed new releases below played ones, newest first', () => {
    const releases = [
      { songId: 7, publishTime: 10 },
      { songId: 8, publishTime: 30 },
      { songId: 9, publishTime: 20 },
    ];
    expect(rankChart(def('new'), [song(9, 5, 0), song(1, 99, 0)], releases).songIds).toEqual([9, 8, 7]);
  });

  it('regional and original charts filter; ties fall back to the song id', () => {
    const stats = [song(3, 10, 0, { area: 96 }), song(2, 10, 0, { area: 96, independent: true }), song(1, 20, 0)];
    expect(rankChart(def('western'), stats, []).songIds).toEqual([2, 3]);
    expect(rankChart(def('original'), stats, []).songIds).toEqual([2]);
    expect(rankChart(def('hot'), stats, [])).toEqual({ songIds: [1, 2, 3], plays: 40 });
  });

  it('新歌榜 widens its release window until enough songs qualify', async () => {
    expect(await newReleaseWindowDays(async () => 50)).toBe(30);
    expect(await newReleaseWindowDays(async (d) => (d >= 365 ? 25 : 3))).toBe(365);
    expect(await newReleaseWindowDays(async () => 0)).toBe(730);
  });
});

describe('response shapes', () => {
  it.each(['/api/toplist/detail', '/api/scrobble?id=1'])('%s', async (url) => {
    expect(shapeOf((await getJson(t.app, url)).body)).toMatchSnapshot();
  });
});

describe('reads never write', () => {
  it('/toplist/detail only reads, even when plays have made the charts stale; the next scrobble re-ranks them', async () => {
    const songId = (await db.prepare('SELECT id FROM songs ORDER BY id DESC LIMIT 1').pluck().get()) as number;
    const insert = db.prepare('INSERT INTO play_records (song_id, user_id, source_id, played_at, seconds) VALUES (?, NULL, 0, ?, 30)');
    const latest = (await db.prepare('SELECT MAX(played_at) FROM play_records').pluck().get()) as number;
    for (let i = 0; i < CHART_REFRESH_PLAYS + 1; i++) await insert.run(songId, latest);
    const version = () => writeMark(db);
    const rankedAt = async () => (await db.prepare('SELECT MAX(computed_at) FROM charts').pluck().get()) as number;
    const [before, ranked] = [await version(), await rankedAt()];
    for (let i = 0; i < 3; i++) expect((await getJson(t.app, '/api/toplist/detail')).status).toBe(200);
    expect(await version()).toBe(before);
    await getJson(t.app, '/api/playlist/detail?id=1');
    expect(await version()).toBe(before);
    await getJson(t.app, '/api/search?keywords=a');
    expect(await version()).toBe(before);
    // A write path re-ranks what is stale.
    await getJson(t.app, `/api/scrobble?id=${songId}&time=30`);
    expect(await rankedAt()).toBeGreaterThan(ranked);
  });
});

describe('/toplist and /toplist/artist', () => {
  // An app of their own: the play records are the seed's, untouched by the scrobbles above.
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());
  const get = (url: string, session?: string) => getOk(t.app, url, session);

  it('/toplist lists the charts as /toplist/detail does', async () => {
    const body = expectContract('/toplist', await get('/toplist'));
    expect(body.list.map((c) => c.name)).toEqual((await get('/toplist/detail')).list.map((c: Json) => c.name));
    expect(shapeOf(body.list[0])).toMatchSnapshot();
  });

  it('the charts have NetEase’s ids, which clients hard-code (YesPlayMusic’s home row keeps 19723756)', async () => {
    const ids = Object.fromEntries((await get('/toplist')).list.map((c: Json) => [c.name, c.id]));
    expect(ids).toMatchObject({
      飙升榜: 19723756,
      新歌榜: 3779629,
      原创榜: 2884035,
      热歌榜: 3778678,
      欧美榜: 2809513713,
      日本榜: 5059644681,
      韩国榜: 745956260,
    });
    const soaring = await get('/playlist/detail?id=19723756');
    expect(soaring.playlist).toMatchObject({ id: 19723756, name: '飙升榜' });
    expect(soaring.playlist.tracks.length).toBeGreaterThan(10);
  });

  it('/toplist/artist ranks artists of the area by this week’s plays', async () => {
    const zh = expectContract('/toplist/artist', await get('/toplist/artist'));
    expect(zh.list.type).toBe(1);
    expect(zh.list.artists.length).toBeGreaterThan(3);
    const scores = zh.list.artists.map((a) => a.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const western = (await get('/toplist/artist?type=2')).list.artists.map((a: Json) => a.id);
    expect(western).not.toEqual(zh.list.artists.map((a) => a.id));
    expect((await call(t.app, '/api/toplist/artist?type=5')).body).toEqual({ code: 400, msg: 'type must be ≤ 4' });
    expect(shapeOf(zh.list.artists[0])).toMatchSnapshot();
  });
});
