import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SUBSONIC_METHODS } from '../src/routes/subsonic/index.ts';
import { loginByPhone } from './account-helpers.ts';
import { expectFailed, readEnvelope } from './envelope-reader.ts';
import { startTestApp, type TestApp } from './helpers.ts';

/**
 * Every name Object.prototype answers to, walked through every lookup a request names a key in:
 * a Subsonic method (`/rest/constructor` once answered "ok" with the raw params, the user and the
 * data paths; `/rest/hasOwnProperty` a 500), the enumerated params of both APIs and the media
 * route's image kind. Each must be refused like any unknown name: a Subsonic error envelope, or
 * `{code: 400|404, msg}`, never "ok", never a 5xx, never the name or anything internal echoed.
 */
const NAMES = [...new Set([...Object.getOwnPropertyNames(Object.prototype), '__proto__', 'prototype'])];
const DEMO = 'u=13800000000&p=subsonic';

let t: TestApp;
let session: string;
beforeAll(async () => {
  t = await startTestApp();
  session = await loginByPhone(t.app, '13800000000', 'cloudtune');
});
afterAll(async () => t?.close());

/** Nothing of the request or the server's insides comes back: not the name, the credentials, the user or a path. */
function expectNoLeak(body: string, name: string) {
  for (const leak of [name, '13800000000', t.dataDir, '"userId"', 'userId=', 'function ', '[object']) {
    expect(body.includes(leak), `${leak} in ${body.slice(0, 300)}`).toBe(false);
  }
}

describe('Subsonic', () => {
  test('the method table holds no prototype name', () => {
    expect(SUBSONIC_METHODS).toContain('ping');
    for (const name of NAMES) expect(SUBSONIC_METHODS).not.toContain(name);
  });

  test('a prototype name as the method, with and without .view, by GET and POST, in XML and JSON: unknown method (0)', async () => {
    for (const name of NAMES) {
      for (const path of [`/rest/${encodeURIComponent(name)}`, `/rest/${encodeURIComponent(name)}.view`]) {
        for (const f of ['xml', 'json']) {
          const query = `${DEMO}&v=1.16.1&c=test&f=${f}`;
          for (const res of [
            await t.app.inject({ url: `${path}?${query}` }),
            await t.app.inject({
              method: 'POST',
              url: path,
              payload: query,
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
            }),
          ]) {
            expect([name, path, f, res.statusCode]).toEqual([name, path, f, 200]);
            expect(res.headers['content-type']).toMatch(f === 'json' ? /^application\/json/ : /^text\/xml/);
            expect(expectFailed(res, 0)).toBe('Unknown method');
            expectNoLeak(res.body, name);
          }
        }
      }
    }
  });

  test('a prototype name as an album list type is a bad param (0); as the format, XML', async () => {
    for (const name of NAMES) {
      for (const method of ['getAlbumList', 'getAlbumList2']) {
        const res = await t.app.inject({ url: `/rest/${method}?${DEMO}&f=json&type=${encodeURIComponent(name)}` });
        expect(res.statusCode).toBe(200);
        expect(expectFailed(res, 0)).toMatch(/^type must be one of /);
        expectNoLeak(res.body, name);
      }
      const ping = await t.app.inject({ url: `/rest/ping?${DEMO}&f=${encodeURIComponent(name)}&callback=${encodeURIComponent(name)}` });
      expect(ping.headers['content-type']).toMatch(/^text\/xml/);
      expect(readEnvelope(ping).status).toBe('ok');
    }
  });
});

/** The NetEase params whose values are a closed set: path, the param, the other params it needs, whether it needs a login. */
const ENUMERATED: [path: string, param: string, others: string, login: boolean][] = [
  ['/banner', 'type', '', false],
  ['/search', 'type', 'keywords=a', false],
  ['/search/suggest', 'type', 'keywords=a', false],
  ['/artist/list', 'type', '', false],
  ['/artist/list', 'area', '', false],
  ['/artist/list', 'initial', '', false],
  ['/toplist/artist', 'type', '', false],
  ['/album/new', 'area', '', false],
  ['/top/playlist', 'order', '', false],
  ['/top/song', 'type', '', false],
  ['/song/url', 'br', 'id=1', false],
  ['/daily_signin', 'type', '', true],
  ['/user/record', 'type', 'uid=1', true],
  ['/user/update', 'gender', '', true],
  ['/playlist/create', 'privacy', 'name=x', true],
  ['/playlist/create', 'type', 'name=x', true],
  ['/playlist/tracks', 'op', 'pid=1&tracks=1', true],
  ['/playlist/subscribe', 't', 'id=1', true],
  ['/follow', 't', 'id=2', true],
  ['/like', 'like', 'id=1', true],
  ['/share/resource', 'type', 'id=1', true],
];

describe('NetEase API', () => {
  test.each(ENUMERATED)('%s?%s=<prototype name> is 400 {code, msg}', async (path, param, others, login) => {
    for (const name of NAMES) {
      const query = [others, `${param}=${encodeURIComponent(name)}`].filter(Boolean).join('&');
      const res = await t.app.inject({ url: `/api${path}?${query}`, headers: login ? { cookie: `MUSIC_U=${session}` } : {} });
      expect([name, res.statusCode]).toEqual([name, 400]);
      const body = res.json() as { code: number; msg: string };
      expect(body.code).toBe(400);
      expect(body.msg).toMatch(new RegExp(`^${param}\\b`));
      expectNoLeak(res.body, name);
    }
  });

  test('a prototype name as the image kind or the audio file is 404 / 400 {code, msg}', async () => {
    for (const name of NAMES) {
      const image = await t.app.inject({ url: `/api/media/image/${encodeURIComponent(name)}/1.jpg` });
      expect([name, image.statusCode, image.json()]).toEqual([name, 404, { code: 404, msg: 'Not Found' }]);
      const audio = await t.app.inject({ url: `/api/media/audio/${encodeURIComponent(name)}.mp3` });
      expect([name, audio.statusCode, audio.json().code]).toEqual([name, 400, 400]);
      expectNoLeak(audio.body, name);
    }
  });
});
