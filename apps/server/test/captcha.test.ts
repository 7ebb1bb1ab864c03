import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_DAILY_SENDS, CAPTCHA_DAY_MS, CAPTCHA_MAX_FAILURES, CAPTCHA_RESEND_MS } from '../src/services/accounts/captcha.ts';
import { ADDRESS_FAILURE_LIMIT, FREE_ACCOUNT_FAILURES, PHONE_CAPTCHA_FAILURE_LIMIT } from '../src/services/login-limits.ts';
import { call, lastSmsCode, loginByPhone, register, testClock } from './account-helpers.ts';
import { expectContract, expectError, startTestApp, type TestApp } from './helpers.ts';

/**
 * SMS codes (services/accounts/captcha.ts): 6 digits, one purpose each, used once, counted as
 * failed logins when wrong, capped per phone and per day; and the password reset they allow.
 */
const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock: clock.now });
});
afterAll(() => t.close());

const get = (url: string, remoteAddress = '10.50.0.1') => call(t.app, url, { remoteAddress });
/** Codes for a phone are asked from an address of its own: an address may ask for 10 an hour. */
const senderOf = (phone: string) => `10.60.${Number(phone.slice(-4, -2))}.${Number(phone.slice(-2))}`;
const send = (phone: string, purpose: 'login' | 'reset' = 'login') =>
  get(`/api/captcha/sent?phone=${phone}&purpose=${purpose}`, senderOf(phone));
/** Sends `phone` a code (a minute after the last one) and returns it from the outbox. */
async function codeFor(phone: string, purpose: 'login' | 'reset' = 'login'): Promise<string> {
  clock.advance(CAPTCHA_RESEND_MS);
  expect((await send(phone, purpose)).body).toEqual({ code: 200, data: true });
  return lastSmsCode(t.dataDir, phone);
}
const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');
const loginByCode = (phone: string, captcha: string, remoteAddress = '10.50.0.1') =>
  get(`/api/login/cellphone?phone=${phone}&captcha=${captcha}`, remoteAddress);

describe('codes', () => {
  it('have 6 digits; a shorter one is refused as malformed', async () => {
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push(await codeFor(`1360000000${i}`));
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expectError(await get(`/api/captcha/verify?phone=13600000000&captcha=${codes[0]!.slice(0, 4)}`), 400, 'captcha must be 6 digits');
  });

  it('are used once, and only for what they were asked for', async () => {
    // Each try from an address of its own: the limits are not what this is about.
    let tries = 0;
    const from = () => `10.55.0.${tries++}`;
    const phone = '13600000010';
    await register(t.app, t.dataDir, phone, 'first-pass');
    const login = await codeFor(phone);
    // A login code does not reset a password.
    expectError(await get(`/api/password/reset?phone=${phone}&captcha=${login}&password=other-pass`, from()), 503, '验证码错误');
    expect((await loginByCode(phone, login, from())).body.code).toBe(200);
    expectError(await loginByCode(phone, login, from()), 503, '验证码错误');

    const reset = await codeFor(phone, 'reset');
    // A reset code neither logs in nor passes /captcha/verify as a login code.
    expectError(await loginByCode(phone, reset, from()), 503, '验证码错误');
    expectError(await get(`/api/captcha/verify?phone=${phone}&captcha=${reset}`, from()), 503);
    expect((await get(`/api/captcha/verify?phone=${phone}&captcha=${reset}&purpose=reset`, from())).body).toEqual({
      code: 200,
      data: true,
    });
    expect((await get(`/api/password/reset?phone=${phone}&captcha=${reset}&password=other-pass`, from())).body).toEqual({ code: 200 });
    expectError(await get(`/api/password/reset?phone=${phone}&captcha=${reset}&password=third-pass`, from()), 503, '验证码错误');
    await loginByPhone(t.app, phone, 'other-pass');
  });

  it('a phone gets at most 5 a day; the refusal says when, and the next day it gets more', async () => {
    const phone = '13600000020';
    for (let i = 0; i < CAPTCHA_DAILY_SENDS; i++) await codeFor(phone);
    clock.advance(CAPTCHA_RESEND_MS);
    const refused = await send(phone);
    expectError(refused, 405, '该手机号今日验证码发送次数已达上限，请24小时后再试');
    const wait = CAPTCHA_DAY_MS - CAPTCHA_DAILY_SENDS * CAPTCHA_RESEND_MS;
    expect([refused.res.headers['retry-after'], refused.body.retryAfter]).toEqual([String(wait / 1000), wait / 1000]);
    clock.advance(wait - 1000);
    expectError(await send(phone), 405);
    clock.advance(1000);
    expect((await send(phone)).body.code).toBe(200);
  });
});

