import { recorded } from '@cloudtune/ncm-fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../src/db/connection.ts';
import { call, getOk, loginByPhone, register, testClock, type Json } from './account-helpers.ts';
import { expectContract, expectError, startTestApp, type TestApp, filterAsync } from './helpers.ts';

const DAY = 86_400_000;
// 12:00 in China: the next recommendation day starts at 6:00 tomorrow.
const clock = testClock(Date.UTC(2025, 5, 1, 4));
let t: TestApp;
let db: Db;
let demo: string;
let demoId: number;

beforeAll(async () => {
  t = await startTestApp({ clock: clock.now });
  db = await openDatabase(t.dataDir);
  demo = await loginByPhone(t.app, '13800000000', 'cloudtune');
  demoId = (await db.prepare("SELECT id FROM users WHERE phone = '13800000000'").pluck().get()) as number;
});
afterAll(async () => {
  await db.close();
  await t.close();
});

const dailySongs = async (session: string) =>
  expectContract('/recommend/songs', (await call(t.app, '/api/recommend/songs', { session })).body).data;
const dailyIds = async (session: string) => (await dailySongs(session)).dailySongs.map((s) => s.id);
const dailyPlaylists = async (session: string) =>
  expectContract('/recommend/resource', (await call(t.app, '/api/recommend/resource', { session })).body).recommend;
const mainArtist = async (songId: number) =>
  (await db.prepare('SELECT artist_id FROM song_artists WHERE song_id = ? AND position = 0').pluck().get(songId)) as number;
const likedOf = async (userId: number) =>
  (await db
    .prepare(
      'SELECT pt.song_id FROM playlists p JOIN playlist_tracks pt ON pt.playlist_id = p.id WHERE p.creator_id = ? AND p.special_type = 5',
    )
    .pluck()
    .all(userId)) as number[];
/** Library-clock time of the newest play (the demo's month ends just before it). */
const lastPlayAt = async () => (await db.prepare('SELECT MAX(played_at) FROM play_records').pluck().get()) as number;

describe('login', () => {
  it.each(['/recommend/songs', '/recommend/resource'])('%s answers 301 需要登录 without one, or with a made-up cookie', async (path) => {
    expectError(await call(t.app, `/api${path}`), 301, '需要登录');
    expectError(await call(t.app, `/api${path}?cookie=${encodeURIComponent(`MUSIC_U=${'0'.repeat(64)}`)}`), 301, '需要登录');
  });
});

