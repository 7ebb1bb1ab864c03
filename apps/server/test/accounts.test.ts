import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { recorded } from '@cloudtune/ncm-fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../src/db/connection.ts';
import { CAPTCHA_RESEND_MS, CAPTCHA_TTL_MS } from '../src/services/accounts/captcha.ts';
import { MAX_SESSIONS_PER_USER } from '../src/services/accounts/sessions.ts';
import { smsOutboxFile } from '../src/services/accounts/sms.ts';
import { ADDRESS_FAILURE_LIMIT, ADDRESS_WINDOW_MS } from '../src/services/login-limits.ts';
import { call, lastSmsCode, loginByPhone, register, sessionOf, testClock } from './account-helpers.ts';
import { expectContract, expectError, shapeOf, startTestApp, type TestApp } from './helpers.ts';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const clock = testClock();
let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await startTestApp({ clock: clock.now });
  db = await openDatabase(t.dataDir);
});
afterAll(async () => {
  await db.close();
  await t.close();
});

describe('the demo account', () => {
  it('logs in by phone 13800000000 and by demo@cloudtune.local with the password cloudtune', async () => {
    const byPhone = await call(t.app, '/api/login/cellphone?phone=13800000000&password=cloudtune');
    const login = expectContract('/login/cellphone', byPhone.body);
    expect(login).toMatchObject({ loginType: 1, account: { userName: '1_13800000000', type: 1 }, profile: { nickname: '晚风收藏家' } });
    expect(login.cookie).toMatch(/^MUSIC_U=[0-9a-f]{64}; Max-Age=2592000; Path=\/; Expires=.+; HttpOnly; SameSite=Lax$/);
    const set = byPhone.res.cookies.find((c) => c.name === 'MUSIC_U')!;
    expect(set).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 2592000 });
    expect(set.secure).toBeFalsy();
    const byEmail = await call(t.app, `/api/login?email=demo@cloudtune.local&md5_password=${md5('cloudtune')}`);
    expect(expectContract('/login', byEmail.body).account.id).toBe(login.account.id);
  });

  it('owns playlists, a liked-songs list, follows, fans, events and a month of plays', async () => {
    const session = await loginByPhone(t.app, '13800000000', 'cloudtune');
    const status = expectContract('/login/status', (await call(t.app, '/api/login/status', { session })).body);
    const uid = status.data.profile!.userId;
    const detail = expectContract('/user/detail', (await call(t.app, `/api/user/detail?uid=${uid}`, { session })).body);
    expect(detail.profile).toMatchObject({ follows: 6, followeds: 8, eventCount: 3 });
    expect(detail.profile.playlistCount).toBeGreaterThan(1);
    expect(detail.listenSongs).toBeGreaterThan(1000);
    expect(detail.level).toBeGreaterThanOrEqual(6);
    const liked = await db
      .prepare(
        'SELECT name, (SELECT COUNT(*) FROM playlist_tracks WHERE playlist_id = id) AS n FROM playlists WHERE creator_id = ? AND special_type = 5',
      )
      .get(uid);
    expect(liked).toEqual({ name: '晚风收藏家喜欢的音乐', n: 36 });
  });
});

