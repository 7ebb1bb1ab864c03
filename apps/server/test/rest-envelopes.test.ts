import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connection.ts';
import { call, loginByPhone } from './account-helpers.ts';
import { readEnvelope } from './envelope-reader.ts';
import { startTestApp, type TestApp } from './helpers.ts';

/**
 * Every answer under /rest is a Subsonic envelope (XML by default, JSON with f=json), whatever
 * failed: the method, the route, the verb, the URL's encoding, the body, its size, the headers,
 * the bytes themselves. Subsonic-level errors keep HTTP 200; only HTTP's own refusals (405, 413,
 * 431, 400 for bytes that are not HTTP) keep their status. Every answer may be read from any origin,
 * and none repeats what the request sent (the token planted in each).
 */
const TOKEN = 'zqsecrettoken';
const AUTH = 'u=13800000000&p=subsonic';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const JSON_BODY = { 'content-type': 'application/json' };

let t: TestApp;
let port = 0;
beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(async () => t?.close());

interface Answer {
  status: number;
  headers: Record<string, unknown>;
  body: string;
}

/** A failed envelope in the format asked for, with this code and message, readable anywhere, echoing nothing. */
function expectRefusal(res: Answer, { status, code, message, json }: { status: number; code: number; message: string; json: boolean }) {
  expect([res.status, res.body.slice(0, 200)]).toEqual([status, expect.any(String)]);
  expect(res.headers['content-type']).toMatch(json ? /^application\/json/ : /^text\/xml/);
  const envelope = readEnvelope(res);
  expect(envelope).toMatchObject({ status: 'failed', error: { code, message } });
  expect(res.headers['access-control-allow-origin']).toBe('*');
  expect(res.body.toLowerCase()).not.toContain(TOKEN);
}

const inject = async (options: InjectOptions): Promise<Answer> => {
  const res = await t.app.inject(options);
  return { status: res.statusCode, headers: res.headers, body: res.body };
};

