import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './account-helpers.ts';
import { expectError, startTestApp, type TestApp } from './helpers.ts';

/** A stand-in SMS gateway on loopback: records what it is sent, answers with `status`. */
let gateway: Server;
let received: unknown[] = [];
let status = 200;
let url: string;
beforeAll(async () => {
  gateway = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk));
    req.on('end', () => {
      received.push({ method: req.method, type: req.headers['content-type'], body: JSON.parse(text) });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(gateway.address() as { port: number }).port}/sms`;
});
afterAll(() => new Promise<void>((resolve) => gateway.close(() => resolve())));

describe('CLOUDTUNE_SMS_WEBHOOK', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ smsWebhook: url });
  });
  afterAll(() => t.close());

  it('delivers each captcha as a POST of JSON {countrycode, phone, code, text}', async () => {
    received = [];
    expect((await call(t.app, '/api/captcha/sent?phone=13600000001')).body).toEqual({ code: 200, data: true });
    expect(received).toEqual([
      {
        method: 'POST',
        type: 'application/json',
        body: { countrycode: '86', phone: '13600000001', code: expect.stringMatching(/^\d{6}$/), text: expect.stringContaining('验证码') },
      },
    ]);
    const code = (received[0] as { body: { code: string } }).body.code;
    expect((await call(t.app, `/api/captcha/verify?phone=13600000001&captcha=${code}`)).body).toEqual({ code: 200, data: true });
  });

  it('a code asked for a password reset says so in its text (and a login code says what it is for)', async () => {
    received = [];
    // The demo account's phone: a reset is only sent to a phone that has an account.
    expect((await call(t.app, '/api/captcha/sent?phone=13800000000&purpose=reset')).body).toEqual({ code: 200, data: true });
    const { code, text } = (received[0] as { body: { code: string; text: string } }).body;
    expect(text).toContain('重置登录密码');
    expect(text).toContain(code);
    expect(text).not.toContain('登录或注册');
    expectError(await call(t.app, '/api/captcha/sent?phone=13600000003&purpose=reset'), 501, '账号不存在');
    expect(received).toHaveLength(1);
  });

  it('a gateway that fails: 500, and the phone may ask again at once', async () => {
    status = 503;
    expectError(await call(t.app, '/api/captcha/sent?phone=13600000002'), 500, '验证码发送失败，请稍后再试');
    status = 200;
    expect((await call(t.app, '/api/captcha/sent?phone=13600000002')).body).toEqual({ code: 200, data: true });
  });
});
