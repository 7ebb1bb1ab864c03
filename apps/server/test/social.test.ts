import { recorded } from '@cloudtune/ncm-fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../src/db/connection.ts';
import { createRepos } from '../src/repos/index.ts';
import { recordEvent } from '../src/services/social/index.ts';
import { call, loginByPhone, register, testClock } from './account-helpers.ts';
import { expectContract, expectError, shapeOf, startTestApp, type Shape, type TestApp } from './helpers.ts';

const clock = testClock();
let t: TestApp;
let db: Db;
let demo: string;
let demoId: number;
/** Two registered listeners: 甲 and 乙. */
let a: { session: string; id: number };
let b: { session: string; id: number };

const idOf = async (phone: string) => (await db.prepare('SELECT id FROM users WHERE phone = ?').pluck().get(phone)) as number;
const detail = async (uid: number) => expectContract('/user/detail', (await call(t.app, `/api/user/detail?uid=${uid}`)).body).profile;

beforeAll(async () => {
  t = await startTestApp({ clock: clock.now });
  db = await openDatabase(t.dataDir);
  demo = await loginByPhone(t.app, '13800000000', 'cloudtune');
  demoId = await idOf('13800000000');
  a = { session: await register(t.app, t.dataDir, '13700000101', 'social-pass', '听风的甲'), id: await idOf('13700000101') };
  b = { session: await register(t.app, t.dataDir, '13700000102', 'social-pass', '看海的乙'), id: await idOf('13700000102') };
});
afterAll(async () => {
  await db.close();
  await t.close();
});

/** The keys of a recorded list item, which ours must all have. */
const itemKeys = (shape: Shape) => Object.keys((shape as Shape[])[0] as object);

