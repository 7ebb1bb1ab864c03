import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { REDACTED, redactText } from '../src/http/logging.ts';
import { call, lastSmsCode, sessionOf } from './account-helpers.ts';
import { startTestApp } from './helpers.ts';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * Secrets never reach the log, at any level: a server run at `info` logs every request's URL, at
 * `trace` libraries log headers too, and errors log whatever the failing code put in them. Each
 * run below captures everything the app logs while credentials travel in every way clients send
 * them, then searches the capture for each secret's literal value.
 */
async function logOfASession(level: 'info' | 'trace') {
  const lines: string[] = [];
  const t = await startTestApp({ logger: level, logStream: { write: (line) => void lines.push(line) } });
  try {
    // A route of the test's own that fails with the request's URL, headers and body in its error.
    t.app.post('/api/test/explode', async (request) => {
      throw Object.assign(new Error(`exploded on ${request.url}`), { headers: request.headers, body: request.body });
    });
    const secrets: Record<string, string> = {};
    const phone = '13700000601';
    const password = 'Pa55-word-never-logged';
    secrets.password = password;
    secrets['md5_password'] = md5(password);
    secrets['a wrong password'] = 'Wrong-guess-never-logged';

    // Registration: an SMS captcha (written to the outbox, not the log) and the password in the query.
    const from = '10.61.0.1';
    expect((await call(t.app, `/api/captcha/sent?phone=${phone}`, { remoteAddress: from })).body.code).toBe(200);
    const captcha = lastSmsCode(t.dataDir, phone);
    secrets.captcha = captcha;
    const registered = await call(t.app, `/api/register/cellphone?${new URLSearchParams({ phone, captcha, password, nickname: '日志' })}`, {
      remoteAddress: from,
    });
    expect(registered.status).toBe(200);

    // Logins: password, md5_password, a wrong password, and a password in a form body and in JSON.
    const byPassword = await call(t.app, `/api/login/cellphone?phone=${phone}&password=${password}`);
    const session = sessionOf(byPassword.res);
    secrets['session (MUSIC_U)'] = session;
    sessionOf((await call(t.app, `/api/login/cellphone?phone=${phone}&md5_password=${md5(password)}`)).res);
    expect((await call(t.app, `/api/login/cellphone?phone=${phone}&password=${secrets['a wrong password']}`)).body.code).toBe(502);
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/login/cellphone',
      payload: `phone=${phone}&password=${password}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.json().code).toBe(200);
    const json = await t.app.inject({ method: 'POST', url: '/api/login/cellphone', payload: { phone, password } });
    expect(json.json().code).toBe(200);

    // The session as NetEase clients send it: a `cookie` param (encoded and not), the Cookie header.
    expect((await call(t.app, `/api/user/account?cookie=${encodeURIComponent(`MUSIC_U=${session}; __csrf=x`)}`)).body.code).toBe(200);
    expect((await call(t.app, `/api/user/account?cookie=MUSIC_U=${session}`)).body.code).toBe(200);
    expect((await call(t.app, `/api/user/account?other=MUSIC_U%3D${session}`)).status).toBe(301);
    expect((await call(t.app, '/api/user/account', { session })).body.code).toBe(200);

    // Subsonic: an app password as u/p, enc:hex, u/t/s and apiKey; HTTP Basic on the side.
    const app = (await call(t.app, '/api/subsonic/password', { session, method: 'POST' })).body.data as { password: string };
    secrets['Subsonic app password'] = app.password;
    secrets['Subsonic app password, hex'] = Buffer.from(app.password).toString('hex');
    const salt = 'n0t-a-secret-but-s';
    secrets['Subsonic token'] = md5(`${app.password}${salt}`);
    const ping = async (auth: string, headers: Record<string, string> = {}) => {
      const res = await t.app.inject({ method: 'GET', url: `/rest/ping.view?${auth}&v=1.16.1&c=logtest&f=json`, headers });
      expect(res.json()['subsonic-response'].status).toBe('ok');
    };
    await ping(`u=${phone}&p=${app.password}`);
    await ping(`u=${phone}&p=enc:${secrets['Subsonic app password, hex']}`);
    await ping(`u=${phone}&t=${secrets['Subsonic token']}&s=${salt}`);
    await ping(`apiKey=${app.password}`);
    // A percent-encoded name is the same param to the server: `%70` is `p`.
    await ping(`u=${phone}&%70=${app.password}`);
    secrets['HTTP Basic credentials'] = Buffer.from(`${phone}:${password}`).toString('base64');
    await ping(`u=${phone}&p=${app.password}`, { authorization: `Basic ${secrets['HTTP Basic credentials']}` });

    // A multipart upload with the session in its Cookie header (libraries log the headers at trace).
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#111' } })
      .png()
      .toBuffer();
    const boundary = '----log-boundary';
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/avatar/upload',
      payload: Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="imgFile"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        cookie: `MUSIC_U=${session}`,
        authorization: `Basic ${secrets['HTTP Basic credentials']}`,
      },
    });
    expect(upload.statusCode).toBe(200);

    // An unknown path and a failing route, both with credentials in the URL, headers and body.
    expect((await call(t.app, `/api/no/such/path?password=${password}&cookie=MUSIC_U%3D${session}`)).status).toBe(404);
    const exploded = await t.app.inject({
      method: 'POST',
      url: `/api/test/explode?password=${password}&apiKey=${app.password}`,
      payload: { password, md5_password: md5(password), captcha, nested: { cookie: `MUSIC_U=${session}` } },
      headers: { cookie: `MUSIC_U=${session}`, authorization: `Basic ${secrets['HTTP Basic credentials']}` },
    });
    expect(exploded.json()).toEqual({ code: 500, msg: '服务器内部错误' });
    return { log: lines.join(''), secrets, session };
  } finally {
    await t.close();
  }
}

/** The log with the numbers pino adds to every line (time, pid, ports, durations) left out: a 4-digit captcha could be one of them. */
const withoutItsOwnNumbers = (log: string) => log.replace(/"(time|pid|remotePort|responseTime)":[\d.]+/g, '"$1":0');

describe.each(['info', 'trace'] as const)('the log at %s', (level) => {
  it('holds no password, captcha, session, Subsonic credential or Authorization, yet says which request was made', async () => {
    const { log, secrets } = await logOfASession(level);
    const found = Object.entries(secrets).filter(([, secret]) =>
      new RegExp(`(?<![\\w.])${escaped(secret)}(?![\\w.])`).test(withoutItsOwnNumbers(log)),
    );
    expect(found.map(([name]) => name)).toEqual([]);
    // Still useful: the path stays, each value hidden says so.
    expect(log).toContain(`/api/login/cellphone?phone=13700000601&password=${REDACTED}`);
    expect(log).toContain(`/rest/ping.view?u=13700000601&t=${REDACTED}&s=${REDACTED}&v=1.16.1`);
    expect(log).toContain(`/api/user/account?cookie=${REDACTED}`);
    expect(log).toContain('request failed');
    expect(log).toContain('"statusCode":500');
  }, 60_000);
});

describe('redactText', () => {
  it.each([
    ['a query', '/rest/ping?u=x&p=hunter2&v=1', `/rest/ping?u=x&p=${REDACTED}&v=1`],
    ['a name in another case', '/api/login?PassWord=hunter2', `/api/login?PassWord=${REDACTED}`],
    ['an encoded name', '/rest/ping?%70=hunter2', `/rest/ping?%70=${REDACTED}`],
    ['MUSIC_U inside another value', '/x?a=b%3B%20MUSIC_U%3Dabc', `/x?a=b%3B%20MUSIC_U%3D${REDACTED}`],
    ['a URL inside a value', '/x?next=%2Fy%3Fpassword%3Dhunter2', `/x?next=%2Fy%3Fpassword%3D${REDACTED}`],
    ['JSON', '{"password": "hun\\"ter2", "phone": "1"}', `{"password": "${REDACTED}", "phone": "1"}`],
    [
      'header lines',
      'POST / HTTP/1.1\r\nCookie: MUSIC_U=abc; a=b\r\nAuthorization: Basic eDp5\r\n',
      `POST / HTTP/1.1\r\nCookie: ${REDACTED}\r\nAuthorization: ${REDACTED}\r\n`,
    ],
    ['a Set-Cookie', 'MUSIC_U=abc; Max-Age=1; Path=/', `MUSIC_U=${REDACTED}; Max-Age=1; Path=/`],
    ['a raw ; inside a value', '/api/login?password=ab;cd&phone=1', `/api/login?password=${REDACTED}&phone=1`],
  ])('%s', (_name, text, redacted) => {
    expect(redactText(text)).toBe(redacted);
  });

  it('leaves what is no credential alone', () => {
    const text = '/api/search?keywords=周杰伦&limit=30&offset=0 request completed items=3';
    expect(redactText(text)).toBe(text);
  });
});