describe('registration through the SMS captcha outbox', () => {
  it('sends a code to the outbox, verifies it, registers, and the new user has an empty 喜欢的音乐 list', async () => {
    expect((await call(t.app, '/api/cellphone/existence/check?phone=13900000001')).body).toMatchObject({ code: 200, exist: -1 });
    const sent = await call(t.app, '/api/captcha/sent?phone=13900000001');
    expect(expectContract('/captcha/sent', sent.body)).toEqual({ code: 200, data: true });
    expect(readFileSync(smsOutboxFile(t.dataDir), 'utf8')).toMatch(/^13900000001 \d{6}$/m);
    const captcha = lastSmsCode(t.dataDir, '13900000001');
    expect((await call(t.app, `/api/captcha/verify?phone=13900000001&captcha=${captcha}`)).body).toEqual({ code: 200, data: true });
    const res = await call(
      t.app,
      `/api/register/cellphone?phone=13900000001&captcha=${captcha}&password=s3cret-pass&nickname=${encodeURIComponent('新来的听众')}`,
    );
    const body = expectContract('/register/cellphone', res.body);
    expect(body.profile).toMatchObject({ nickname: '新来的听众', gender: 0, playlistCount: 1 });
    const session = sessionOf(res.res);
    const status = expectContract('/login/status', (await call(t.app, '/api/login/status', { session })).body);
    expect(status.data.profile?.nickname).toBe('新来的听众');
    const liked = await db.prepare('SELECT name, special_type AS specialType FROM playlists WHERE creator_id = ?').all(body.account.id);
    expect(liked).toEqual([{ name: '新来的听众喜欢的音乐', specialType: 5 }]);
    expect((await call(t.app, '/api/cellphone/existence?phone=13900000001')).body).toMatchObject({
      exist: 1,
      nickname: '新来的听众',
      hasPassword: true,
    });
    // One code, one use: it does not log in after registering.
    expectError(await call(t.app, `/api/login/cellphone?phone=13900000001&captcha=${captcha}`), 503, '验证码错误');
  });

  it('gives an empty nickname a free generated one', async () => {
    const session = await register(t.app, t.dataDir, '13900000002', 'password2');
    const status = expectContract('/login/status', (await call(t.app, '/api/login/status', { session })).body);
    expect(status.data.profile?.nickname).toMatch(/^云音乐用户\d{6}$/);
  });

  it('sends a phone at most one code a minute; a code lives five minutes; five wrong tries burn it', async () => {
    const from = { remoteAddress: '10.3.0.1' };
    await call(t.app, '/api/captcha/sent?phone=13900000003', from);
    const soon = await call(t.app, '/api/captcha/sent?phone=13900000003', from);
    expectError(soon, 405, '发送验证码间隔过短');
    expect([soon.res.headers['retry-after'], soon.body.retryAfter]).toEqual(['60', 60]);
    clock.advance(CAPTCHA_RESEND_MS);
    await call(t.app, '/api/captcha/sent?phone=13900000003', from);
    const code = lastSmsCode(t.dataDir, '13900000003');
    clock.advance(CAPTCHA_TTL_MS);
    expectError(await call(t.app, `/api/captcha/verify?phone=13900000003&captcha=${code}`, from), 503, '验证码错误');

    await call(t.app, '/api/captcha/sent?phone=13900000003', from);
    const fresh = lastSmsCode(t.dataDir, '13900000003');
    const wrong = fresh === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expectError(await call(t.app, `/api/captcha/verify?phone=13900000003&captcha=${wrong}`, from), 503);
    expectError(await call(t.app, `/api/captcha/verify?phone=13900000003&captcha=${fresh}`, from), 503, '验证码错误');
  });

  it('refuses a nickname someone has (505) without using up the code', async () => {
    await call(t.app, '/api/captcha/sent?phone=13900000004');
    const captcha = lastSmsCode(t.dataDir, '13900000004');
    const taken = encodeURIComponent('晚风收藏家');
    expectError(
      await call(t.app, `/api/register/cellphone?phone=13900000004&captcha=${captcha}&password=abcdef&nickname=${taken}`),
      505,
      '昵称已被占用',
    );
    const res = await call(t.app, `/api/register/cellphone?phone=13900000004&captcha=${captcha}&password=abcdef&nickname=Someone`);
    expect(res.status).toBe(200);
  });

  it('registering a phone that has an account is refused (505): the password stays, the code is left unused', async () => {
    const session = await register(t.app, t.dataDir, '13900000005', 'first-password');
    clock.advance(CAPTCHA_RESEND_MS);
    await call(t.app, '/api/captcha/sent?phone=13900000005');
    const captcha = lastSmsCode(t.dataDir, '13900000005');
    const again = await call(t.app, `/api/register/cellphone?phone=13900000005&captcha=${captcha}&password=second-password`);
    expectError(again, 505, '该手机号已注册，请直接登录或重置密码');
    expect((await call(t.app, '/api/user/account', { session })).status).toBe(200);
    expect((await call(t.app, '/api/login/cellphone?phone=13900000005&password=second-password')).body.code).toBe(502);
    await loginByPhone(t.app, '13900000005', 'first-password');
    // The code was not spent: it still logs in by captcha, once.
    expect((await call(t.app, `/api/login/cellphone?phone=13900000005&captcha=${captcha}`)).body.code).toBe(200);
  });
});

describe('passwords', () => {
  it('the users table holds no password nor its MD5, only a salted scrypt', async () => {
    await register(t.app, t.dataDir, '13900000010', 'plain-secret-42');
    const dump = JSON.stringify(await db.prepare('SELECT * FROM users').all());
    for (const secret of ['plain-secret-42', md5('plain-secret-42'), md5('cloudtune')]) expect(dump).not.toContain(secret);
    // (demo@cloudtune.local holds the word; no column is the demo password itself)
    expect(dump).not.toContain('"cloudtune"');
    const hashes = (await db.prepare('SELECT password_hash FROM users WHERE password_hash IS NOT NULL').pluck().all()) as string[];
    expect(hashes.length).toBeGreaterThanOrEqual(2);
    for (const h of hashes) expect(h).toMatch(/^scrypt\$16384\$8\$5\$[\w-]{22}\$[\w-]{43}$/);
    expect(new Set(hashes.map((h) => h.split('$')[4])).size).toBe(hashes.length);
  });

  it('a session is stored as its SHA-256, never the token', async () => {
    const session = await loginByPhone(t.app, '13900000010', 'plain-secret-42');
    const stored = (await db.prepare('SELECT token_hash FROM sessions').pluck().all()) as string[];
    expect(stored).not.toContain(session);
    expect(stored).toContain(createHash('sha256').update(session).digest('hex'));
  });
});

