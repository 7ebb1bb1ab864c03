import { afterAll, beforeAll, expect, test } from 'vitest';
import { call, loginByPhone, sessionOf, testClock } from './account-helpers.ts';
import { expectContract, startTestApp, type TestApp } from './helpers.ts';

/** QR login as NetEase clients poll it, approved from another device where the user is logged in. */
const clock = testClock();
let t: TestApp;
let demo: string;
beforeAll(async () => {
  t = await startTestApp({ clock: clock.now });
  demo = await loginByPhone(t.app, '13800000000', 'cloudtune');
});
afterAll(async () => t?.close());

async function newKey(): Promise<string> {
  const res = await call(t.app, '/api/login/qr/key?timestamp=1700000000000');
  const body = expectContract('/login/qr/key', res.body);
  return body.data.unikey;
}
const check = async (key: string) => (await call(t.app, `/api/login/qr/check?key=${key}&timestamp=${Date.now()}`)).body;
const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;

test('key → create (qrurl, qrimg) → 801 → opened (802 with the nickname) → approved (803, cookie, Set-Cookie) → used up (800)', async () => {
  const key = await newKey();
  const created = expectContract('/login/qr/create', (await call(t.app, `/api/login/qr/create?key=${key}&qrimg=true`)).body);
  expect(created.data.qrurl).toBe(`http://localhost:80/api/login/qr/approve?key=${key}`);
  expect(created.data.qrimg).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/=]{200,}$/);
  expect((await call(t.app, `/api/login/qr/create?key=${key}`)).body.data).toMatchObject({ qrimg: '' });
  expect(expectContract('/login/qr/check', await check(key))).toMatchObject({ code: 801, message: '等待扫码', cookie: '' });

  // the QR opened in a browser where nobody is logged in: asked to log in, nothing changes
  const anonymous = await t.app.inject({ url: pathOf(created.data.qrurl), headers: { 'sec-fetch-site': 'none' } });
  expect(anonymous.body).toContain('请先登录');
  expect((await check(key)).code).toBe(801);

  const opened = await t.app.inject({ url: pathOf(created.data.qrurl), headers: { cookie: `MUSIC_U=${demo}`, 'sec-fetch-site': 'none' } });
  expect(opened.headers['x-frame-options']).toBe('DENY');
  expect(opened.body).toContain('确认登录');
  expect(expectContract('/login/qr/check', await check(key))).toMatchObject({ code: 802, message: '授权中', nickname: expect.any(String) });

  const approved = await t.app.inject({
    method: 'POST',
    url: '/api/login/qr/approve',
    payload: `key=${key}&action=approve`,
    headers: { cookie: `MUSIC_U=${demo}`, 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:80' },
  });
  expect(approved.body).toContain('已确认登录');

  const done = await call(t.app, `/api/login/qr/check?key=${key}`);
  expect(done.status).toBe(200);
  expect(expectContract('/login/qr/check', done.body)).toMatchObject({ code: 803, message: '授权登陆成功' });
  const session = sessionOf(done.res);
  expect(done.body.cookie).toContain(`MUSIC_U=${session}`);
  // the new device is logged in as the approver, a login of its own: the approving device stays logged in
  type Status = { data: { account: { id: number } | null } };
  const mine = ((await call(t.app, '/api/login/status', { session })).body as unknown as Status).data.account;
  const theirs = ((await call(t.app, '/api/login/status', { session: demo })).body as unknown as Status).data.account;
  expect(mine?.id).toBeGreaterThan(0);
  expect(mine?.id).toBe(theirs?.id);
  expect(session).not.toBe(demo);
  expect(await check(key)).toMatchObject({ code: 800, message: '二维码不存在或已过期' });
});

test('/login/qr/confirm approves for API callers (login required); keys expire after 5 minutes', async () => {
  const key = await newKey();
  expect((await call(t.app, `/api/login/qr/confirm?key=${key}`, { method: 'POST' })).status).toBe(301);
  expect((await call(t.app, `/api/login/qr/confirm?key=${key}`, { method: 'POST', session: demo })).body).toEqual({
    code: 200,
    data: { confirmed: true },
  });
  expect((await check(key)).code).toBe(803);

  const old = await newKey();
  clock.advance(5 * 60_000 + 1);
  expect((await check(old)).code).toBe(800);
  expect((await call(t.app, `/api/login/qr/confirm?key=${old}`, { method: 'POST', session: demo })).body).toEqual({
    code: 800,
    msg: '二维码不存在或已过期',
  });
  const page = await t.app.inject({ url: `/api/login/qr/approve?key=${old}`, headers: { cookie: `MUSIC_U=${demo}` } });
  expect(page.body).toContain('二维码已过期');
});

test('bad keys are 400 with a message; the page refuses to be opened from another site', async () => {
  expect((await call(t.app, '/api/login/qr/check')).body).toEqual({ code: 400, msg: 'key is required' });
  expect((await call(t.app, '/api/login/qr/check?key=../../x')).body).toEqual({ code: 400, msg: 'key must be a key from /login/qr/key' });
  expect((await check('00000000-0000-0000-0000-000000000000')).code).toBe(800);
  const key = await newKey();
  const framed = await t.app.inject({
    url: `/api/login/qr/approve?key=${key}`,
    headers: { cookie: `MUSIC_U=${demo}`, 'sec-fetch-site': 'cross-site' },
  });
  expect(framed.statusCode).toBe(403);
  expect((await check(key)).code).toBe(801);
  const invalid = await t.app.inject({ url: '/api/login/qr/approve?key=%3Cscript%3E' });
  expect(invalid.statusCode).toBe(400);
  expect(invalid.body).not.toContain('<script>');
});
