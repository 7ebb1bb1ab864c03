import { recorded } from '@cloudtune/ncm-fixtures';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../src/db/connection.ts';
import { call, loginByPhone, register, testClock, type Call } from './account-helpers.ts';
import { expectContract, expectError, startTestApp, type TestApp } from './helpers.ts';

/**
 * A user's playlists and likes (issue 9, docs/decisions/0015): every endpoint's happy path, its
 * 301 without a login, someone else's playlist refused with nothing changed (read back), bad
 * params and error codes; and random sequences of changes checked against a model.
 */
const clock = testClock();
let t: TestApp;
let db: Db;
let demo: string;
let demoId: number;
/** Two fresh accounts: Ann and Bo. */
let ann: string;
let annId: number;
let bo: string;
let boId: number;
/** Songs of the catalog to add. */
let songs: number[];

const userIdOf = async (phone: string): Promise<number> =>
  (await db.prepare('SELECT id FROM users WHERE phone = ?').pluck().get(phone)) as number;
const api = (url: string, session?: string, method: 'GET' | 'POST' = 'GET'): Promise<Call> => {
  clock.advance(1); // every change at its own time: "newest first" is never a tie
  return call(t.app, `/api${url}`, { session, method });
};

interface Detail {
  id: number;
  name: string;
  description: string | null;
  tags: string[];
  trackCount: number;
  subscribedCount: number;
  subscribed: boolean;
  privacy: number;
  specialType: number;
  trackIds: { id: number }[];
}
async function detail(id: number, session?: string): Promise<Detail> {
  const res = await api(`/playlist/detail?id=${id}`, session);
  expect(res.status).toBe(200);
  return expectContract('/playlist/detail', res.body).playlist as unknown as Detail;
}
const trackIdsOf = async (id: number, session?: string) => (await detail(id, session)).trackIds.map((x) => x.id);

async function userPlaylists(uid: number, session?: string, q = 'limit=1000') {
  const res = await api(`/user/playlist?uid=${uid}&${q}`, session);
  expect(res.status).toBe(200);
  return expectContract('/user/playlist', res.body);
}
const listIds = async (uid: number, session?: string) => (await userPlaylists(uid, session)).playlist.map((p) => p.id);

async function create(session: string, name: string, extra = ''): Promise<number> {
  const res = await api(`/playlist/create?name=${encodeURIComponent(name)}${extra}`, session);
  expect(res.status).toBe(200);
  return expectContract('/playlist/create', res.body).id;
}
async function addTracks(session: string, pid: number, ids: number[]) {
  const res = await api(`/playlist/tracks?op=add&pid=${pid}&tracks=${ids.join(',')}`, session);
  expect(res.status).toBe(200);
  return expectContract('/playlist/tracks', res.body);
}
const likedOf = async (uid: number): Promise<number> =>
  (await db.prepare('SELECT id FROM playlists WHERE creator_id = ? AND special_type = 5').pluck().get(uid)) as number;

beforeAll(async () => {
  t = await startTestApp({ clock: clock.now });
  db = await openDatabase(t.dataDir);
  demo = await loginByPhone(t.app, '13800000000', 'cloudtune');
  demoId = await userIdOf('13800000000');
  ann = await register(t.app, t.dataDir, '13700000201', 'ann-password', '安');
  annId = await userIdOf('13700000201');
  bo = await register(t.app, t.dataDir, '13700000202', 'bo-password', '波');
  boId = await userIdOf('13700000202');
  songs = (await db.prepare('SELECT id FROM songs ORDER BY id LIMIT 12').pluck().all()) as number[];
});
afterAll(async () => {
  await db.close();
  await t.close();
});

