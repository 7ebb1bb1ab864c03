import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, getOk, loginByPhone } from './account-helpers.ts';
import { expectContract, startTestApp, type TestApp } from './helpers.ts';

/** MVs: the library has none, so their lists are empty — never an error for a known artist. */
let t: TestApp;
let demo: string;
beforeAll(async () => {
  t = await startTestApp();
  demo = await loginByPhone(t.app, '13800000000', 'cloudtune');
});
afterAll(async () => t?.close());

const get = (url: string, session?: string) => getOk(t.app, url, session);

describe('MVs', () => {
  test('/artist/mv is an empty list for an artist, 404 for none', async () => {
    expect(expectContract('/artist/mv', await get('/artist/mv?id=1'))).toMatchObject({ mvs: [], hasMore: false });
    expect((await call(t.app, '/api/artist/mv?id=99999')).body).toEqual({ code: 404, msg: 'artist 99999 not found' });
  });

  test('/mv/sublist is empty', async () => {
    expect(expectContract('/mv/sublist', await get('/mv/sublist?limit=2000', demo))).toMatchObject({ data: [], count: 0, hasMore: false });
  });
});