describe('refusals before a method runs are envelopes', () => {
  const cases: [name: string, request: (f: string) => InjectOptions, status: number, code: number, message: string][] = [
    ['an unknown method (never named back)', (f) => ({ url: `/rest/get${TOKEN}.view?${AUTH}&${f}` }), 200, 0, 'Unknown method'],
    ['an unknown method without credentials', (f) => ({ url: `/rest/${TOKEN}?${f}` }), 200, 0, 'Unknown method'],
    ['/rest', (f) => ({ url: `/rest?${f}&${TOKEN}=1` }), 200, 0, 'Unknown method'],
    ['/rest/', (f) => ({ url: `/rest/?${f}` }), 200, 0, 'Unknown method'],
    ['/rest/a/b', (f) => ({ url: `/rest/ping/${TOKEN}?${AUTH}&${f}` }), 200, 0, 'Unknown method'],
    [
      'a POST to /rest/a/b',
      (f) => ({ method: 'POST', url: `/rest/a/${TOKEN}?${f}`, payload: AUTH, headers: FORM }),
      200,
      0,
      'Unknown method',
    ],
    ['DELETE', (f) => ({ method: 'DELETE', url: `/rest/ping?${AUTH}&${f}` }), 405, 0, 'HTTP method not allowed: use GET or POST'],
    [
      'PUT with a body',
      (f) => ({ method: 'PUT', url: `/rest/ping?${f}`, payload: '{bad', headers: JSON_BODY }),
      405,
      0,
      'HTTP method not allowed: use GET or POST',
    ],
    ['PATCH', (f) => ({ method: 'PATCH', url: `/rest/ping.view?${f}` }), 405, 0, 'HTTP method not allowed: use GET or POST'],
    ['TRACE', (f) => ({ method: 'TRACE', url: `/rest/${TOKEN}?${f}` }), 405, 0, 'HTTP method not allowed: use GET or POST'],
    ['DELETE /rest', (f) => ({ method: 'DELETE', url: `/rest?${f}` }), 405, 0, 'HTTP method not allowed: use GET or POST'],
    [
      'a verb the router does not know',
      (f) => ({ method: 'PROPFIND' as 'GET', url: `/rest/ping?${f}` }),
      405,
      0,
      'HTTP method not allowed: use GET or POST',
    ],
    ['a path that cannot be decoded', (f) => ({ url: `/rest/%zz${TOKEN}?${f}` }), 200, 0, 'Malformed request URL'],
    [
      'bad percent-encoding in the query',
      (f) => ({ url: `/rest/ping?u=%zz${TOKEN}&p=%E4%B8&${f}` }),
      200,
      40,
      'Wrong username or password',
    ],
    [
      'JSON that does not parse',
      (f) => ({ method: 'POST', url: `/rest/ping?${f}`, payload: `{"${TOKEN}`, headers: JSON_BODY }),
      200,
      0,
      'Malformed request body',
    ],
    [
      'an empty JSON body',
      (f) => ({ method: 'POST', url: `/rest/ping?${f}`, payload: '', headers: JSON_BODY }),
      200,
      0,
      'Malformed request body',
    ],
    [
      'JSON with __proto__',
      (f) => ({ method: 'POST', url: `/rest/ping?${f}`, payload: `{"__proto__":{"${TOKEN}":1}}`, headers: JSON_BODY }),
      200,
      0,
      'Malformed request body',
    ],
    [
      'a form with bad percent-encoding',
      (f) => ({ method: 'POST', url: `/rest/ping?${f}`, payload: `u=%zz${TOKEN}&p=%`, headers: FORM }),
      200,
      40,
      'Wrong username or password',
    ],
    [
      'a body of a type not taken',
      (f) => ({ method: 'POST', url: `/rest/ping?${f}`, payload: `<${TOKEN}/>`, headers: { 'content-type': 'application/xml' } }),
      200,
      0,
      'Unsupported request body: send the parameters in the query or as a form',
    ],
    [
      'a form over 1 MB',
      (f) => ({ method: 'POST', url: `/rest/ping?${f}`, payload: `${AUTH}&pad=${TOKEN.repeat(100_000)}`, headers: FORM }),
      413,
      0,
      'Request body too large',
    ],
    [
      'JSON over 1 MB',
      (f) => ({ method: 'POST', url: `/rest/ping?${f}`, payload: JSON.stringify({ pad: TOKEN.repeat(100_000) }), headers: JSON_BODY }),
      413,
      0,
      'Request body too large',
    ],
  ];

  it.each(cases)('%s', async (_name, request, status, code, message) => {
    for (const [f, json] of [
      ['f=json', true],
      ['f=xml', false],
      ['c=test', false],
    ] as const) {
      const res = await inject(request(f));
      expectRefusal(res, { status, code, message, json });
      if (status === 405) expect(res.headers.allow).toBe('GET, POST, HEAD, OPTIONS');
    }
  });

  it('JSONP when asked, even for a refusal', async () => {
    const res = await inject({ method: 'DELETE', url: '/rest/ping?f=jsonp&callback=cb' });
    expect(res.status).toBe(405);
    expect(res.body).toMatch(/^cb\(\{"subsonic-response":\{"status":"failed"/);
    expect(readEnvelope(res).error).toEqual({ code: 0, message: 'HTTP method not allowed: use GET or POST' });
  });

  it('HEAD has GET’s headers and no body, for a method and for a miss', async () => {
    for (const url of [`/rest/ping?${AUTH}&f=json`, `/rest/getSong?id=1&${AUTH}`, '/rest/a/b?f=json']) {
      const [get, head] = [await inject({ url }), await inject({ method: 'HEAD', url })];
      expect(head.status).toBe(get.status);
      expect(head.body).toBe('');
      for (const name of ['content-type', 'content-length', 'access-control-allow-origin', 'cache-control']) {
        expect([url, name, head.headers[name]]).toEqual([url, name, get.headers[name]]);
      }
    }
  });
});

describe('a stream asked for a range past its end', () => {
  it('is 416 with Content-Range naming the size, and an envelope', async () => {
    const whole = await inject({ url: `/rest/stream?id=1&${AUTH}` });
    expect(whole.status).toBe(200);
    const size = Number(whole.headers['content-length']);
    for (const [f, json] of [
      ['f=json', true],
      ['', false],
    ] as const) {
      const res = await inject({ url: `/rest/stream.view?id=1&${AUTH}&${f}`, headers: { range: `bytes=${size}-` } });
      expectRefusal(res, { status: 416, code: 0, message: 'range not satisfiable', json });
      expect(res.headers['content-range']).toBe(`bytes */${size}`);
    }
  });
});

describe('failures inside a method', () => {
  let broken: TestApp;
  beforeAll(async () => {
    broken = await startTestApp();
    // A real failure the methods do not expect: the lyrics table is gone behind the server's back.
    const db = await openDatabase(broken.dataDir);
    await db.exec('ALTER TABLE lyrics RENAME TO lyrics_gone');
    await db.close();
  });
  afterAll(async () => broken?.close());

  it('an error a method did not expect is an internal-error envelope, without its details', async () => {
    for (const [f, json] of [
      ['f=json', true],
      ['', false],
    ] as const) {
      const res = await broken.app.inject({ url: `/rest/getLyricsBySongId?id=1&${AUTH}&${f}` });
      expectRefusal(
        { status: res.statusCode, headers: res.headers, body: res.body },
        { status: 200, code: 0, message: 'Internal server error', json },
      );
      expect(res.body).not.toMatch(/lyrics|sqlite|table/i);
    }
    // The other methods still work.
    expect(readEnvelope(await broken.app.inject({ url: `/rest/ping?${AUTH}` })).status).toBe('ok');
  });
});

describe('CORS under /rest', () => {
  it('a preflight is 204 for any origin, GET, POST and OPTIONS, the headers asked for, never credentials', async () => {
    for (const origin of ['https://player.example', 'app://cloudtune', undefined]) {
      for (const url of ['/rest/ping.view', '/rest', '/rest/a/b']) {
        const res = await inject({
          method: 'OPTIONS',
          url,
          headers: {
            ...(origin ? { origin } : {}),
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'content-type, x-requested-with',
          },
        });
        expect([origin, url, res.status]).toEqual([origin, url, 204]);
        expect(res.headers['access-control-allow-origin']).toBe('*');
        expect(res.headers['access-control-allow-methods']).toBe('GET, POST, OPTIONS');
        expect(res.headers['access-control-allow-headers']).toBe('content-type, x-requested-with');
        expect(res.headers['access-control-allow-credentials']).toBeUndefined();
        expect(res.body).toBe('');
      }
    }
  });

  /** What Chromium sends with a page's fetch() to another site (the page is served from PLAYER). */
  const PLAYER = 'https://player.example';
  const FROM_PLAYER = {
    origin: PLAYER,
    referer: `${PLAYER}/`,
    'sec-fetch-site': 'cross-site',
    'sec-fetch-mode': 'cors',
    'sec-fetch-dest': 'empty',
  };

  it('takes form POSTs (formPost) and GETs from a page on another site, and its answers are readable there', async () => {
    for (const [method, params] of [
      ['ping', ''],
      ['getAlbumList2', 'type=newest&size=5'],
      ['getAlbum', 'id=1'],
      ['getPlaylists', ''],
    ] as const) {
      const body = `${AUTH}&v=1.16.1&c=web-player&f=json${params ? `&${params}` : ''}`;
      const post = await inject({
        method: 'POST',
        url: `/rest/${method}.view`,
        payload: body,
        headers: { ...FROM_PLAYER, 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
      });
      expect([method, post.status, readEnvelope(post).status]).toEqual([method, 200, 'ok']);
      expect(post.headers['access-control-allow-origin']).toBe('*');
      const get = await inject({ url: `/rest/${method}?${body}`, headers: FROM_PLAYER });
      expect([method, get.status, readEnvelope(get).status]).toEqual([method, 200, 'ok']);
      expect(get.headers['access-control-allow-origin']).toBe('*');
    }
  });

  it('never takes the session cookie for credentials, from any page', async () => {
    const session = await loginByPhone(t.app, '13800000000', 'cloudtune');
    for (const headers of [{}, FROM_PLAYER, { 'sec-fetch-site': 'same-origin' }]) {
      for (const request of [
        { url: '/rest/ping.view?f=json', headers: { ...headers, cookie: `MUSIC_U=${session}` } },
        { url: `/rest/getPlaylists?f=json&cookie=MUSIC_U%3D${session}`, headers },
        { url: '/rest/getPlaylists?f=json&u=13800000000', headers: { ...headers, cookie: `MUSIC_U=${session}` } },
        {
          method: 'POST' as const,
          url: '/rest/star',
          payload: `f=json&id=2&cookie=MUSIC_U%3D${session}`,
          headers: { ...headers, ...FORM, cookie: `MUSIC_U=${session}` },
        },
      ]) {
        const envelope = readEnvelope(await inject(request));
        expect([request.url, envelope.status, envelope.error?.code]).toEqual([request.url, 'failed', 10]);
      }
    }
    // The session itself is fine: the NetEase API knows it.
    expect((await call(t.app, '/api/login/status', { session })).body).toMatchObject({ data: { account: { id: 1 } } });
  });

  it('a NetEase API write from that page is still refused (its origin is not allowed) and gets no CORS', async () => {
    const session = await loginByPhone(t.app, '13800000000', 'cloudtune');
    const res = await call(t.app, '/api/playlist/create?name=from-player', { method: 'POST', session, headers: FROM_PLAYER });
    expect([res.status, res.body]).toEqual([403, { code: 403, msg: '跨站请求被拒绝' }]);
    expect(res.res.headers['access-control-allow-origin']).toBeUndefined();
    const read = await call(t.app, '/api/likelist?uid=1', { session, headers: FROM_PLAYER });
    expect(read.res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers and errors carry Access-Control-Allow-Origin: *, also for the origin allowed cookies elsewhere', async () => {
    for (const url of [`/rest/ping?${AUTH}`, '/rest/ping', `/rest/${TOKEN}`, '/rest']) {
      const res = await inject({ url, headers: { origin: 'app://cloudtune' } });
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });
});

describe('/rest is never the web app', () => {
  let web: TestApp;
  let api: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'cloudtune-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>web app</title></head><body></body></html>');
    web = await startTestApp({ webDist: dist });
    api = await startTestApp({ apiPrefix: '' });
  });
  afterAll(async () => {
    await web?.close();
    await api?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/rest', '/rest/', '/rest/a/b', '/rest/index.html', '/rest?f=json'])(
    'GET %s beside the web app and in API-only mode',
    async (url) => {
      for (const app of [web.app, api.app]) {
        const res = await app.inject({ url });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).not.toMatch(/html/);
        expect(readEnvelope(res).error).toEqual({ code: 0, message: 'Unknown method' });
        const propfind = await app.inject({ method: 'PROPFIND' as 'GET', url });
        expect(propfind.statusCode).toBe(405);
        expect(readEnvelope(propfind).status).toBe('failed');
      }
    },
  );
});

/** Raw bytes on a socket; everything until the server closes the connection. */
function raw(request: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => {
      data += d;
      const length = /content-length: (\d+)/i.exec(data)?.[1];
      const head = data.indexOf('\r\n\r\n');
      if (length !== undefined && head >= 0 && data.length - head - 4 >= Number(length)) socket.end();
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const head = data.indexOf('\r\n\r\n');
      const headers = Object.fromEntries(
        data
          .slice(0, head)
          .split('\r\n')
          .slice(1)
          .map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0),
        headers,
        body: Buffer.from(data.slice(head + 4), 'latin1').toString('utf8'),
      });
    });
    socket.write(request);
  });
}