describe('/user/playlist', () => {
  it('lists the made playlists (我喜欢的音乐 first, then newest) before the collected ones, in the recorded shape', async () => {
    const made = (await db
      .prepare(
        'SELECT id FROM playlists WHERE creator_id = ? AND special_type IN (0, 5) ORDER BY special_type <> 5, created_at DESC, id DESC',
      )
      .pluck()
      .all(demoId)) as number[];
    expect(made.length).toBeGreaterThan(1);
    // The demo account comes with collected playlists; one more goes on top of them.
    const seeded = (await db
      .prepare('SELECT playlist_id FROM playlist_subscribers WHERE user_id = ? ORDER BY created_at DESC, playlist_id DESC')
      .pluck()
      .all(demoId)) as number[];
    expect(seeded).toHaveLength(4);
    const other = (await db
      .prepare(
        `SELECT id FROM playlists WHERE creator_id <> ? AND special_type = 0 AND privacy = 0
         AND id NOT IN (SELECT playlist_id FROM playlist_subscribers WHERE user_id = ?) LIMIT 1`,
      )
      .pluck()
      .get(demoId, demoId)) as number;
    expect((await api(`/playlist/subscribe?t=1&id=${other}`, demo)).body).toEqual({ code: 200 });

    const list = await userPlaylists(demoId);
    expect(list.playlist.map((p) => p.id)).toEqual([...made, other, ...seeded]);
    expect(list.playlist.map((p) => p.subscribed)).toEqual([...made.map(() => false), true, ...seeded.map(() => true)]);
    expect(list.playlist.at(-1)!.userId).not.toBe(demoId);
    expect(list.playlist[0]).toMatchObject({ specialType: 5, name: '晚风收藏家喜欢的音乐', userId: demoId });
    expect(list.more).toBe(false);
    // Every field the recording has, the creator's too.
    const real = recorded<{ playlist: Record<string, unknown>[] }>('user_playlist');
    expect(Object.keys(list).sort()).toEqual(Object.keys(real).sort());
    for (const key of Object.keys(real.playlist[0]!)) expect(list.playlist[0]).toHaveProperty(key);
    for (const key of ['userId', 'nickname', 'avatarUrl', 'signature', 'gender', 'vipType', 'userType']) {
      expect(list.playlist[0]!.creator).toHaveProperty(key);
    }
    expect(await listIds(demoId, demo)).toEqual([...made, other, ...seeded]);
    await api(`/playlist/subscribe?t=2&id=${other}`, demo);
  });

  it('pages with limit and offset; more says whether a page follows', async () => {
    const all = await listIds(demoId);
    const first = await userPlaylists(demoId, undefined, 'limit=2');
    const rest = await userPlaylists(demoId, undefined, 'limit=2&offset=2');
    expect(first.more).toBe(all.length > 2);
    expect([...first.playlist, ...rest.playlist].map((p) => p.id)).toEqual(all.slice(0, 4));
    const last = await userPlaylists(demoId, undefined, `limit=1&offset=${all.length - 1}`);
    expect([last.more, last.playlist.map((p) => p.id)]).toEqual([false, [all.at(-1)]]);
    expect((await userPlaylists(demoId, undefined, `offset=${all.length}`)).playlist).toEqual([]);
    // The web client loads the whole list with limit=10000 (and cookie=1).
    expect((await userPlaylists(demoId, demo, 'offset=0&limit=10000&cookie=1')).playlist.map((p) => p.id)).toEqual(all);
    expectError(await api(`/user/playlist?uid=${demoId}&limit=10001`), 400, 'limit must be ≤ 10000');
  });

  it('shows a private playlist to its creator only', async () => {
    const secret = await create(ann, '只给自己听', '&privacy=10');
    expect(await listIds(annId, ann)).toContain(secret);
    expect(await listIds(annId, bo)).not.toContain(secret);
    expect(await listIds(annId)).not.toContain(secret);
    expect((await detail(secret, ann)).privacy).toBe(10);
    expectError(await api(`/playlist/detail?id=${secret}`, bo), 404, `playlist ${secret} not found`);
    expectError(await api(`/playlist/detail?id=${secret}`), 404);
    expectError(await api(`/playlist/track/all?id=${secret}`, bo), 404);
    expectError(await api(`/playlist/subscribe?t=1&id=${secret}`, bo), 404);
    // Not findable either.
    const search = await api(`/search?keywords=${encodeURIComponent('只给自己听')}&type=1000`);
    expect(JSON.stringify(search.body)).not.toContain(`"id":${secret},`);
  });

  it('needs no login; without one, a garbled or missing uid is refused, and an unknown one', async () => {
    expect((await api(`/user/playlist?uid=${annId}`)).status).toBe(200);
    expectError(await api('/user/playlist?uid=abc'), 400, 'uid must be a user id, or log in to mean your own');
    expectError(await api('/user/playlist'), 400, 'uid must be a user id, or log in to mean your own');
    expectError(await api(`/user/playlist?uid=${annId}&limit=0`), 400, 'limit must be ≥ 1');
    expectError(await api(`/user/playlist?uid=${annId}&offset=-1`), 400, 'offset must be ≥ 0');
    expectError(await api('/user/playlist?uid=99999999'), 404, 'user 99999999 not found');
  });
});