describe('login errors', () => {
  it.each([
    ['/api/login/cellphone?phone=13911112222&password=whatever', 501, '账号不存在'],
    ['/api/login?email=nobody@example.com&password=whatever', 501, '账号不存在'],
    ['/api/login/cellphone?phone=13800000000', 400, 'password is required (or md5_password)'],
    ['/api/login/cellphone?phone=12345&password=cloudtune', 400, 'phone must be an 11-digit mobile number starting with 1'],
    ['/api/login/cellphone?phone=13800000000&md5_password=xyz', 400, 'md5_password must be 32 hex digits (the MD5 of the password)'],
    ['/api/login?email=not-an-email&password=cloudtune', 400, 'email must be an email address'],
    ['/api/captcha/sent', 400, 'phone is required'],
    ['/api/captcha/verify?phone=13800000000&captcha=1234', 400, 'captcha must be 6 digits'],
    ['/api/register/cellphone?phone=13800000000&captcha=123456&password=123', 400, 'password must be 6–64 characters'],
    ['/api/user/detail', 400, 'uid is required'],
    ['/api/user/detail?uid=99999', 404, 'user 99999 not found'],
  ])('%s → %i', async (url, code, msg) => {
    expectError(await call(t.app, url, { remoteAddress: '10.9.9.9' }), code, msg);
  });

  it('a wrong password is 502 (sent with HTTP 200, as the reference does); by email 账号或密码错误', async () => {
    const phone = await call(t.app, '/api/login/cellphone?phone=13800000000&password=wrong-one', { remoteAddress: '10.9.9.8' });
    expect([phone.status, phone.body]).toEqual([200, { code: 502, msg: '密码错误' }]);
    const email = await call(t.app, '/api/login?email=demo@cloudtune.local&password=wrong-one', { remoteAddress: '10.9.9.8' });
    expect([email.status, email.body]).toEqual([200, { code: 502, msg: '账号或密码错误' }]);
  });

  it('one address failing on many accounts is held back too', async () => {
    await register(t.app, t.dataDir, '13900000021', 'right-password');
    const from = { remoteAddress: '10.21.0.1' };
    for (let i = 0; i < ADDRESS_FAILURE_LIMIT; i++)
      await call(t.app, `/api/login/cellphone?phone=1390000${String(9000 + i)}&password=guess-${i}`, from);
    expectError(await call(t.app, '/api/login/cellphone?phone=13900000021&password=right-password', from), 509);
    expect(
      (await call(t.app, '/api/login/cellphone?phone=13900000021&password=right-password', { remoteAddress: '10.21.0.2' })).body.code,
    ).toBe(200);
    clock.advance(ADDRESS_WINDOW_MS);
    expect((await call(t.app, '/api/login/cellphone?phone=13900000021&password=right-password', from)).body.code).toBe(200);
  });
});

