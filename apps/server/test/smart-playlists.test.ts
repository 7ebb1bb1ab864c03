import type { SmartRules } from '@cloudtune/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../src/db/connection.ts';
import { call, loginByPhone, register, testClock, type Call, type Json } from './account-helpers.ts';
import { expectContract, expectError, startTestApp, type TestApp } from './helpers.ts';
import { subsonicCalls } from './subsonic-calls.ts';

/**
 * Smart playlists through both APIs: made and edited with /playlist/create and /playlist/update,
 * read with /playlist/detail, /playlist/track/all and /user/playlist, changed by the owner's plays
 * and likes at the next read, refused track writes (NetEase and Subsonic), bad rules answered
 * 400, and the playlist listed and read by Subsonic clients as a read-only playlist.
 */
const clock = testClock();
let t: TestApp;
let db: Db;
let demo: string;
let demoId: number;
let ann: string;
const rest = subsonicCalls(() => t.app);

const api = (url: string, session?: string): Promise<Call> => call(t.app, `/api${url}`, { session });
const q = (rules: unknown): string => encodeURIComponent(JSON.stringify(rules));

async function create(session: string, name: string, rules: SmartRules): Promise<number> {
  const res = await api(`/playlist/create?name=${encodeURIComponent(name)}&rules=${q(rules)}`, session);
  expect(res.status).toBe(200);
  const body = expectContract('/playlist/create', res.body);
  expect(body.playlist.smartRules).toEqual(rules);
  return body.id;
}
async function detail(id: number, session?: string) {
  const res = await api(`/playlist/detail?id=${id}`, session);
  expect(res.status).toBe(200);
  return expectContract('/playlist/detail', res.body).playlist;
}
const trackIdsOf = async (id: number, session?: string) => (await detail(id, session)).trackIds.map((x) => x.id);

/** A genre of the demo library with many songs: the rules' subject. */
let genre: string;
let genreSongs: number[];

beforeAll(async () => {
  t = await startTestApp({ clock: clock.now });
  db = await openDatabase(t.dataDir);
  demo = await loginByPhone(t.app, '13800000000', 'cloudtune');
  demoId = (await db.prepare('SELECT id FROM users WHERE phone = ?').pluck().get('13800000000')) as number;
  ann = await register(t.app, t.dataDir, '13700000301', 'ann-password', '安');
  genre = (await db.prepare('SELECT name FROM genres ORDER BY song_count DESC, id LIMIT 1').pluck().get()) as string;
  genreSongs = (await db
    .prepare('SELECT sg.song_id FROM song_genres sg JOIN genres g ON g.id = sg.genre_id WHERE g.name = ? ORDER BY sg.song_id')
    .pluck()
    .all(genre)) as number[];
  expect(genreSongs.length).toBeGreaterThan(30);
});
afterAll(async () => {
  await db.close();
  await t.close();
});

const byGenre = (extra: Partial<SmartRules> = {}): SmartRules => ({
  match: 'all',
  rules: [{ field: 'genre', op: 'is', value: genre }],
  sort: { field: 'name', order: 'asc' },
  limit: null,
  ...extra,
});

