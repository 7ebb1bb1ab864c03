import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../src/db/connection.ts';
import { createRepos } from '../src/repos/index.ts';
import { smsOutboxFile } from '../src/services/accounts/sms.ts';
import { call, loginByPhone, register, sessionOf, testClock } from './account-helpers.ts';
import { expectContract, expectError, startTestApp, type TestApp } from './helpers.ts';
import { runFfmpeg } from './import-media.ts';

/**
 * One listener's whole journey through the accounts API, as issue 9 lists it: register through
 * the SMS outbox, log in by phone and by email, sign in, like, make a playlist, upload to the
 * cloud drive and stream it, be refused someone else's cloud song, upload avatars, follow, log
 * out. (Passwords at rest and the 509 window are in accounts.test.ts.)
 */
const clock = testClock(Date.UTC(2025, 5, 1, 4)); // 12:00 in China
const PHONE = '13700000901';
const PASSWORD = 'journey-pass';
const EMAIL = 'journey@example.com';
let work: string;
let t: TestApp;
let db: Db;
let song: Buffer;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'cloudtune-journey-'));
  await runFfmpeg([
    ...['-f', 'lavfi', '-i', 'sine=frequency=523:duration=3'],
    ...['-metadata', 'title=旅途之歌', '-metadata', 'artist=路上的人', '-b:a', '128k', join(work, 'journey.mp3')],
  ]);
  song = readFileSync(join(work, 'journey.mp3'));
  t = await startTestApp({ clock: clock.now });
  db = await openDatabase(t.dataDir);
}, 60_000);
afterAll(async () => {
  await db?.close();
  await t?.close();
  rmSync(work, { recursive: true, force: true });
});

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** A multipart/form-data body with one file part. */
function multipart(field: string, filename: string, type: string, bytes: Buffer) {
  const boundary = '----cloudtune-journey-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const post = (url: string, session: string, body: Awaited<ReturnType<typeof multipart>>) =>
  t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, cookie: `MUSIC_U=${session}` } });