describe('wrong codes count as failed logins', () => {
  it('on the account: an address that guessed codes waits before its next password', async () => {
    await register(t.app, t.dataDir, '13600000030', 'right-pass');
    const code = await codeFor('13600000030');
    for (let i = 0; i < FREE_ACCOUNT_FAILURES; i++) expectError(await loginByCode('13600000030', wrongFor(code), '10.51.0.1'), 503);
    const refused = await get('/api/login/cellphone?phone=13600000030&password=right-pass', '10.51.0.1');
    expectError(refused, 509, '密码错误次数过多，请1秒后再试');
    expect(refused.res.headers['retry-after']).toBe('1');
    // …and its codes too; another address is not held back.
    expectError(await loginByCode('13600000030', code, '10.51.0.1'), 509, '尝试次数过多，请1秒后再试');
    expect((await get('/api/login/cellphone?phone=13600000030&password=right-pass', '10.51.0.2')).body.code).toBe(200);
  });

  it('on the address: wrong codes for many phones (verify, registration) hold its logins back', async () => {
    const from = '10.52.0.1';
    for (let i = 0; i < ADDRESS_FAILURE_LIMIT / 2; i++)
      expectError(await get(`/api/captcha/verify?phone=1360010000${i}&captcha=123456`, from), 503);
    for (let i = 0; i < ADDRESS_FAILURE_LIMIT / 2; i++)
      expectError(await get(`/api/register/cellphone?phone=1360010001${i}&captcha=123456&password=some-pass`, from), 503);
    expectError(await get('/api/login/cellphone?phone=13800000000&password=cloudtune', from), 509);
    const code = await codeFor('13600100020');
    expectError(await get(`/api/register/cellphone?phone=13600100020&captcha=${code}&password=some-pass`, from), 509);
    expect((await get(`/api/register/cellphone?phone=13600100020&captcha=${code}&password=some-pass`, '10.52.0.2')).body.code).toBe(200);
  });

  it(`a phone takes ${PHONE_CAPTCHA_FAILURE_LIMIT} wrong codes a day from anywhere: then even the right one waits, and no code is sent`, async () => {
    const phone = '13600000040';
    await register(t.app, t.dataDir, phone, 'right-pass');
    // Guessers at ten addresses, each guessing once; a code is burnt after 5, so three codes are sent.
    let guesses = 0;
    let code = '';
    for (const tries of [CAPTCHA_MAX_FAILURES - 1, CAPTCHA_MAX_FAILURES - 1, 2]) {
      code = await codeFor(phone);
      for (let i = 0; i < tries; i++) expectError(await loginByCode(phone, wrongFor(code), `10.53.0.${guesses++}`), 503);
    }
    expect(guesses).toBe(PHONE_CAPTCHA_FAILURE_LIMIT);
    const refused = await loginByCode(phone, code, '10.53.1.1');
    expectError(refused, 509, '该手机号验证码错误次数过多，请24小时后再试');
    expect(Number(refused.res.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    clock.advance(CAPTCHA_RESEND_MS);
    expectError(await send(phone), 509);
    // The password still works, from an address that has not failed.
    await loginByPhone(t.app, phone, 'right-pass');
    clock.advance(CAPTCHA_DAY_MS);
    expect((await loginByCode(phone, await codeFor(phone), '10.53.1.1')).body.code).toBe(200);
  });
});

describe('/password/reset', () => {
  it('with a code sent for a reset: the new password works, the old does not, every session ends', async () => {
    const phone = '13600000050';
    const first = await register(t.app, t.dataDir, phone, 'old-password');
    const second = await loginByPhone(t.app, phone, 'old-password');
    const code = await codeFor(phone, 'reset');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/password/reset',
      payload: { phone, captcha: code, password: 'new-password' },
      remoteAddress: '10.54.0.1',
    });
    expect(expectContract('/password/reset', reset.json())).toEqual({ code: 200 });
    for (const session of [first, second]) expectError(await call(t.app, '/api/user/account', { session }), 301, '需要登录');
    expect((await get(`/api/login/cellphone?phone=${phone}&password=old-password`, '10.54.0.2')).body.code).toBe(502);
    await loginByPhone(t.app, phone, 'new-password');
  });

  it('a phone without an account is told so, and gets no code', async () => {
    expectError(await send('13600000060', 'reset'), 501, '账号不存在');
    expectError(await get('/api/password/reset?phone=13600000060&captcha=123456&password=new-password'), 501, '账号不存在');
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await get('/api/openapi.json')).body as unknown as { paths: Record<string, { post: { summary: string } }> };
    expect(doc.paths['/password/reset']?.post.summary).toMatch(/reset/);
  });
});
