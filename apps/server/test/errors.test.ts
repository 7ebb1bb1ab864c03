import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERNAL_ERROR_MSG } from '../src/http/errors.ts';
import { expectError, getJson, startTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  // A route that fails unexpectedly, to prove 5xx answers never leak internals.
  t.app.get('/api/test/boom', async () => {
    throw new Error('SQLITE_CORRUPT: secret table layout at /srv/data/cloudtune.db');
  });
});
afterAll(() => t.close());

const badParams: [url: string, status: number, msg: string][] = [
  ['/api/playlist/detail', 400, 'id is required'],
  ['/api/playlist/detail?id=', 400, 'id is required'],
  ['/api/playlist/detail?id=abc', 400, 'id must be an integer'],
  ['/api/playlist/detail?id=1.5', 400, 'id must be an integer'],
  ['/api/playlist/detail?id=0', 400, 'id must be ≥ 1'],
  ['/api/playlist/detail?id=-3', 400, 'id must be ≥ 1'],
  ['/api/playlist/detail?id=99999', 404, 'playlist 99999 not found'],
  ['/api/album', 400, 'id is required'],
  ['/api/album?id=x', 400, 'id must be an integer'],
  ['/api/album?id=0', 400, 'id must be ≥ 1'],
  ['/api/album?id=99999', 404, 'album 99999 not found'],
  ['/api/lyric', 400, 'id is required'],
  ['/api/lyric?id=-1', 400, 'id must be ≥ 1'],
  ['/api/lyric?id=99999', 404, 'song 99999 not found'],
  ['/api/song/detail', 400, 'ids is required'],
  ['/api/song/detail?ids=1,abc', 400, 'ids must be comma-joined positive integers'],
  ['/api/song/detail?ids=0', 400, 'ids must be comma-joined positive integers'],
  ['/api/song/url', 400, 'id is required'],
  ['/api/song/url?id=1,-2', 400, 'id must be comma-joined positive integers'],
  ['/api/song/url?id=1&br=abc', 400, 'br must be an integer'],
  ['/api/personalized?limit=0', 400, 'limit must be ≥ 1'],
  ['/api/personalized?limit=ten', 400, 'limit must be an integer'],
  ['/api/banner?type=9', 400, 'type must be ≤ 3'],
  ['/api/banner?type=x', 400, 'type must be an integer'],
];

describe('bad params', () => {
  it.each(badParams)('%s → %i', async (url, status, msg) => {
    expectError(await getJson(t.app, url), status, msg);
  });

  it('a repeated param names itself', async () => {
    expectError(await getJson(t.app, '/api/playlist/detail?id=1&id=2'), 400, /^id/);
  });

  it('POST bodies are validated the same way', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/album', payload: { id: 'abc' } });
    expectError({ status: res.statusCode, body: res.json() }, 400, 'id must be an integer');
  });

  it('a malformed JSON body is a 400, not a crash', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/album',
      payload: '{"id":',
      headers: { 'content-type': 'application/json' },
    });
    expectError({ status: res.statusCode, body: res.json() }, 400);
  });
});

describe('unknown routes', () => {
  it.each(['/api/nope', '/api/playlist/nope', '/api', '/api/media/audio'])('GET %s → 404 Not Found', async (url) => {
    expectError(await getJson(t.app, url), 404, 'Not Found');
  });

  it('POST to an unknown API path is a 404 too', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/nope', payload: {} });
    expectError({ status: res.statusCode, body: res.json() }, 404, 'Not Found');
  });
});

describe('server errors', () => {
  it('are a generic 500 that leaks nothing', async () => {
    const res = await getJson(t.app, '/api/test/boom');
    expectError(res, 500, INTERNAL_ERROR_MSG);
    expect(JSON.stringify(res.body)).not.toMatch(/SQLITE|secret|srv/);
  });
});