describe('/recommend/songs', () => {
  it('gives the demo account 30 songs in the recorded shape, each with its reason, none it played this week or liked', async () => {
    const body = (await call(t.app, '/api/recommend/songs', { session: demo })).body;
    const data = expectContract('/recommend/songs', body).data;
    const real = recorded<{ data: { dailySongs: Record<string, unknown>[] } }>('recommend_songs').data;
    expect(Object.keys(data).sort()).toEqual(Object.keys(real).sort());
    for (const key of Object.keys(real.dailySongs[0]!)) expect(data.dailySongs[0]).toHaveProperty(key);

    const ids = data.dailySongs.map((s) => s.id);
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
    expect(data.recommendReasons).toEqual(data.dailySongs.map((s) => ({ songId: s.id, reason: s.reason })));
    expect(data.dailySongs.every((s) => typeof s.reason === 'string' && s.reason.length > 0)).toBe(true);
    // The reasons name what the account plays: its artists, artists like them, its tags.
    expect(data.dailySongs.some((s) => s.reason!.startsWith('你常听的'))).toBe(true);

    const recent = new Set(
      (await db
        .prepare('SELECT DISTINCT song_id FROM play_records WHERE user_id = ? AND played_at > ?')
        .pluck()
        .all(demoId, (await lastPlayAt()) - 7 * DAY)) as number[],
    );
    expect(await filterAsync(ids, async (id) => recent.has(id) || (await likedOf(demoId)).includes(id))).toEqual([]);
    // At most four songs of one artist.
    const perArtist = new Map<number, number>();
    for (const id of ids) perArtist.set(await mainArtist(id), (perArtist.get(await mainArtist(id)) ?? 0) + 1);
    expect(Math.max(...perArtist.values())).toBeLessThanOrEqual(4);
  });

  it('is the same all day and different the next day, which starts at 6:00 China time (每天6:00更新)', async () => {
    const today = await dailyIds(demo);
    clock.advance(11 * 3_600_000); // 23:00 in China
    expect(await dailyIds(demo)).toEqual(today);
    clock.advance(6 * 3_600_000 + 59 * 60_000); // 05:59 the next morning: still today's list
    expect(await dailyIds(demo)).toEqual(today);
    clock.advance(60_000); // 06:00
    const tomorrow = await dailyIds(demo);
    expect(tomorrow).toHaveLength(30);
    expect(tomorrow).not.toEqual(today);
    expect(tomorrow.filter((id) => today.includes(id)).length).toBeLessThan(20);
    expect(await dailyIds(demo)).toEqual(tomorrow);
  });

  it('reflects what the account plays: after a day of one artist, that artist’s other songs come the next day', async () => {
    const today = await dailyIds(demo);
    // An artist with many songs the account never played and none in today's list.
    const artists = (await db
      .prepare(
        `SELECT sa.artist_id AS id, COUNT(*) AS unplayed FROM song_artists sa
         WHERE sa.position = 0 AND NOT EXISTS (SELECT 1 FROM play_records pr WHERE pr.song_id = sa.song_id AND pr.user_id = ?)
         GROUP BY sa.artist_id HAVING COUNT(*) >= 7 ORDER BY unplayed DESC, sa.artist_id`,
      )
      .all(demoId)) as { id: number; unplayed: number }[];
    const todays = new Set(await Promise.all(today.map(mainArtist)));
    const artist = artists.find((a) => !todays.has(a.id))!;
    expect(artist).toBeDefined();
    const songs = (await db
      .prepare(
        `SELECT song_id FROM song_artists sa WHERE artist_id = ? AND position = 0
         AND NOT EXISTS (SELECT 1 FROM play_records pr WHERE pr.song_id = sa.song_id AND pr.user_id = ?) ORDER BY song_id`,
      )
      .pluck()
      .all(artist.id, demoId)) as number[];
    const played = songs.slice(0, 4);
    for (let round = 0; round < 20; round++) {
      for (const id of played) expect((await call(t.app, `/api/scrobble?id=${id}`, { session: demo })).body.code).toBe(200);
      clock.advance(21_000); // a song counts once per 20 s per listener
    }
    // Today's list stays as it was…
    expect(await dailyIds(demo)).toEqual(today);
    // …tomorrow's has the artist's other songs, and not the ones just played.
    clock.advance(DAY);
    const next = await dailySongs(demo);
    const others = await filterAsync(next.dailySongs, async (s) => (await mainArtist(s.id)) === artist.id);
    expect(others.length).toBeGreaterThanOrEqual(3);
    expect(others.every((s) => !played.includes(s.id))).toBe(true);
    expect(others.some((s) => s.reason!.startsWith('你常听的'))).toBe(true);
    // The day's playlists follow too: one of them holds the artist's songs.
    const holding = new Set(
      (await db
        .prepare(
          'SELECT DISTINCT pt.playlist_id FROM playlist_tracks pt JOIN song_artists sa ON sa.song_id = pt.song_id WHERE sa.artist_id = ?',
        )
        .pluck()
        .all(artist.id)) as number[],
    );
    expect((await dailyPlaylists(demo)).some((p) => holding.has(p.id))).toBe(true);
  });

  it('gives someone who has played nothing popular songs; their likes make their own list the next day', async () => {
    const session = await register(t.app, t.dataDir, '13700000301', 'recommend-pass', '新来的听众');
    const userId = (await db.prepare("SELECT id FROM users WHERE phone = '13700000301'").pluck().get()) as number;
    const first = await dailySongs(session);
    expect(first.dailySongs).toHaveLength(30);
    expect(new Set(first.dailySongs.map((s) => s.reason))).toEqual(new Set(['近期热门']));
    const average = async (ids: number[]) => {
      let sum = 0;
      for (const id of ids) sum += (await db.prepare('SELECT popularity FROM songs WHERE id = ?').pluck().get(id)) as number;
      return sum / ids.length;
    };
    const library = (await db.prepare('SELECT AVG(popularity) FROM songs').pluck().get()) as number;
    expect(await average(first.dailySongs.map((s) => s.id))).toBeGreaterThan(library + 10);

    // Likes are read from 我喜欢的音乐 (specialType 5), whoever put them there.
    const artist = (await db
      .prepare('SELECT artist_id FROM song_artists WHERE position = 0 GROUP BY artist_id HAVING COUNT(*) >= 10 ORDER BY artist_id LIMIT 1')
      .pluck()
      .get()) as number;
    const songs = (await db
      .prepare('SELECT song_id FROM song_artists WHERE artist_id = ? AND position = 0 ORDER BY song_id')
      .pluck()
      .all(artist)) as number[];
    const liked = (await db.prepare('SELECT id FROM playlists WHERE creator_id = ? AND special_type = 5').pluck().get(userId)) as number;
    for (const [i, id] of songs.slice(0, 3).entries())
      await db
        .prepare('INSERT INTO playlist_tracks (playlist_id, song_id, position, added_at) VALUES (?, ?, ?, ?)')
        .run(liked, id, i, clock.now());
    clock.advance(DAY);
    const next = await dailySongs(session);
    const theirs = await filterAsync(next.dailySongs, async (s) => (await mainArtist(s.id)) === artist);
    expect(theirs.length).toBeGreaterThanOrEqual(3);
    expect(theirs.every((s) => !songs.slice(0, 3).includes(s.id))).toBe(true);
  });
});

