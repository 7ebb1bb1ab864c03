import { endpoints, type EndpointPath } from '@cloudtune/contract';
import { recorded } from '@cloudtune/ncm-fixtures';
import { existsSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../src/db/connection.ts';
import { AVATAR_MAX_PIXELS, AVATAR_TOO_MANY_PIXELS_MSG, avatarKey } from '../src/services/accounts/avatar.ts';
import { call, loginByPhone, register, testClock } from './account-helpers.ts';
import { expectContract, expectError, shapeOf, startTestApp, type TestApp } from './helpers.ts';

const clock = testClock(Date.UTC(2025, 5, 1, 15, 30)); // 23:30 in China
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

describe('login required', () => {
  const needLogin = (Object.keys(endpoints) as EndpointPath[]).filter((path) => (endpoints[path] as { auth?: boolean }).auth);
  it('covers the account endpoints that need one', () => {
    expect(needLogin).toEqual(
      expect.arrayContaining([
        '/daily_signin',
        '/user/account',
        '/user/subcount',
        '/user/update',
        '/avatar/upload',
        '/user/record',
        '/login/refresh',
      ]),
    );
  });

  it('/openapi.json lists them with their 301, and the avatar upload as multipart', async () => {
    const doc = (await call(t.app, '/api/openapi.json')).body as unknown as {
      paths: Record<string, Record<string, { responses: object; requestBody?: object }>>;
    };
    for (const path of needLogin) expect(doc.paths[path]!.get!.responses).toHaveProperty('301');
    expect(doc.paths['/user/detail']!.get!.responses).not.toHaveProperty('301');
    expect(doc.paths['/avatar/upload']!.post!.requestBody).toMatchObject({
      content: { 'multipart/form-data': { schema: { required: ['imgFile'], properties: { imgFile: { format: 'binary' } } } } },
    });
  });

  it.each(needLogin)('%s answers {code: 301, msg: 需要登录} with HTTP 301, before reading params', async (path) => {
    const method = endpoints[path].method;
    expectError(await call(t.app, `/api${path}?uid=oops`, { method }), 301, '需要登录');
  });
});

describe('/daily_signin', () => {
  it('signs in once a day (point as the recording), a second time -2 重复签到 (HTTP 400); /user/detail says pcSign', async () => {
    const before = expectContract('/user/detail', (await call(t.app, `/api/user/detail?uid=${demoId}`, { session: demo })).body);
    expect([before.pcSign, before.mobileSign]).toEqual([false, false]);
    const first = await call(t.app, '/api/daily_signin?type=1', { session: demo });
    expect(shapeOf(expectContract('/daily_signin', first.body))).toEqual(shapeOf(recorded('daily_signin')));
    expect(first.body).toEqual({ point: 2, code: 200 });
    const again = await call(t.app, '/api/daily_signin?type=1', { session: demo });
    expect([again.status, again.body]).toEqual([400, recorded('daily_signin.repeat')]);
    const after = expectContract('/user/detail', (await call(t.app, `/api/user/detail?uid=${demoId}`, { session: demo })).body);
    expect([after.pcSign, after.mobileSign]).toEqual([true, false]);
    // Mobile (type 0, the default) is its own sign-in: +3.
    expect((await call(t.app, '/api/daily_signin', { session: demo })).body).toEqual({ point: 3, code: 200 });
    // Others never see it.
    expect(expectContract('/user/detail', (await call(t.app, `/api/user/detail?uid=${demoId}`)).body).pcSign).toBe(false);
    // The day turns at midnight in China.
    clock.advance(31 * 60_000);
    expect((await call(t.app, '/api/daily_signin?type=1', { session: demo })).body).toEqual({ point: 2, code: 200 });
  });

  it('takes type 0 or 1 only', async () => {
    expectError(await call(t.app, '/api/daily_signin?type=2', { session: demo }), 400, 'type must be ≤ 1');
  });
});

describe('/user/detail, /user/account, /user/subcount', () => {
  it('/user/detail answers anyone with the recorded fields', async () => {
    const body = (await call(t.app, `/api/user/detail?uid=${demoId}`)).body;
    const detail = expectContract('/user/detail', body);
    const real = shapeOf(recorded('user_detail')) as Record<string, unknown>;
    for (const key of [
      'level',
      'listenSongs',
      'pcSign',
      'mobileSign',
      'peopleCanSeeMyPlayRecord',
      'createTime',
      'createDays',
      'profile',
      'bindings',
    ]) {
      expect(body).toHaveProperty(key);
      expect(real).toHaveProperty(key);
    }
    expect(detail.profile).toMatchObject({ userId: demoId, nickname: '晚风收藏家', followed: false });
    expect(detail.profile.avatarUrl).toMatch(new RegExp(`/api/media/image/avatar/${demoId}\\.jpg$`));
    expect(body.bindings).toEqual([]);
    const own = (await call(t.app, `/api/user/detail?uid=${demoId}`, { session: demo })).body;
    expect(own.bindings).toMatchObject([{ type: 1, userId: demoId }]);
  });

  it('says whether the viewer follows the user and is followed back', async () => {
    const followee = (await db
      .prepare('SELECT followee_id FROM user_follows WHERE follower_id = ? ORDER BY 1 LIMIT 1')
      .pluck()
      .get(demoId)) as number;
    const profile = expectContract('/user/detail', (await call(t.app, `/api/user/detail?uid=${followee}`, { session: demo })).body).profile;
    expect(profile.followed).toBe(true);
  });

  it('/user/account and /user/subcount describe the logged-in account', async () => {
    const account = expectContract('/user/account', (await call(t.app, '/api/user/account', { session: demo })).body);
    expect(account.account).toMatchObject({ id: demoId, userName: '1_13800000000' });
    const subcount = expectContract('/user/subcount', (await call(t.app, '/api/user/subcount', { session: demo })).body);
    expect(Object.keys(subcount).sort()).toEqual(Object.keys(recorded<object>('user_subcount')).sort());
    expect(subcount.createdPlaylistCount).toBe(await db.prepare('SELECT COUNT(*) FROM playlists WHERE creator_id = ?').pluck().get(demoId));
  });
});

describe('/user/update', () => {
  it('changes the fields given; the liked-songs list follows the nickname', async () => {
    const session = await register(t.app, t.dataDir, '13700000001', 'profile-pass');
    const birthday = Date.UTC(1995, 4, 20);
    const q = new URLSearchParams({
      gender: '2',
      signature: '慢慢听',
      city: '440300',
      province: '440000',
      nickname: '改名的鲸鱼',
      birthday: String(birthday),
    });
    expect((await call(t.app, `/api/user/update?${q}`, { session })).body).toEqual({ code: 200 });
    const account = expectContract('/user/account', (await call(t.app, '/api/user/account', { session })).body);
    expect(account.profile).toMatchObject({
      gender: 2,
      signature: '慢慢听',
      city: 440300,
      province: 440000,
      nickname: '改名的鲸鱼',
      birthday,
    });
    const liked = await db.prepare('SELECT name FROM playlists WHERE creator_id = ? AND special_type = 5').pluck().get(account.account!.id);
    expect(liked).toBe('改名的鲸鱼喜欢的音乐');
    expect((await call(t.app, '/api/user/update?signature=', { session })).body).toEqual({ code: 200 });
  });

  it.each([
    ['nickname=', 400, 'nickname must be 1–30 characters'],
    [`nickname=${'长'.repeat(31)}`, 400, 'nickname must be 1–30 characters'],
    ['gender=3', 400, 'gender must be ≤ 2'],
    ['birthday=abc', 400, 'birthday must be an integer'],
    ['', 400, 'nothing to update'],
    [`nickname=${encodeURIComponent('云端旅人')}`, 505, '昵称已被占用'],
  ])('%s → %i', async (query, code, msg) => {
    expectError(await call(t.app, `/api/user/update?${query}`, { session: demo }), code, msg);
  });

  it('a birthday must lie in the past', async () => {
    expectError(
      await call(t.app, `/api/user/update?birthday=${clock.now() + 86_400_000}`, { session: demo }),
      400,
      'birthday must be in the past',
    );
  });

  it('a birthday before 1900-01-01 (NetEase’s “unset”) is no date of birth', async () => {
    expectError(await call(t.app, '/api/user/update?birthday=-2209017600001', { session: demo }), 400, 'birthday must be ≥ -2209017600000');
    expect((await call(t.app, '/api/user/update?birthday=-2209017600000', { session: demo })).body).toMatchObject({ code: 200 });
  });
});

describe('/user/record', () => {
  it('lists the week or all time, most played first, with playCount and score; a hidden record is the owner’s alone', async () => {
    const session = await register(t.app, t.dataDir, '13700000002', 'record-pass');
    const uid = expectContract('/login/status', (await call(t.app, '/api/login/status', { session })).body).data.profile!.userId;
    for (const [song, times] of [
      [5, 3],
      [7, 1],
    ] as const) {
      for (let i = 0; i < times; i++) {
        expect((await call(t.app, `/api/scrobble?id=${song}&time=30`, { session })).status).toBe(200);
        clock.advance(20_000);
      }
    }
    const week = expectContract('/user/record', (await call(t.app, `/api/user/record?uid=${uid}&type=1`, { session })).body);
    expect(week.weekData!.map((r) => [r.song.id, r.playCount, r.score])).toEqual([
      [5, 3, 100],
      [7, 1, 33],
    ]);
    const all = expectContract('/user/record', (await call(t.app, `/api/user/record?uid=${uid}`, { session: demo })).body);
    expect(all.allData).toHaveLength(2);
    expect(all.weekData).toBeUndefined();
    const demoAll = expectContract('/user/record', (await call(t.app, `/api/user/record?uid=${demoId}&type=0`, { session })).body);
    expect(demoAll.allData!.length).toBe(100);

    await db.prepare('UPDATE users SET play_record_public = 0 WHERE id = ?').run(uid);
    const hidden = await call(t.app, `/api/user/record?uid=${uid}&type=1`, { session: demo });
    expect([hidden.status, hidden.body]).toEqual([400, { code: -2, msg: '无权限访问' }]);
    expect((await call(t.app, `/api/user/record?uid=${uid}&type=1`, { session })).status).toBe(200);
    expect(expectContract('/user/detail', (await call(t.app, `/api/user/detail?uid=${uid}`)).body).peopleCanSeeMyPlayRecord).toBe(false);
  });
});

/** A multipart/form-data body with one file part. */
function multipart(field: string, filename: string, type: string, bytes: Buffer) {
  const boundary = '----cloudtune-test-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('/avatar/upload', () => {
  const upload = (session: string | undefined, body: Awaited<ReturnType<typeof multipart>>, query = '') =>
    t.app.inject({
      method: 'POST',
      url: `/api/avatar/upload${query}`,
      ...body,
      headers: { ...body.headers, ...(session ? { cookie: `MUSIC_U=${session}` } : {}) },
    });

  it('refuses a picture over 5 MB and a text file named .jpg; takes a real one, crops it square, serves it', async () => {
    const session = await register(t.app, t.dataDir, '13700000003', 'avatar-pass');
    const huge = await sharp({
      create: { width: 2400, height: 1800, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 80 } },
    })
      .jpeg({ quality: 100 })
      .toBuffer();
    expect(huge.length).toBeGreaterThan(5 * 1024 * 1024);
    const tooBig = await upload(session, multipart('imgFile', 'big.jpg', 'image/jpeg', huge));
    expect([tooBig.statusCode, tooBig.json()]).toEqual([413, { code: 413, msg: '请选择不超过5M的图片' }]);
    const text = await upload(
      session,
      multipart('imgFile', 'photo.jpg', 'image/jpeg', Buffer.from('just some text, not a picture\n'.repeat(50))),
    );
    expect([text.statusCode, text.json()]).toEqual([400, { code: 400, msg: 'imgFile must be a JPEG, PNG, WebP, GIF or AVIF image' }]);

    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3dc095' } })
      .png()
      .toBuffer();
    const res = await upload(session, multipart('imgFile', 'me.png', 'application/octet-stream', png), '?imgSize=200');
    const body = expectContract('/avatar/upload', res.json());
    expect(body.data.url).toMatch(/^http:\/\/localhost(:\d+)?\/api\/media\/avatar\/[0-9a-f]{32}\.jpg$/);
    const image = await t.app.inject({ method: 'GET', url: new URL(body.data.url).pathname });
    expect([image.statusCode, image.headers['content-type'], image.headers['cache-control']]).toEqual([
      200,
      'image/jpeg',
      'public, max-age=31536000, immutable',
    ]);
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 200, height: 200 });
    const profile = expectContract('/user/account', (await call(t.app, '/api/user/account', { session })).body).profile!;
    expect(profile.avatarUrl).toBe(body.data.url);
    expect(profile.avatarImgIdStr).toBe(String(body.data.imgId));

    // A new avatar replaces the old: the old file goes once nobody shows it.
    const other = await sharp({ create: { width: 300, height: 500, channels: 4, background: '#ff000080' } })
      .webp()
      .toBuffer();
    const second = expectContract('/avatar/upload', (await upload(session, multipart('imgFile', 'x.bin', 'text/plain', other))).json());
    expect(
      await sharp((await t.app.inject({ method: 'GET', url: new URL(second.data.url).pathname })).rawPayload).metadata(),
    ).toMatchObject({ width: 300, height: 300 });
    const oldHash = /([0-9a-f]{32})\.jpg$/.exec(body.data.url)![1]!;
    expect(existsSync(`${t.dataDir}/media/${avatarKey(oldHash)}`)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: new URL(body.data.url).pathname })).statusCode).toBe(404);
  });

  it(`a picture over ${AVATAR_MAX_PIXELS.toLocaleString('en')} pixels is refused as too large, not as no picture; one of exactly that is taken`, async () => {
    const session = await register(t.app, t.dataDir, '13700000004', 'pixels-pass');
    // Plain colour: a few hundred KB however many pixels, far below the 5 MB.
    const png = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: '#3dc095' } })
        .png()
        .toBuffer();
    const over = await upload(session, multipart('imgFile', 'huge.png', 'image/png', await png(10_000, 5_001)));
    expect([over.statusCode, over.json()]).toEqual([400, { code: 400, msg: AVATAR_TOO_MANY_PIXELS_MSG }]);
    expect(AVATAR_TOO_MANY_PIXELS_MSG).toBe('图片尺寸过大，请选择不超过5000万像素（如 8000×6000）的图片');
    const before = expectContract('/user/account', (await call(t.app, '/api/user/account', { session })).body).profile!.avatarUrl;
    expect(before).not.toMatch(/\/media\/avatar\//);
    const exactly = await upload(session, multipart('imgFile', 'large.png', 'image/png', await png(10_000, 5_000)), '?imgSize=64');
    expect(exactly.statusCode).toBe(200);
    expect(
      await sharp((await t.app.inject({ method: 'GET', url: new URL(exactly.json().data.url).pathname })).rawPayload).metadata(),
    ).toMatchObject({
      width: 64,
      height: 64,
    });
  }, 30_000);

  it('needs a login, the imgFile field, and an imgSize of 16–1024', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const anonymous = await upload(undefined, multipart('imgFile', 'a.png', 'image/png', png));
    expect([anonymous.statusCode, anonymous.json()]).toEqual([301, { code: 301, msg: '需要登录' }]);
    const wrongField = await upload(demo, multipart('picture', 'a.png', 'image/png', png));
    expect(wrongField.json()).toEqual({ code: 400, msg: 'imgFile is required (multipart/form-data)' });
    const tooLarge = await upload(demo, multipart('imgFile', 'a.png', 'image/png', png), '?imgSize=2048');
    expect(tooLarge.json()).toEqual({ code: 400, msg: 'imgSize must be ≤ 1024' });
  });

  it('a body cut short of its closing boundary, or without a boundary, is a 400 and changes nothing', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const before = (await call(t.app, '/api/user/account', { session: demo })).body;
    const head = Buffer.from(
      '--cut\r\nContent-Disposition: form-data; name="imgFile"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n',
    );
    for (const type of ['multipart/form-data; boundary=cut', 'multipart/form-data']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/avatar/upload',
        payload: Buffer.concat([head, png]),
        headers: { 'content-type': type, cookie: `MUSIC_U=${demo}` },
      });
      expect([res.statusCode, res.json()]).toEqual([
        400,
        { code: 400, msg: 'imgFile: the multipart/form-data body is malformed or ends early' },
      ]);
    }
    expect((await call(t.app, '/api/user/account', { session: demo })).body).toEqual(before);
  });
});