describe('sessions', () => {
  it('the cookie param (MUSIC_U=…; …) works where cookies are not kept, in the query or a POST body', async () => {
    const login = await call(t.app, `/api/login/cellphone?phone=13800000000&md5_password=${md5('cloudtune')}`);
    const cookie = String(login.body.cookie);
    const viaQuery = await call(t.app, `/api/user/account?cookie=${encodeURIComponent(cookie)}`);
    expect(expectContract('/user/account', viaQuery.body).account?.userName).toBe('1_13800000000');
    const viaBody = await t.app.inject({
      method: 'POST',
      url: '/api/user/subcount',
      payload: { cookie: `os=pc; ${cookie.split(';')[0]}` },
    });
    expect(viaBody.json()).toMatchObject({ code: 200 });
    expectError(await call(t.app, '/api/user/account?cookie=MUSIC_U%3Dnot-a-token'), 301);
  });

  it('/login/status without a login: 200 with null account and profile', async () => {
    const res = await call(t.app, '/api/login/status');
    expect([res.status, res.body]).toEqual([200, { data: { code: 200, account: null, profile: null } }]);
  });

  it('/login/refresh extends the login under the token the client holds; /logout ends it and clears the cookie', async () => {
    const session = await loginByPhone(t.app, '13800000000', 'cloudtune');
    clock.advance(20 * 86_400_000);
    // As YesPlayMusic calls it: POST, the token in the cookie param; it ignores the answer's cookie.
    const refreshed = await call(t.app, `/api/login/refresh?cookie=${encodeURIComponent(`MUSIC_U=${session};`)}`, { method: 'POST' });
    expect(expectContract('/login/refresh', refreshed.body).cookie).toMatch(new RegExp(`^MUSIC_U=${session};.*Max-Age=2592000`));
    expect(sessionOf(refreshed.res)).toBe(session);
    // The old token is the token: everything a client loads after a refresh still knows the user…
    const afterRefresh = [
      '/likelist?uid=1',
      '/user/record?uid=1&type=1',
      '/user/cloud',
      '/album/sublist?limit=2000',
      '/artist/sublist?limit=2000',
      '/mv/sublist?limit=2000',
      '/user/account',
    ];
    const works = async () => Promise.all(afterRefresh.map(async (url) => [url, (await call(t.app, `/api${url}`, { session })).body.code]));
    expect(await works()).toEqual(afterRefresh.map((url) => [url, 200]));
    // …past the 30 days of the login, for 30 days from the refresh.
    clock.advance(30 * 86_400_000 - 1);
    expect(await works()).toEqual(afterRefresh.map((url) => [url, 200]));
    clock.advance(1);
    expectError(await call(t.app, '/api/user/account', { session }), 301, '需要登录');

    const second = await loginByPhone(t.app, '13800000000', 'cloudtune');
    const out = await call(t.app, '/api/logout', { session: second });
    expect(out.body).toEqual({ code: 200 });
    expect(out.res.cookies.find((c) => c.name === 'MUSIC_U')?.value).toBe('');
    expectError(await call(t.app, '/api/user/account', { session: second }), 301, '需要登录');
    expectError(await call(t.app, '/api/login/refresh', { session: second, method: 'POST' }), 301, '需要登录');
    expect((await call(t.app, '/api/logout')).body).toEqual({ code: 200 });
  });

  it('expires after 30 days', async () => {
    const session = await loginByPhone(t.app, '13800000000', 'cloudtune');
    clock.advance(30 * 86_400_000 - 1);
    expect((await call(t.app, '/api/user/account', { session })).status).toBe(200);
    clock.advance(1);
    expectError(await call(t.app, '/api/user/account', { session }), 301);
  });

  it(`keeps ${MAX_SESSIONS_PER_USER} logins per user: the next login ends the oldest, the newest ${MAX_SESSIONS_PER_USER} go on`, async () => {
    // Registering is the first login; 19 more from as many devices make 20.
    const logins = [await register(t.app, t.dataDir, '13900000040', 'many-devices')];
    const loginFrom = async (i: number) => {
      const res = await call(t.app, '/api/login/cellphone?phone=13900000040&password=many-devices', { remoteAddress: `10.40.0.${i}` });
      return sessionOf(res.res);
    };
    while (logins.length < MAX_SESSIONS_PER_USER) logins.push(await loginFrom(logins.length));
    const works = async (session: string) => (await call(t.app, '/api/user/account', { session })).status === 200;
    const alive = async () => Promise.all(logins.map(works));
    expect(await alive()).toEqual(Array(MAX_SESSIONS_PER_USER).fill(true));
    // The 21st: the oldest ends (a 301 like after a logout), the other 19 and the new one work.
    logins.push(await loginFrom(logins.length));
    expect(await alive()).toEqual([false, ...Array(MAX_SESSIONS_PER_USER).fill(true)]);
    expectError(await call(t.app, '/api/user/account', { session: logins[0]! }), 301, '需要登录');
    // And so on: the 22nd ends the next oldest.
    logins.push(await loginFrom(logins.length));
    expect(await alive()).toEqual([false, false, ...Array(MAX_SESSIONS_PER_USER).fill(true)]);
  });

  it('the login shape matches the recorded NetEase login', async () => {
    const body = (await call(t.app, '/api/login/cellphone?phone=13800000000&password=cloudtune')).body;
    const real = recorded<Record<string, unknown>>('login_cellphone');
    const ours = shapeOf(body) as Record<string, unknown>;
    const theirs = shapeOf(real) as Record<string, unknown>;
    expect(Object.keys(ours).sort()).toEqual(Object.keys(theirs).sort());
    expect(Object.keys(ours.account as object).sort()).toEqual(Object.keys(theirs.account as object).sort());
    for (const key of Object.keys(theirs.profile as object)) expect(ours.profile).toHaveProperty(key);
  });
});