describe('/recommend/resource', () => {
  it('gives six playlists by other people in the recorded shape, with reasons, the same all day', async () => {
    const body = (await call(t.app, '/api/recommend/resource', { session: demo })).body;
    const list = expectContract('/recommend/resource', body).recommend;
    const real = recorded<{ recommend: Record<string, unknown>[] }>('recommend_resource');
    expect(Object.keys(body).sort()).toEqual(Object.keys(real).sort());
    for (const key of Object.keys(real.recommend[0]!)) expect(list[0]).toHaveProperty(key);
    expect(list).toHaveLength(6);
    expect(new Set(list.map((p) => p.id)).size).toBe(6);
    expect(list.every((p) => p.creator.userId !== demoId && p.userId !== demoId)).toBe(true);
    expect(list.every((p) => typeof p.copywriter === 'string' && p.copywriter.length > 0)).toBe(true);
    const specials = db
      .prepare('SELECT COUNT(*) FROM playlists WHERE special_type <> 0 AND id IN (SELECT value FROM json_each(?))')
      .pluck();
    expect(await specials.get(JSON.stringify(list.map((p) => p.id)))).toBe(0);

    clock.advance(3_600_000);
    expect((await dailyPlaylists(demo)).map((p) => p.id)).toEqual(list.map((p) => p.id));
    // A playlist the account collects is not recommended again.
    expect((await call(t.app, `/api/playlist/subscribe?t=1&id=${list[0]!.id}`, { session: demo })).body.code).toBe(200);
    const days = [list.map((p) => p.id).join()];
    for (let d = 0; d < 3; d++) {
      clock.advance(DAY);
      const ids = (await dailyPlaylists(demo)).map((p) => p.id);
      expect(ids).not.toContain(list[0]!.id);
      days.push(ids.join());
    }
    expect(new Set(days).size).toBeGreaterThan(1);
  });

  it('gives a new listener popular playlists', async () => {
    const session = await register(t.app, t.dataDir, '13700000302', 'recommend-pass');
    const list = await dailyPlaylists(session);
    expect(list).toHaveLength(6);
    expect(new Set(list.map((p) => p.copywriter))).toEqual(new Set(['热门推荐']));
  });
});

describe('/top/song', () => {
  const get = (url: string, session?: string) => getOk(t.app, url, session);

  it('/top/song by area', async () => {
    const songs = expectContract('/top/song', await get('/top/song?type=0')).data;
    expect(songs.length).toBe(100);
    const korean = (await get('/top/song?type=16')).data as Json[];
    expect(korean.length).toBeGreaterThan(0);
    expect(korean.length).toBeLessThan(100);
  });
});