describe('an account’s journey', () => {
  let session: string;
  let userId: number;

  it('registers with the code from the SMS outbox, and is logged in', async () => {
    expect((await call(t.app, `/api/cellphone/existence/check?phone=${PHONE}`)).body).toMatchObject({ exist: -1 });
    expect((await call(t.app, `/api/captcha/sent?phone=${PHONE}`)).body).toEqual({ code: 200, data: true });
    // The default sender writes `phone code` lines to <data>/outbox/sms.log.
    const line = readFileSync(smsOutboxFile(t.dataDir), 'utf8')
      .trim()
      .split('\n')
      .reverse()
      .find((l) => l.startsWith(`${PHONE} `))!;
    const captcha = line.split(' ')[1]!;
    expect(captcha).toMatch(/^\d{6}$/);
    expect((await call(t.app, `/api/captcha/verify?phone=${PHONE}&captcha=${captcha}`)).body).toEqual({ code: 200, data: true });
    const q = new URLSearchParams({ phone: PHONE, captcha, password: PASSWORD, nickname: '旅途中的听众' });
    const res = await call(t.app, `/api/register/cellphone?${q}`);
    expect(res.body.code).toBe(200);
    session = sessionOf(res.res);
    const status = expectContract('/login/status', (await call(t.app, '/api/login/status', { session })).body);
    expect(status.data.profile).toMatchObject({ nickname: '旅途中的听众' });
    userId = status.data.account!.id;
    expect((await call(t.app, `/api/cellphone/existence/check?phone=${PHONE}`)).body).toMatchObject({ exist: 1 });
  });

  it('logs in by phone and by email (MD5 as the client sends it)', async () => {
    const byPhone = await call(t.app, `/api/login/cellphone?phone=${PHONE}&md5_password=${md5(PASSWORD)}`);
    expect(expectContract('/login/cellphone', byPhone.body).account.id).toBe(userId);
    // No NetEase endpoint binds an email (their website does): the account gets one in the table.
    await createRepos(db).users.setContact(userId, { countryCode: '86', phone: PHONE, email: EMAIL });
    const byEmail = await call(t.app, `/api/login?email=${encodeURIComponent(EMAIL.toUpperCase())}&md5_password=${md5(PASSWORD)}`);
    expect(expectContract('/login', byEmail.body).account.id).toBe(userId);
    expect(sessionOf(byEmail.res)).not.toBe(sessionOf(byPhone.res));
    expect((await call(t.app, `/api/login?email=${EMAIL}&password=wrong-password`)).body).toMatchObject({ code: 502 });
    session = await loginByPhone(t.app, PHONE, PASSWORD);
  });

  it('signs in once a day: 200, then -2', async () => {
    expect((await call(t.app, '/api/daily_signin?type=1', { session })).body).toEqual({ point: 2, code: 200 });
    const again = await call(t.app, '/api/daily_signin?type=1', { session });
    expect([again.status, again.body]).toEqual([400, { code: -2, msg: '重复签到' }]);
    expect(expectContract('/user/detail', (await call(t.app, `/api/user/detail?uid=${userId}`, { session })).body).pcSign).toBe(true);
  });

  it('likes a song: it is in 我喜欢的音乐', async () => {
    expect((await call(t.app, '/api/like?id=7&like=true', { session })).body.code).toBe(200);
    expect(expectContract('/likelist', (await call(t.app, `/api/likelist?uid=${userId}`, { session })).body).ids).toEqual([7]);
    const liked = (await db.prepare('SELECT id FROM playlists WHERE creator_id = ? AND special_type = 5').pluck().get(userId)) as number;
    const detail = expectContract('/playlist/detail', (await call(t.app, `/api/playlist/detail?id=${liked}`, { session })).body);
    expect(detail.playlist.trackIds.map((x) => x.id)).toEqual([7]);
  });

  it('creates a playlist and adds songs to it', async () => {
    const created = expectContract(
      '/playlist/create',
      (await call(t.app, `/api/playlist/create?name=${encodeURIComponent('路上听')}`, { session })).body,
    );
    const tracks = await call(t.app, `/api/playlist/tracks?op=add&pid=${created.id}&tracks=3,5,9`, { session });
    expect(tracks.status).toBe(200);
    const detail = expectContract('/playlist/detail', (await call(t.app, `/api/playlist/detail?id=${created.id}`, { session })).body);
    expect(detail.playlist).toMatchObject({ name: '路上听', trackCount: 3, creator: { userId } });
    expect(detail.playlist.trackIds.map((x) => x.id).sort((a, b) => a - b)).toEqual([3, 5, 9]);
    const mine = expectContract('/user/playlist', (await call(t.app, `/api/user/playlist?uid=${userId}`, { session })).body).playlist;
    expect(mine.map((p) => p.name)).toEqual(['旅途中的听众喜欢的音乐', '路上听']);
  });

  let cloudUrl: string;
  let cloudId: number;

  it('uploads a real MP3 (made by ffmpeg) to the cloud drive and streams it with Range', async () => {
    const uploaded = await post('/api/cloud', session, multipart('songFile', 'journey.mp3', 'audio/mpeg', song));
    const body = expectContract('/cloud', uploaded.json());
    cloudId = Number(body.songId);
    expect(body.privateCloud).toMatchObject({ songName: '旅途之歌', artist: '路上的人', fileSize: song.length });
    const list = expectContract('/user/cloud', (await call(t.app, '/api/user/cloud', { session })).body);
    expect(list.data.map((d) => d.songId)).toEqual([cloudId]);

    const urls = expectContract('/song/url', (await call(t.app, `/api/song/url?id=${cloudId}`, { session })).body);
    cloudUrl = urls.data[0]!.url!;
    expect(cloudUrl).toBeTruthy();
    const ranged = await t.app.inject({
      method: 'GET',
      url: new URL(cloudUrl).pathname,
      headers: { cookie: `MUSIC_U=${session}`, range: 'bytes=1000-4999' },
    });
    expect([ranged.statusCode, ranged.headers['content-range']]).toEqual([206, `bytes 1000-4999/${song.length}`]);
    expect(ranged.rawPayload.equals(song.subarray(1000, 5000))).toBe(true);
  });

  it('another user gets no URL for that cloud song and is refused its file', async () => {
    const other = await register(t.app, t.dataDir, '13700000902', 'other-pass');
    const urls = expectContract('/song/url', (await call(t.app, `/api/song/url?id=${cloudId}`, { session: other })).body);
    expect(urls.data[0]).toMatchObject({ id: cloudId, url: null });
    const refused = await t.app.inject({
      method: 'GET',
      url: new URL(cloudUrl).pathname,
      headers: { cookie: `MUSIC_U=${other}`, range: 'bytes=0-99' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 403 });
  });

  it('avatars: a 6 MB picture and a text file named .jpg are refused, a real picture is taken', async () => {
    const huge = await sharp({
      create: { width: 2600, height: 1900, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 90 } },
    })
      .jpeg({ quality: 100 })
      .toBuffer();
    expect(huge.length).toBeGreaterThan(6 * 1024 * 1024);
    const tooBig = await post('/api/avatar/upload', session, multipart('imgFile', 'big.jpg', 'image/jpeg', huge));
    expect([tooBig.statusCode, tooBig.json()]).toEqual([413, { code: 413, msg: '请选择不超过5M的图片' }]);
    const text = await post(
      '/api/avatar/upload',
      session,
      multipart('imgFile', 'me.jpg', 'image/jpeg', Buffer.from('不是图片，只是文字。\n'.repeat(40))),
    );
    expect([text.statusCode, text.json().code]).toEqual([400, 400]);
    const before = expectContract('/user/account', (await call(t.app, '/api/user/account', { session })).body).profile!.avatarUrl;

    const real = await sharp({ create: { width: 500, height: 400, channels: 3, background: '#3dc095' } })
      .jpeg()
      .toBuffer();
    const res = await post('/api/avatar/upload?imgSize=300', session, multipart('imgFile', 'me.jpg', 'image/jpeg', real));
    const url = expectContract('/avatar/upload', res.json()).data.url;
    const profile = expectContract('/user/account', (await call(t.app, '/api/user/account', { session })).body).profile!;
    expect(profile.avatarUrl).toBe(url);
    expect(url).not.toBe(before);
    const image = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 300, height: 300 });
  });

  it('follows the demo account: both profiles and lists agree', async () => {
    const demoId = (await db.prepare("SELECT id FROM users WHERE phone = '13800000000'").pluck().get()) as number;
    const fans = expectContract('/user/detail', (await call(t.app, `/api/user/detail?uid=${demoId}`)).body).profile.followeds!;
    expect((await call(t.app, `/api/follow?id=${demoId}&t=1`, { session })).body).toEqual({ code: 200, followed: true });
    expect(expectContract('/user/detail', (await call(t.app, `/api/user/detail?uid=${demoId}`)).body).profile.followeds).toBe(fans + 1);
    const follows = expectContract('/user/follows', (await call(t.app, `/api/user/follows?uid=${userId}`, { session })).body).follow;
    expect(follows.map((u) => [u.userId, u.followed])).toEqual([[demoId, true]]);
    const newest = expectContract('/user/followeds', (await call(t.app, `/api/user/followeds?uid=${demoId}&limit=1`)).body).followeds;
    expect(newest.map((u) => u.userId)).toEqual([userId]);
  });

  it('logs out: the session is over (301 需要登录)', async () => {
    expect((await call(t.app, '/api/logout', { session })).body).toMatchObject({ code: 200 });
    for (const path of ['/user/account', '/recommend/songs', '/user/cloud', `/follow?id=1`]) {
      expectError(await call(t.app, `/api${path}`, { session }), 301, '需要登录');
    }
    const status = expectContract('/login/status', (await call(t.app, '/api/login/status', { session })).body);
    expect(status.data).toMatchObject({ account: null, profile: null });
  });
});