describe('/follow', () => {
  it('follows and unfollows; counts, follow lists and /user/detail agree', async () => {
    const before = { followeds: (await detail(b.id)).followeds ?? 0 };
    expect((await call(t.app, `/api/follow?id=${b.id}&t=1`, { session: a.session })).body).toEqual({ code: 200, followed: true });
    // Twice is the same as once.
    expect((await call(t.app, `/api/follow?id=${b.id}&t=1`, { session: a.session })).body.code).toBe(200);
    expect((await detail(b.id)).followeds).toBe(before.followeds + 1);
    expect((await detail(a.id)).follows).toBe(1);
    const seen = expectContract('/user/detail', (await call(t.app, `/api/user/detail?uid=${b.id}`, { session: a.session })).body);
    expect(seen.profile).toMatchObject({ followed: true, followMe: false });

    const follows = expectContract('/user/follows', (await call(t.app, `/api/user/follows?uid=${a.id}`, { session: a.session })).body);
    expect(follows.follow.map((u) => [u.userId, u.nickname, u.followed])).toEqual([[b.id, '看海的乙', true]]);
    const fans = expectContract('/user/followeds', (await call(t.app, `/api/user/followeds?uid=${b.id}`)).body);
    expect(fans.followeds.map((u) => u.userId)).toEqual([a.id]);
    expect(fans.followeds[0]!.time).toBe(clock.now());

    // Following back makes them mutual.
    await call(t.app, `/api/follow?id=${a.id}`, { session: b.session });
    const mutual = expectContract('/user/follows', (await call(t.app, `/api/user/follows?uid=${a.id}`, { session: a.session })).body);
    expect(mutual.follow[0]).toMatchObject({ userId: b.id, followed: true, mutual: true });

    expect((await call(t.app, `/api/follow?id=${b.id}&t=0`, { session: a.session })).body).toEqual({ code: 200, followed: false });
    expect((await detail(b.id)).followeds).toBe(before.followeds);
    expect(expectContract('/user/follows', (await call(t.app, `/api/user/follows?uid=${a.id}`)).body).follow).toEqual([]);
    // Unfollowing someone not followed changes nothing.
    expect((await call(t.app, `/api/follow?id=${b.id}&t=0`, { session: a.session })).body.code).toBe(200);
    await call(t.app, `/api/follow?id=${a.id}&t=0`, { session: b.session });
  });

  it('needs a login (301) and refuses yourself, unknown users and bad params', async () => {
    expectError(await call(t.app, `/api/follow?id=${b.id}&t=1`), 301, '需要登录');
    expectError(await call(t.app, `/api/follow?id=${a.id}&t=1`, { session: a.session }), 400, '不能关注自己');
    expectError(await call(t.app, '/api/follow?id=99999999&t=1', { session: a.session }), 404, 'user 99999999 not found');
    expectError(await call(t.app, '/api/follow?t=1', { session: a.session }), 400, 'id is required');
    expectError(await call(t.app, `/api/follow?id=${b.id}&t=2`, { session: a.session }), 400, 't must be ≤ 1');
    expectError(await call(t.app, '/api/follow?id=abc', { session: a.session }), 400, 'id must be an integer');
    expect(await db.prepare('SELECT COUNT(*) FROM user_follows WHERE follower_id = ?').pluck().get(a.id)).toBe(0);
  });

  it('is refused from another site’s page (a state change)', async () => {
    const res = await call(t.app, `/api/follow?id=${b.id}&t=1`, { session: a.session, headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    expect((await detail(a.id)).follows).toBe(0);
  });
});

describe('/user/follows', () => {
  it('lists the demo account’s follows in the recorded shape, newest first', async () => {
    const body = (await call(t.app, `/api/user/follows?uid=${demoId}`, { session: demo })).body;
    const list = expectContract('/user/follows', body);
    expect(list.follow.length).toBe((await detail(demoId)).follows);
    expect(list.more).toBe(false);
    for (const key of itemKeys(shapeOf(recorded<{ follow: unknown[] }>('user_follows').follow))) expect(list.follow[0]).toHaveProperty(key);
    expect(list.follow.every((u) => u.followed)).toBe(true);
    const times = list.follow.map((u) => u.time);
    expect(times).toEqual([...times].sort((x, y) => y - x));
  });

  it('pages by offset and limit without overlap', async () => {
    const all = expectContract('/user/follows', (await call(t.app, `/api/user/follows?uid=${demoId}&limit=100`)).body).follow;
    expect(all.length).toBeGreaterThan(2);
    const first = expectContract('/user/follows', (await call(t.app, `/api/user/follows?uid=${demoId}&limit=2`)).body);
    const rest = expectContract('/user/follows', (await call(t.app, `/api/user/follows?uid=${demoId}&limit=100&offset=2`)).body);
    expect(first.more).toBe(true);
    expect(rest.more).toBe(false);
    expect([...first.follow, ...rest.follow].map((u) => u.userId)).toEqual(all.map((u) => u.userId));
    // A visitor sees whom they follow themselves: nobody.
    expect(all.every((u) => !u.followed)).toBe(true);
  });

  it.each([
    ['', 'uid is required'],
    ['uid=0', 'uid must be ≥ 1'],
    ['uid=1&limit=0', 'limit must be ≥ 1'],
    ['uid=1&limit=101', 'limit must be ≤ 100'],
    ['uid=1&offset=-1', 'offset must be ≥ 0'],
  ])('?%s → 400 %s', async (query, msg) => {
    expectError(await call(t.app, `/api/user/follows?${query}`), 400, msg);
  });

  it('an unknown user → 404', async () => {
    expectError(await call(t.app, '/api/user/follows?uid=99999999'), 404, 'user 99999999 not found');
  });
});

describe('/user/followeds', () => {
  it('lists fans in the recorded shape and pages by lasttime, never splitting a millisecond', async () => {
    // Five fans of 乙, two of them in the same millisecond.
    const fans: number[] = [];
    for (let i = 0; i < 5; i++) {
      const phone = `1370000020${i}`;
      const session = await register(t.app, t.dataDir, phone, 'social-pass');
      fans.push(await idOf(phone));
      if (i !== 2) clock.advance(1000);
      await call(t.app, `/api/follow?id=${b.id}`, { session });
    }
    const body = (await call(t.app, `/api/user/followeds?uid=${b.id}`)).body;
    const all = expectContract('/user/followeds', body);
    expect(Object.keys(body).sort()).toEqual(expect.arrayContaining(Object.keys(recorded<object>('user_followeds')).sort()));
    for (const key of itemKeys(shapeOf(recorded<{ followeds: unknown[] }>('user_followeds').followeds))) {
      expect(all.followeds[0]).toHaveProperty(key);
    }
    expect(all.followeds.map((u) => u.userId)).toEqual([...fans].reverse());
    expect([all.more, all.size]).toEqual([false, 5]);

    const seen: number[] = [];
    let lasttime = -1;
    for (let page = 0; page < 5; page++) {
      const res = expectContract(
        '/user/followeds',
        (await call(t.app, `/api/user/followeds?uid=${b.id}&limit=2&lasttime=${lasttime}`)).body,
      );
      seen.push(...res.followeds.map((u) => u.userId));
      if (!res.more) break;
      lasttime = res.followeds[res.followeds.length - 1]!.time;
    }
    expect(seen).toEqual([...fans].reverse());
    expect((await detail(b.id)).followeds).toBe(5);
  });

  it('an account nobody follows has an empty list', async () => {
    expect(expectContract('/user/followeds', (await call(t.app, `/api/user/followeds?uid=${a.id}`)).body)).toMatchObject({
      followeds: [],
      more: false,
      size: 0,
    });
  });

  it('takes uid, lasttime ≥ -1 and limit 1–100', async () => {
    expectError(await call(t.app, '/api/user/followeds'), 400, 'uid is required');
    expectError(await call(t.app, `/api/user/followeds?uid=${b.id}&lasttime=-2`), 400, 'lasttime must be ≥ -1');
    expectError(await call(t.app, `/api/user/followeds?uid=${b.id}&lasttime=soon`), 400, 'lasttime must be an integer');
    expectError(await call(t.app, `/api/user/followeds?uid=${b.id}&limit=1000`), 400, 'limit must be ≤ 100');
    expectError(await call(t.app, '/api/user/followeds?uid=99999999'), 404, 'user 99999999 not found');
  });
});

describe('/user/event and /share/resource', () => {
  it('the demo account comes with events in the recorded shape, json as text', async () => {
    const body = (await call(t.app, `/api/user/event?uid=${demoId}`)).body;
    const events = expectContract('/user/event', body);
    expect(Object.keys(body).sort()).toEqual(Object.keys(recorded<object>('user_event')).sort());
    const real = recorded<{ events: Record<string, unknown>[] }>('user_event').events[0]!;
    for (const key of Object.keys(real)) expect(events.events[0]).toHaveProperty(key);
    expect(events.events.length).toBe((await detail(demoId)).eventCount);
    const kinds = events.events.map((e) => [e.type, Object.keys(JSON.parse(e.json) as object).sort()]);
    expect(kinds).toEqual(
      expect.arrayContaining([
        [18, ['msg', 'song']],
        [35, ['msg', 'playlist']],
      ]),
    );
    const shared = JSON.parse(events.events.find((e) => e.type === 18)!.json) as {
      msg: string;
      song: { id: number; name: string; artists: unknown[] };
    };
    expect(shared.msg).not.toBe('');
    expect(shared.song.artists.length).toBeGreaterThan(0);
    expect(events.lasttime).toBe(events.events[events.events.length - 1]!.eventTime);
  });

  it('sharing a song and a playlist makes events, newest first, counted by /user/detail', async () => {
    expect((await detail(a.id)).eventCount).toBe(0);
    clock.advance(60_000);
    const song = await call(t.app, '/api/share/resource?type=song&id=3&msg=' + encodeURIComponent('今天单曲循环'), { session: a.session });
    const shared = expectContract('/share/resource', song.body);
    expect(JSON.parse(shared.event!.json)).toMatchObject({ msg: '今天单曲循环', song: { id: 3 } });
    clock.advance(60_000);
    const playlist = (await db
      .prepare('SELECT id FROM playlists WHERE special_type = 0 AND privacy = 0 ORDER BY id LIMIT 1')
      .pluck()
      .get()) as number;
    // POST with a form, as the reference is called; type defaults to song elsewhere.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/share/resource',
      headers: { cookie: `MUSIC_U=${a.session}` },
      payload: { type: 'playlist', id: String(playlist), msg: '周末歌单' },
    });
    expect(res.json()).toMatchObject({ code: 200 });

    const events = expectContract('/user/event', (await call(t.app, `/api/user/event?uid=${a.id}`, { session: b.session })).body);
    expect(events.events.map((e) => [e.type, (JSON.parse(e.json) as { msg: string }).msg])).toEqual([
      [35, '周末歌单'],
      [18, '今天单曲循环'],
    ]);
    expect(events.events[0]!.user).toMatchObject({ userId: a.id, nickname: '听风的甲' });
    expect(events.events[0]!.eventTime).toBe(clock.now());
    expect(JSON.parse(events.events[0]!.json)).toMatchObject({ playlist: { id: playlist } });
    expect((await detail(a.id)).eventCount).toBe(2);
  });

  it('pages by lasttime; an event whose playlist is deleted goes with it', async () => {
    const repos = createRepos(db);
    const playlist = await repos.playlists.insert({
      name: '一会儿就删',
      creatorId: b.id,
      description: null,
      copywriter: null,
      playCount: 0,
      subscribedCount: 0,
      shareCount: 0,
      commentCount: 0,
      highQuality: false,
      recommendRank: null,
      createdAt: clock.now(),
      updatedAt: clock.now(),
    });
    // Three events in one millisecond and two more: pages of 2 never split the millisecond.
    const at = clock.now();
    for (const id of [1, 2, 3]) await recordEvent(repos, b.id, 'share-song', { resourceId: id, msg: `歌 ${id}` }, at);
    await recordEvent(repos, b.id, 'create-playlist', { resourceId: playlist }, at + 1);
    await recordEvent(repos, b.id, 'share-song', { resourceId: 4 }, at - 5);
    const all = expectContract('/user/event', (await call(t.app, `/api/user/event?uid=${b.id}&limit=100`)).body);
    expect(all.events.map((e) => e.type)).toEqual([13, 18, 18, 18, 18]);
    expect(all.size).toBe(5);

    const seen: number[] = [];
    let lasttime = -1;
    for (let page = 0; page < 5; page++) {
      const res = expectContract('/user/event', (await call(t.app, `/api/user/event?uid=${b.id}&limit=2&lasttime=${lasttime}`)).body);
      seen.push(...res.events.map((e) => e.id));
      if (!res.more) break;
      lasttime = res.lasttime;
    }
    expect(seen).toEqual(all.events.map((e) => e.id));

    await db.prepare('DELETE FROM playlists WHERE id = ?').run(playlist);
    const after = expectContract('/user/event', (await call(t.app, `/api/user/event?uid=${b.id}`)).body);
    expect(after.events.map((e) => e.type)).toEqual([18, 18, 18, 18]);
    expect((await detail(b.id)).eventCount).toBe(4);
  });

  it('making a public playlist is an event (type 13); a private one is not, and cannot be shared', async () => {
    const events = async () => expectContract('/user/event', (await call(t.app, `/api/user/event?uid=${a.id}`)).body).events;
    const before = (await events()).length;
    clock.advance(60_000);
    const made = await call(t.app, `/api/playlist/create?name=${encodeURIComponent('新歌单')}`, { session: a.session });
    const id = expectContract('/playlist/create', made.body).id;
    const [latest] = await events();
    expect([latest!.type, latest!.eventTime, JSON.parse(latest!.json)]).toEqual([
      13,
      clock.now(),
      expect.objectContaining({ msg: '', playlist: expect.objectContaining({ id, name: '新歌单' }) }),
    ]);
    const hidden = await call(t.app, `/api/playlist/create?name=${encodeURIComponent('私藏')}&privacy=10`, { session: a.session });
    expect(hidden.body.code).toBe(200);
    expect(await events()).toHaveLength(before + 1);
    const privateId = expectContract('/playlist/create', hidden.body).id;
    expectError(await call(t.app, `/api/share/resource?type=playlist&id=${privateId}`, { session: a.session }), 400, '隐私歌单不能分享');
    expectError(
      await call(t.app, `/api/share/resource?type=playlist&id=${privateId}`, { session: b.session }),
      404,
      `playlist ${privateId} not found`,
    );
    // Deleting the playlist takes its event with it.
    expect((await call(t.app, `/api/playlist/delete?id=${id}`, { session: a.session })).body.code).toBe(200);
    expect(await events()).toHaveLength(before);
    expect((await detail(a.id)).eventCount).toBe(before);
  });

  it('/share/resource needs a login and something that exists', async () => {
    expectError(await call(t.app, '/api/share/resource?type=song&id=3'), 301, '需要登录');
    expectError(await call(t.app, '/api/share/resource?type=song&id=99999999', { session: a.session }), 404, 'song 99999999 not found');
    expectError(
      await call(t.app, '/api/share/resource?type=playlist&id=99999999', { session: a.session }),
      404,
      'playlist 99999999 not found',
    );
    expectError(await call(t.app, '/api/share/resource?type=mv&id=3', { session: a.session }), 400, 'type must be song or playlist');
    expectError(await call(t.app, '/api/share/resource?type=song', { session: a.session }), 400, 'id is required');
    expectError(
      await call(t.app, `/api/share/resource?id=3&msg=${'长'.repeat(141)}`, { session: a.session }),
      400,
      'msg must be at most 140 characters',
    );
    expect((await detail(a.id)).eventCount).toBe(2);
  });

  it('/user/event takes uid, lasttime and limit', async () => {
    expect(expectContract('/user/event', (await call(t.app, `/api/user/event?uid=${b.id}&lasttime=1`)).body)).toMatchObject({
      events: [],
      more: false,
      lasttime: -1,
    });
    expectError(await call(t.app, '/api/user/event'), 400, 'uid is required');
    expectError(await call(t.app, `/api/user/event?uid=${b.id}&limit=0`), 400, 'limit must be ≥ 1');
    expectError(await call(t.app, '/api/user/event?uid=99999999'), 404, 'user 99999999 not found');
  });
});

describe('/user/audio', () => {
  it('answers an empty list of radios', async () => {
    const body = (await call(t.app, `/api/user/audio?uid=${demoId}`)).body;
    expect(expectContract('/user/audio', body)).toMatchObject({ code: 200, djRadios: [], count: 0 });
    expectError(await call(t.app, '/api/user/audio'), 400, 'uid is required');
    expectError(await call(t.app, '/api/user/audio?uid=99999999'), 404, 'user 99999999 not found');
  });
});