describe('below the app (raw sockets)', () => {
  const big = `X-Big: ${TOKEN.repeat(2000)}\r\n`;
  it.each([
    ['headers over 16 KB', `GET /rest/ping.view?${AUTH}&f=json HTTP/1.1\r\nHost: x\r\n${big}\r\n`, 431, 'Request headers too large', true],
    ['headers over 16 KB, XML', `GET /rest/ping HTTP/1.1\r\nHost: x\r\n${big}\r\n`, 431, 'Request headers too large', false],
    [
      'a request line over 16 KB',
      `GET /rest/${TOKEN.repeat(2000)}?f=json HTTP/1.1\r\nHost: x\r\n\r\n`,
      431,
      'Request headers too large',
      false,
    ],
    [
      'a path that cannot be decoded',
      `GET /rest/%zz${TOKEN}?f=json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
      200,
      'Malformed request URL',
      true,
    ],
    [
      'a broken UTF-8 sequence in the path',
      `GET /rest/%E4%B8${TOKEN} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
      200,
      'Malformed request URL',
      false,
    ],
    [
      'bad percent-encoding in the query',
      `GET /rest/ping?u=%zz${TOKEN}&p=%&f=json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
      200,
      'Wrong username or password',
      true,
    ],
    ['a space in the path', `GET /rest/pi ng${TOKEN} HTTP/1.1\r\nHost: x\r\n\r\n`, 400, 'Malformed request', false],
    ['an invalid header', `GET /rest/ping?f=json HTTP/1.1\r\nHost: x\r\nBad Header ${TOKEN}\r\n\r\n`, 400, 'Malformed request', true],
    ['CONNECT', `CONNECT /rest/ping?f=json HTTP/1.1\r\nHost: x\r\n\r\n`, 405, 'HTTP method not allowed: use GET or POST', true],
  ])('%s → an envelope with its status, nothing echoed', async (_name, request, status, message, json) => {
    const res = await raw(request);
    const code = message === 'Wrong username or password' ? 40 : 0;
    expectRefusal(res, { status, code, message, json });
  });

  it('a HEAD with headers over 16 KB gets 431 without a body', async () => {
    const res = await raw(`HEAD /rest/ping?f=json HTTP/1.1\r\nHost: x\r\n${big}\r\n`);
    expect(res.status).toBe(431);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toBe('');
  });

  it('outside /rest the same failures are still {code, msg}', async () => {
    const res = await raw(`GET /api/banner HTTP/1.1\r\nHost: x\r\n${big}\r\n`);
    expect([res.status, JSON.parse(res.body)]).toEqual([431, { code: 431, msg: '请求头过大' }]);
  });
});