describe('/playlist/create', () => {
  it('makes an empty playlist at the top of the made ones; detail and track/all answer it', async () => {
    const before = await listIds(boId);
    const res = await api(`/playlist/create?name=${encodeURIComponent('  通勤路上  ')}`, bo);
    const created = expectContract('/playlist/create', res.body);
    expect(created.playlist).toMatchObject({ id: created.id, name: '通勤路上', trackCount: 0, privacy: 0, specialType: 0, userId: boId });
    expect(created.playlist.creator).toMatchObject({ userId: boId, nickname: '波' });
    expect(await listIds(boId)).toEqual([before[0], created.id, ...before.slice(1)]);
    const d = await detail(created.id);
    expect(d).toMatchObject({ name: '通勤路上', trackCount: 0, trackIds: [], subscribed: false });
    expect(expectContract('/playlist/track/all', (await api(`/playlist/track/all?id=${created.id}`)).body).songs).toEqual([]);
    // Its cover is drawn like any playlist's.
    const cover = await t.app.inject({ method: 'GET', url: new URL(created.playlist.coverImgUrl).pathname });
    expect([cover.statusCode, cover.headers['content-type']]).toEqual([200, 'image/jpeg']);
    const subcount = expectContract('/user/subcount', (await api('/user/subcount', bo)).body);
    expect(subcount.createdPlaylistCount).toBe(before.length + 1);
  });

  it('answers 301 without a login, and refuses bad params', async () => {
    const count = async () => await db.prepare('SELECT COUNT(*) FROM playlists').pluck().get();
    const before = await count();
    expectError(await api('/playlist/create?name=x'), 301, '需要登录');
    expectError(await api('/playlist/create', ann), 400, /^name/);
    expectError(await api('/playlist/create?name=%20%20', ann), 400, 'name is required');
    expectError(await api(`/playlist/create?name=${'歌'.repeat(41)}`, ann), 400, 'name must be 1–40 characters');
    expectError(await api('/playlist/create?name=x&privacy=5', ann), 400, 'privacy must be 0 (public) or 10 (private)');
    expectError(await api('/playlist/create?name=x&type=VIDEO', ann), 400, /type must be NORMAL/);
    expect(await count()).toBe(before);
  });

  it("is refused from another site's page", async () => {
    const res = await call(t.app, '/api/playlist/create?name=evil', { session: ann, headers: { origin: 'https://evil.example' } });
    expectError(res, 403);
    expect(await db.prepare("SELECT COUNT(*) FROM playlists WHERE name = 'evil'").pluck().get()).toBe(0);
  });
});