describe('smart playlists on the NetEase API', () => {
  it('are made with rules and read as their songs, marked with their rules', async () => {
    const id = await create(demo, '同一风格', byGenre());
    const p = await detail(id, demo);
    expect(p.smartRules).toEqual(byGenre());
    expect([...p.trackIds.map((x) => x.id)].sort((a, b) => a - b)).toEqual(genreSongs);
    expect(p.trackCount).toBe(genreSongs.length);
    expect(p.tracks.map((s) => s.name)).toEqual([...p.tracks.map((s) => s.name)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const all = (await api(`/playlist/track/all?id=${id}&limit=5&offset=2`, demo)).body as Json;
    expect(all.songs.map((s: Json) => s.id)).toEqual(p.trackIds.slice(2, 7).map((x) => x.id));
    const mine = (await api(`/user/playlist?uid=${demoId}&limit=1000`, demo)).body as Json;
    const listed = mine.playlist.find((x: Json) => x.id === id);
    expect(listed).toMatchObject({ trackCount: genreSongs.length, smartRules: byGenre() });
  });

  it("follow the owner's plays and likes at the next read (genre + play count + not liked, by plays, 25)", async () => {
    const rules: SmartRules = {
      match: 'all',
      rules: [
        { field: 'genre', op: 'is', value: genre },
        { field: 'playCount', op: 'gt', value: 0 },
        { field: 'liked', op: 'isNot' },
      ],
      sort: { field: 'playCount', order: 'desc' },
      limit: 25,
    };
    const id = await create(ann, '常听未收藏', rules);
    expect(await trackIdsOf(id, ann)).toEqual([]);
    const [a, b, c] = genreSongs;
    for (const song of [a, b, b, c]) {
      // A repeat of one song within 20 s is not counted: b's second play comes later.
      clock.advance(30_000);
      expect((await call(t.app, `/api/scrobble?id=${song}&time=30`, { session: ann, method: 'POST' })).status).toBe(200);
    }
    expect(await trackIdsOf(id, ann)).toEqual([b, a, c]);
    expect((await api(`/like?id=${a}&like=true`, ann)).status).toBe(200);
    expect(await trackIdsOf(id, ann)).toEqual([b, c]);
    // Read by anyone, the songs are those the owner's plays and likes select.
    expect(await trackIdsOf(id, demo)).toEqual([b, c]);
  });

  it('refuse track writes but may be renamed, given new rules and deleted by their owner', async () => {
    const id = await create(demo, '改名前', byGenre({ limit: 3 }));
    const before = await trackIdsOf(id, demo);
    expectError(
      await api(`/playlist/tracks?op=add&pid=${id}&tracks=${genreSongs.at(-1)}`, demo),
      403,
      '智能歌单的歌曲由规则决定，不能手动添加或删除',
    );
    expectError(
      await api(`/playlist/tracks?op=del&pid=${id}&tracks=${before[0]}`, demo),
      403,
      '智能歌单的歌曲由规则决定，不能手动添加或删除',
    );
    expect(await trackIdsOf(id, demo)).toEqual(before);
    expect(
      (await api(`/playlist/update?id=${id}&name=${encodeURIComponent('改名后')}&rules=${q(byGenre({ limit: 5 }))}`, demo)).body.code,
    ).toBe(200);
    const p = await detail(id, demo);
    expect(p.name).toBe('改名后');
    expect(p.trackIds).toHaveLength(5);
    expectError(await api(`/playlist/update?id=${id}&rules=${q(byGenre({ limit: 1 }))}`, ann), 401);
    expect((await api(`/playlist/delete?id=${id}`, demo)).body.code).toBe(200);
    expectError(await api(`/playlist/detail?id=${id}`, demo), 404);
  });

  it('answer bad rules with 400 and a message, and make nothing', async () => {
    const count = async () => (await db.prepare('SELECT COUNT(*) FROM playlists').pluck().get()) as number;
    const before = await count();
    const bad: [unknown, RegExp][] = [
      ['{not json', /rules 必须是 JSON/],
      [{ ...byGenre(), rules: [] }, /至少要有一条规则/],
      [{ ...byGenre(), rules: [{ field: 'year', op: 'gt', value: 'x' }] }, /年份必须是数字/],
      [{ ...byGenre(), rules: [{ field: 'mood', op: 'is', value: 'x' }] }, /没有这个字段/],
      [{ ...byGenre(), rules: [{ field: 'genre', op: 'gt', value: 'x' }] }, /这个字段没有这个运算/],
      [{ ...byGenre(), limit: 0 }, /歌曲数量上限不能小于 1/],
      [{ ...byGenre(), sort: { field: 'mood', order: 'asc' } }, /不能按这个字段排序/],
      [{ ...byGenre(), rules: [{ field: 'playlist', op: 'in', value: 987654 }] }, /规则里的歌单 987654 不存在/],
    ];
    for (const [rules, msg] of bad) {
      const text = typeof rules === 'string' ? encodeURIComponent(rules) : q(rules);
      expectError(await api(`/playlist/create?name=x&rules=${text}`, demo), 400, msg);
    }
    const smart = await create(demo, '被引用', byGenre());
    expectError(
      await api(`/playlist/create?name=x&rules=${q({ ...byGenre(), rules: [{ field: 'playlist', op: 'in', value: smart }] })}`, demo),
      400,
      /规则不能引用智能歌单/,
    );
    const ordinary = expectContract('/playlist/create', (await api('/playlist/create?name=ordinary', demo)).body).id;
    expectError(await api(`/playlist/update?id=${ordinary}&rules=${q(byGenre())}`, demo), 400, /只有智能歌单可以修改规则/);
    expect(await count()).toBe(before + 2);
  });
});

describe('smart playlists on the Subsonic API', () => {
  it('are listed and read as read-only playlists; their tracks cannot be changed, their name can', async () => {
    const id = await create(demo, '订阅客户端看的', byGenre({ limit: 10, sort: { field: 'duration', order: 'desc' } }));
    const listed = (await rest.ok('getPlaylists')).playlists.playlist.find((p: Json) => p.id === String(id));
    expect(listed).toMatchObject({ name: '订阅客户端看的', songCount: 10, readonly: true });
    const one = (await rest.ok('getPlaylist', `id=${id}`)).playlist;
    expect(one.entry.map((e: Json) => Number(e.id))).toEqual(await trackIdsOf(id, demo));
    // The playlist's length is its songs' (each entry's is rounded to the second).
    expect(Math.abs(one.duration - one.entry.reduce((sum: number, e: Json) => sum + e.duration, 0))).toBeLessThanOrEqual(10);
    const message = await rest.failed('updatePlaylist', `playlistId=${id}&songIdToAdd=${genreSongs[0]}`, 50);
    expect(message).toBe('智能歌单的歌曲由规则决定，不能手动添加或删除');
    await rest.failed('updatePlaylist', `playlistId=${id}&songIndexToRemove=0`, 50);
    await rest.ok('updatePlaylist', `playlistId=${id}&name=${encodeURIComponent('新名字')}`);
    expect((await detail(id, demo)).name).toBe('新名字');
    expect((await trackIdsOf(id, demo)).length).toBe(10);
    await rest.ok('deletePlaylist', `id=${id}`);
    await rest.failed('getPlaylist', `id=${id}`, 70);
  });
});