describe('/playlist/tracks', () => {
  it('adds songs at the top in the given order, ignores duplicates, and answers as the module', async () => {
    const pid = await create(ann, '加歌');
    const first = await addTracks(ann, pid, [songs[0]!, songs[1]!]);
    expect(first).toEqual({
      status: 200,
      code: 200,
      body: { trackIds: JSON.stringify([String(songs[0]), String(songs[1])]), code: 200, count: 2, cloudCount: 0 },
    });
    // songs[1] is there already and songs[2] is named twice: one new track.
    const second = await addTracks(ann, pid, [songs[2]!, songs[1]!, songs[2]!]);
    expect(second.body.count).toBe(3);
    expect(await trackIdsOf(pid)).toEqual([songs[2], songs[0], songs[1]]);
    expect((await detail(pid)).trackCount).toBe(3);
    const all = expectContract('/playlist/track/all', (await api(`/playlist/track/all?id=${pid}&limit=2&offset=1`)).body);
    expect(all.songs.map((s) => s.id)).toEqual([songs[0], songs[1]]);
    expect(all.privileges.map((p) => p.id)).toEqual([songs[0], songs[1]]);
  });

  it('removes songs (those not there are ignored)', async () => {
    const pid = await create(ann, '删歌');
    await addTracks(ann, pid, songs.slice(0, 4));
    const res = await api(`/playlist/tracks?op=del&pid=${pid}&tracks=${songs[1]},${songs[2]},${songs[9]}`, ann);
    expect(expectContract('/playlist/tracks', res.body).body.count).toBe(2);
    expect(await trackIdsOf(pid)).toEqual([songs[0], songs[3]]);
  });

  it('refuses an unknown song with 404 and adds none of the call', async () => {
    const pid = await create(ann, '未知的歌');
    expectError(await api(`/playlist/tracks?op=add&pid=${pid}&tracks=${songs[0]},99999999`, ann), 404, 'song 99999999 not found');
    expectError(await api(`/playlist/tracks?op=add&pid=${pid}&tracks=99999998,99999999`, ann), 404, 'songs 99999998,99999999 not found');
    expect(await trackIdsOf(pid)).toEqual([]);
  });

  it("refuses someone else's playlist with 401 and changes nothing", async () => {
    const pid = await create(ann, '安的歌单');
    await addTracks(ann, pid, [songs[0]!]);
    const before = await detail(pid);
    expectError(await api(`/playlist/tracks?op=add&pid=${pid}&tracks=${songs[1]}`, bo), 401, '只有歌单的创建者可以修改它');
    expectError(await api(`/playlist/tracks?op=del&pid=${pid}&tracks=${songs[0]}`, bo), 401);
    expect(await detail(pid)).toEqual(before);
    // A playlist Bo collected is still Ann's.
    await api(`/playlist/subscribe?t=1&id=${pid}`, bo);
    expectError(await api(`/playlist/tracks?op=add&pid=${pid}&tracks=${songs[1]}`, bo), 401);
    expect(await trackIdsOf(pid)).toEqual([songs[0]]);
  });

  it('answers 301 without a login, 404 for an unknown playlist, and refuses bad params', async () => {
    const pid = await create(ann, '参数');
    expectError(await api(`/playlist/tracks?op=add&pid=${pid}&tracks=${songs[0]}`), 301, '需要登录');
    expectError(await api(`/playlist/tracks?op=add&pid=99999999&tracks=${songs[0]}`, ann), 404, 'playlist 99999999 not found');
    expectError(await api(`/playlist/tracks?op=move&pid=${pid}&tracks=${songs[0]}`, ann), 400, 'op must be add or del');
    expectError(await api(`/playlist/tracks?op=add&pid=${pid}&tracks=a,b`, ann), 400, /tracks must be comma-joined positive integers/);
    expectError(await api(`/playlist/tracks?op=add&tracks=${songs[0]}`, ann), 400, /^pid/);
    expectError(await api(`/playlist/tracks?op=add&pid=${pid}`, ann), 400, /^tracks/);
    expect(await trackIdsOf(pid)).toEqual([]);
  });

  it('takes the form body of a POST as NetEase clients send it', async () => {
    const pid = await create(ann, '表单');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/playlist/tracks',
      headers: { cookie: `MUSIC_U=${ann}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `op=add&pid=${pid}&tracks=${songs[4]},${songs[5]}`,
    });
    expect(res.statusCode).toBe(200);
    expect(await trackIdsOf(pid)).toEqual([songs[4], songs[5]]);
  });
});

describe('/playlist/update and the single-field forms', () => {
  it('changes the fields given, and only those; answers one entry per field', async () => {
    const pid = await create(ann, '原名');
    const res = await api(
      `/playlist/update?id=${pid}&name=${encodeURIComponent('新名')}&desc=${encodeURIComponent('夜里听')}&tags=${encodeURIComponent('华语;流行')}`,
      ann,
    );
    expect(expectContract('/playlist/update', res.body)).toEqual({
      '/api/playlist/desc/update': { code: 200 },
      '/api/playlist/tags/update': { code: 200 },
      '/api/playlist/update/name': { code: 200 },
      code: 200,
    });
    expect(await detail(pid)).toMatchObject({ name: '新名', description: '夜里听', tags: ['华语', '流行'] });
    expect((await api(`/playlist/update?id=${pid}&desc=${encodeURIComponent('白天也听')}`, ann)).body).toEqual({
      '/api/playlist/desc/update': { code: 200 },
      code: 200,
    });
    expect(await detail(pid)).toMatchObject({ name: '新名', description: '白天也听', tags: ['华语', '流行'] });
    // Empty clears the description and the tags.
    await api(`/playlist/update?id=${pid}&desc=&tags=`, ann);
    expect(await detail(pid)).toMatchObject({ name: '新名', description: null, tags: [] });
  });

  it('/playlist/name/update, /playlist/desc/update, /playlist/tags/update change one field each', async () => {
    const pid = await create(ann, '单项');
    expect((await api(`/playlist/name/update?id=${pid}&name=${encodeURIComponent('单项改名')}`, ann)).body).toEqual({ code: 200 });
    expect((await api(`/playlist/desc/update?id=${pid}&desc=${encodeURIComponent('描述')}`, ann)).body).toEqual({ code: 200 });
    expect((await api(`/playlist/tags/update?id=${pid}&tags=${encodeURIComponent('摇滚,民谣')}`, ann)).body).toEqual({ code: 200 });
    expect(await detail(pid)).toMatchObject({ name: '单项改名', description: '描述', tags: ['摇滚', '民谣'] });
    expect(await listIds(annId)).toContain(pid);
    // A renamed public playlist is found by its new name.
    const search = await api(`/search?keywords=${encodeURIComponent('单项改名')}&type=1000`);
    expect(JSON.stringify(search.body)).toContain(`"id":${pid},`);
  });

  it('refuses unknown tags, more than 3, an empty name — and changes nothing', async () => {
    const pid = await create(ann, '标签');
    await api(`/playlist/tags/update?id=${pid}&tags=${encodeURIComponent('华语')}`, ann);
    const before = await detail(pid);
    expectError(
      await api(`/playlist/update?id=${pid}&name=x&tags=${encodeURIComponent('华语;不存在的标签')}`, ann),
      400,
      'tags: no such tag 「不存在的标签」',
    );
    expectError(
      await api(`/playlist/tags/update?id=${pid}&tags=${encodeURIComponent('华语;流行;摇滚;民谣')}`, ann),
      400,
      'tags takes at most 3 tags',
    );
    expectError(await api(`/playlist/name/update?id=${pid}&name=`, ann), 400, 'name is required');
    expectError(await api(`/playlist/desc/update?id=${pid}&desc=${'字'.repeat(1001)}`, ann), 400, /desc must be at most 1000 characters/);
    expectError(await api(`/playlist/name/update?name=x`, ann), 400, /^id/);
    expect(await detail(pid)).toEqual(before);
  });

  it("refuses someone else's playlist with 401 and 我喜欢的音乐's renaming with 403; nothing changes", async () => {
    const pid = await create(ann, '不许改');
    const before = await detail(pid);
    expectError(await api(`/playlist/update?id=${pid}&name=hacked&desc=hacked`, bo), 401, '只有歌单的创建者可以修改它');
    expectError(await api(`/playlist/name/update?id=${pid}&name=hacked`, bo), 401);
    expectError(await api(`/playlist/desc/update?id=${pid}&desc=hacked`, bo), 401);
    expectError(await api(`/playlist/tags/update?id=${pid}&tags=${encodeURIComponent('华语')}`, bo), 401);
    expect(await detail(pid)).toEqual(before);

    const liked = await likedOf(annId);
    const likedBefore = await detail(liked);
    expectError(await api(`/playlist/name/update?id=${liked}&name=${encodeURIComponent('改掉')}`, ann), 403, '我喜欢的音乐不能改名');
    expectError(await api(`/playlist/update?id=${liked}&name=${encodeURIComponent('改掉')}&desc=x`, ann), 403);
    expect(await detail(liked)).toEqual(likedBefore);
    // Its own name and a description are fine.
    expect(
      (await api(`/playlist/update?id=${liked}&name=${encodeURIComponent(likedBefore.name)}&desc=${encodeURIComponent('红心')}`, ann))
        .status,
    ).toBe(200);
    expect((await detail(liked)).description).toBe('红心');
  });

  it('answers 301 without a login and 404 for an unknown playlist', async () => {
    for (const path of ['/playlist/update', '/playlist/name/update', '/playlist/desc/update', '/playlist/tags/update']) {
      expectError(await api(`${path}?id=1&name=x&desc=x&tags=`), 301, '需要登录');
    }
    expectError(await api('/playlist/name/update?id=99999999&name=x', ann), 404, 'playlist 99999999 not found');
  });
});

describe('/playlist/delete', () => {
  it('deletes own playlists (one or a comma list): gone from detail, the lists and collectors', async () => {
    const one = await create(ann, '删一');
    const two = await create(ann, '删二');
    const three = await create(ann, '删三');
    await addTracks(ann, one, [songs[0]!]);
    await api(`/playlist/subscribe?t=1&id=${one}`, bo);
    expect(await listIds(boId, bo)).toContain(one);
    expect(expectContract('/playlist/delete', (await api(`/playlist/delete?id=${one}`, ann)).body)).toEqual({
      code: 200,
      id: one,
      ids: [one],
    });
    expectError(await api(`/playlist/detail?id=${one}`), 404, `playlist ${one} not found`);
    expect(await listIds(boId, bo)).not.toContain(one);
    expect((await api(`/playlist/delete?id=${two},${three}`, ann)).body).toMatchObject({ code: 200, ids: [two, three] });
    const left = await listIds(annId, ann);
    for (const id of [one, two, three]) expect(left).not.toContain(id);
    expect(await db.prepare('SELECT COUNT(*) FROM playlist_tracks WHERE playlist_id = ?').pluck().get(one)).toBe(0);
  });

  it("refuses someone else's playlist (401), 我喜欢的音乐 (403), an unknown id (404) — and deletes none of the call", async () => {
    const mine = await create(ann, '留着');
    const theirs = await create(bo, '波的');
    expectError(await api(`/playlist/delete?id=${theirs}`, ann), 401, '只有歌单的创建者可以修改它');
    expectError(await api(`/playlist/delete?id=${mine},${theirs}`, ann), 401);
    expectError(await api(`/playlist/delete?id=${mine},${await likedOf(annId)}`, ann), 403, '我喜欢的音乐不能删除');
    expectError(await api(`/playlist/delete?id=${mine},99999999`, ann), 404, 'playlist 99999999 not found');
    expect((await detail(mine)).name).toBe('留着');
    expect((await detail(theirs)).name).toBe('波的');
    expect((await detail(await likedOf(annId))).specialType).toBe(5);
  });

  it('answers 301 without a login and refuses bad ids', async () => {
    expectError(await api('/playlist/delete?id=1'), 301, '需要登录');
    expectError(await api('/playlist/delete?id=x', ann), 400, /id must be comma-joined positive integers/);
    expectError(await api('/playlist/delete', ann), 400);
  });
});

describe('/playlist/subscribe', () => {
  it('collects and un-collects: subscribedCount moves once, detail says subscribed for that caller only', async () => {
    const pid = await create(ann, '收藏我');
    await addTracks(ann, pid, [songs[0]!, songs[1]!]);
    const subcount = async () => expectContract('/user/subcount', (await api('/user/subcount', bo)).body).subPlaylistCount;
    const beSubscribed = async () =>
      expectContract('/user/detail', (await api(`/user/detail?uid=${annId}`)).body).profile.playlistBeSubscribedCount as number;
    const [subsBefore, beBefore] = [await subcount(), await beSubscribed()];
    expect(await detail(pid)).toMatchObject({ subscribedCount: 0, subscribed: false });
    expect((await api(`/playlist/subscribe?t=1&id=${pid}`, bo)).body).toEqual({ code: 200 });
    expect((await api(`/playlist/subscribe?t=1&id=${pid}`, bo)).body).toEqual({ code: 200 }); // twice counts once
    expect(await detail(pid, bo)).toMatchObject({ subscribedCount: 1, subscribed: true });
    // The same cached tracks, the caller's own flag.
    expect(await detail(pid, ann)).toMatchObject({ subscribedCount: 1, subscribed: false });
    expect(await detail(pid)).toMatchObject({ subscribedCount: 1, subscribed: false });
    expect(await detail(pid, demo)).toMatchObject({ subscribed: false });
    const collected = (await userPlaylists(boId)).playlist.find((p) => p.id === pid);
    expect(collected).toMatchObject({ subscribed: true, userId: annId });
    expect([await subcount(), await beSubscribed()]).toEqual([subsBefore + 1, beBefore + 1]);

    expect((await api(`/playlist/subscribe?t=2&id=${pid}`, bo)).body).toEqual({ code: 200 });
    expect((await api(`/playlist/subscribe?t=2&id=${pid}`, bo)).body).toEqual({ code: 200 });
    expect(await detail(pid, bo)).toMatchObject({ subscribedCount: 0, subscribed: false });
    expect(await listIds(boId)).not.toContain(pid);
    expect([await subcount(), await beSubscribed()]).toEqual([subsBefore, beBefore]);
  });

  it('adds to the demo counts of a demo playlist', async () => {
    const { pid, count } = (await db
      .prepare(
        'SELECT id AS pid, subscribed_count AS count FROM playlists WHERE creator_id <> ? AND special_type = 0 AND privacy = 0 ORDER BY id DESC LIMIT 1',
      )
      .get(annId)) as { pid: number; count: number };
    await api(`/playlist/subscribe?t=1&id=${pid}`, ann);
    expect(await detail(pid, ann)).toMatchObject({ subscribedCount: count + 1, subscribed: true });
    await api(`/playlist/subscribe?t=2&id=${pid}`, ann);
    expect(await detail(pid, ann)).toMatchObject({ subscribedCount: count, subscribed: false });
  });

  it('refuses collecting an own playlist (403), an unknown one (404), bad params (400), no login (301)', async () => {
    const own = await create(ann, '自己的');
    expectError(await api(`/playlist/subscribe?t=1&id=${own}`, ann), 403, '不能收藏自己的歌单');
    expect(await detail(own, ann)).toMatchObject({ subscribedCount: 0, subscribed: false });
    expect(await listIds(annId, ann)).toEqual(expect.arrayContaining([own]));
    expectError(await api('/playlist/subscribe?t=1&id=99999999', ann), 404, 'playlist 99999999 not found');
    expectError(await api(`/playlist/subscribe?t=x&id=${own}`, ann), 400, 't must be an integer');
    expectError(await api(`/playlist/subscribe?t=1`, ann), 400, /^id/);
    expectError(await api(`/playlist/subscribe?t=1&id=${own}`), 301, '需要登录');
  });
});

describe('/like and /likelist', () => {
  it('likes into 我喜欢的音乐 (newest first, once), unlikes out of it; /likelist lists them', async () => {
    const liked = await likedOf(boId);
    const res = await api(`/like?id=${songs[3]}`, bo);
    expect(expectContract('/like', res.body)).toEqual({ songs: [], playlistId: liked, code: 200 });
    await api(`/like?id=${songs[4]}&like=true`, bo);
    await api(`/like?id=${songs[3]}`, bo);
    expect(await trackIdsOf(liked)).toEqual([songs[4], songs[3]]);
    const list = expectContract('/likelist', (await api(`/likelist?uid=${boId}`, bo)).body);
    expect(list.ids).toEqual([songs[4], songs[3]]);
    expect((await api(`/like?id=${songs[3]}&like=false`, bo)).body).toEqual({ songs: [], playlistId: liked, code: 200 });
    await api(`/like?id=${songs[9]}&like=false`, bo); // never liked: nothing to do
    expect(expectContract('/likelist', (await api(`/likelist?uid=${boId}`, bo)).body).ids).toEqual([songs[4]]);
    // Anyone logged in may read another's likes.
    expect(expectContract('/likelist', (await api(`/likelist?uid=${boId}`, ann)).body).ids).toEqual([songs[4]]);
  });

  it("the demo account's likes are its seeded 我喜欢的音乐", async () => {
    const ids = expectContract('/likelist', (await api(`/likelist?uid=${demoId}`, demo)).body).ids;
    expect(ids.length).toBeGreaterThan(10);
    expect(ids).toEqual(await trackIdsOf(await likedOf(demoId)));
  });

  it('an account without a liked-songs list (the demo listeners have none) gets one on its first like', async () => {
    const session = await register(t.app, t.dataDir, '13700000203', 'no-likes-yet', '无红心');
    const uid = await userIdOf('13700000203');
    await db.prepare('DELETE FROM playlists WHERE creator_id = ? AND special_type = 5').run(uid);
    expect(expectContract('/likelist', (await api(`/likelist?uid=${uid}`, session)).body).ids).toEqual([]);
    const res = expectContract('/like', (await api(`/like?id=${songs[6]}`, session)).body);
    expect(res.playlistId).toBe(await likedOf(uid));
    expect(await detail(res.playlistId)).toMatchObject({ name: '无红心喜欢的音乐', specialType: 5, trackCount: 1 });
    expect((await userPlaylists(uid)).playlist[0]!.id).toBe(res.playlistId);
  });

  it('refuses an unknown song (404) and bad params (400); needs a login (301)', async () => {
    const liked = await likedOf(annId);
    const before = await trackIdsOf(liked);
    expectError(await api('/like?id=99999999', ann), 404, 'song 99999999 not found');
    expectError(await api(`/like?id=${songs[0]}&like=maybe`, ann), 400, 'like must be true or false');
    expectError(await api('/like', ann), 400, /^id/);
    expectError(await api(`/like?id=${songs[0]}`), 301, '需要登录');
    expect(await trackIdsOf(liked)).toEqual(before);
    expectError(await api(`/likelist?uid=${annId}`), 301, '需要登录');
    expectError(await api('/likelist?uid=99999999', ann), 404, 'user 99999999 not found');
  });
});

describe('random sequences of changes keep counts and lists consistent with a model', async () => {
  type Op =
    | { kind: 'add' | 'del'; user: number; playlist: number; songs: number[] }
    | { kind: 'subscribe' | 'unsubscribe'; user: number; playlist: number }
    | { kind: 'like'; user: number; song: number; like: boolean };

  it('add/del/subscribe/unsubscribe/like', async () => {
    // Three users, two playlists each, plus their liked songs.
    const users: { session: string; id: number }[] = [];
    for (const [i, phone] of ['13700000301', '13700000302', '13700000303'].entries()) {
      const session = await register(t.app, t.dataDir, phone, `model-pass-${i}`, `模型${i}`);
      users.push({ session, id: await userIdOf(phone) });
    }
    const playlists: { id: number; owner: number }[] = [];
    for (const [u, user] of users.entries()) {
      for (const name of ['甲', '乙']) playlists.push({ id: await create(user.session, `${name}${u}`), owner: u });
      playlists.push({ id: await likedOf(user.id), owner: u });
    }
    const pool = songs.slice(0, 8);

    // The model, read from the database at the start of each run (a failed run leaves no drift).
    let tracks: Map<number, number[]>;
    let subscribers: Map<number, Set<number>>;
    let collected: Map<number, number[]>; // user index → playlist ids, newest first
    const syncModel = async () => {
      tracks = new Map(
        await Promise.all(
          playlists.map(async (p): Promise<[number, number[]]> => [
            p.id,
            (await db.prepare('SELECT song_id FROM playlist_tracks WHERE playlist_id = ? ORDER BY position').pluck().all(p.id)) as number[],
          ]),
        ),
      );
      subscribers = new Map(
        await Promise.all(
          playlists.map(async (p): Promise<[number, Set<number>]> => [
            p.id,
            new Set((await db.prepare('SELECT user_id FROM playlist_subscribers WHERE playlist_id = ?').pluck().all(p.id)) as number[]),
          ]),
        ),
      );
      collected = new Map(
        await Promise.all(
          users.map(async (u, i): Promise<[number, number[]]> => [
            i,
            (await db
              .prepare('SELECT playlist_id FROM playlist_subscribers WHERE user_id = ? ORDER BY created_at DESC, playlist_id DESC')
              .pluck()
              .all(u.id)) as number[],
          ]),
        ),
      );
    };
    const addToModel = (pid: number, ids: number[]) => {
      const current = tracks.get(pid)!;
      const fresh = [...new Set(ids)].filter((id) => !current.includes(id));
      tracks.set(pid, [...fresh, ...current]);
    };

    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({
        kind: fc.constantFrom('add' as const, 'del' as const),
        user: fc.nat(2),
        playlist: fc.nat(playlists.length - 1),
        songs: fc.array(fc.constantFrom(...pool), { minLength: 1, maxLength: 4 }),
      }),
      fc.record({
        kind: fc.constantFrom('subscribe' as const, 'unsubscribe' as const),
        user: fc.nat(2),
        playlist: fc.nat(playlists.length - 1),
      }),
      fc.record({ kind: fc.constant('like' as const), user: fc.nat(2), song: fc.constantFrom(...pool), like: fc.boolean() }),
    );

    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 15 }), async (ops) => {
        await syncModel();
        for (const o of ops) {
          const user = users[o.user]!;
          if (o.kind === 'like') {
            expect((await api(`/like?id=${o.song}&like=${o.like}`, user.session)).status).toBe(200);
            const liked = await likedOf(user.id);
            if (o.like) addToModel(liked, [o.song]);
            else
              tracks.set(
                liked,
                tracks.get(liked)!.filter((id) => id !== o.song),
              );
            continue;
          }
          const p = playlists[o.playlist]!;
          const own = p.owner === o.user;
          if (o.kind === 'add' || o.kind === 'del') {
            const res = await api(`/playlist/tracks?op=${o.kind}&pid=${p.id}&tracks=${o.songs.join(',')}`, user.session);
            expect(res.status).toBe(own ? 200 : 401);
            if (!own) continue;
            if (o.kind === 'add') addToModel(p.id, o.songs);
            else
              tracks.set(
                p.id,
                tracks.get(p.id)!.filter((id) => !o.songs.includes(id)),
              );
            expect((res.body as unknown as { body: { count: number } }).body.count).toBe(tracks.get(p.id)!.length);
          } else {
            const res = await api(`/playlist/subscribe?t=${o.kind === 'subscribe' ? 1 : 2}&id=${p.id}`, user.session);
            if (o.kind === 'subscribe' && own) {
              expect(res.status).toBe(403);
              continue;
            }
            expect(res.status).toBe(200);
            const list = collected.get(o.user)!.filter((id) => id !== p.id);
            if (o.kind === 'subscribe') {
              // Collecting again keeps its place (and time); a new collection goes on top.
              collected.set(o.user, subscribers.get(p.id)!.has(user.id) ? collected.get(o.user)! : [p.id, ...list]);
              subscribers.get(p.id)!.add(user.id);
            } else {
              collected.set(o.user, list);
              subscribers.get(p.id)!.delete(user.id);
            }
          }
        }
        for (const p of playlists) {
          const d = await detail(p.id);
          expect(d.trackIds.map((x) => x.id)).toEqual(tracks.get(p.id));
          expect(d.trackCount).toBe(tracks.get(p.id)!.length);
          expect(d.subscribedCount).toBe(subscribers.get(p.id)!.size);
        }
        for (const [i, u] of users.entries()) {
          const own = playlists.filter((p) => p.owner === i);
          const likedId = await likedOf(u.id);
          const liked = own.find((p) => p.id === likedId)!;
          const made = [liked, ...own.filter((p) => p !== liked).reverse()].map((p) => p.id);
          const list = await userPlaylists(u.id, u.session);
          expect(list.playlist.map((p) => p.id)).toEqual([...made, ...collected.get(i)!]);
          for (const entry of list.playlist) {
            expect(entry.trackCount).toBe(tracks.get(entry.id)!.length);
            expect(entry.subscribedCount).toBe(subscribers.get(entry.id)!.size);
          }
          expect((await api(`/likelist?uid=${u.id}`, u.session)).body.ids).toEqual(tracks.get(liked.id));
        }
      }),
      { numRuns: 40 },
    );
  });
});
