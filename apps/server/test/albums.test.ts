import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, getOk, loginByPhone, type Json } from './account-helpers.ts';
import { expectContract, shapeOf, startTestApp, type TestApp } from './helpers.ts';

/** Albums beyond /album (catalog.test.ts): new albums by area, an album's counts, collecting albums. */
let t: TestApp;
let demo: string;
beforeAll(async () => {
  t = await startTestApp();
  demo = await loginByPhone(t.app, '13800000000', 'cloudtune');
});
afterAll(async () => t?.close());

const get = (url: string, session?: string) => getOk(t.app, url, session);

describe('new albums', () => {
  test('/album/new by area, newest first, paged; /album/newest', async () => {
    const all = expectContract('/album/new', await get('/album/new?area=ALL&limit=10'));
    expect(all.albums).toHaveLength(10);
    const times = all.albums.map((a) => a.publishTime as number);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(all.total).toBeGreaterThan(60);
    const jp = (await get('/album/new?area=JP&limit=100')).albums as Json[];
    expect(jp.length).toBeGreaterThan(0);
    expect(jp.length).toBeLessThan(all.total!);
    expect((await get('/album/new?limit=5&offset=5')).albums[0].id).toBe(all.albums[5]!.id);
    // As NetEase reads it (and YesPlayMusic sends it for 新专速递): the area in any letter case.
    expect((await get('/album/new?area=all&limit=10')).albums).toEqual(all.albums);
    expect(((await get('/album/new?area=jP&limit=100')).albums as Json[]).map((a) => a.id)).toEqual(jp.map((a) => a.id));
    expect((await call(t.app, '/api/album/new?area=MARS')).body).toEqual({ code: 400, msg: 'area must be one of ALL, ZH, EA, KR, JP' });
    expect(expectContract('/album/newest', await get('/album/newest')).albums.map((a) => a.id)).toEqual(all.albums.map((a) => a.id));
    expect(shapeOf(all.albums[0])).toMatchSnapshot();
  });
});

describe('collecting albums', () => {
  test('/album/sub and /album/detail/dynamic; /album/sublist; the same rows as a Subsonic star', async () => {
    expect(expectContract('/album/detail/dynamic', await get('/album/detail/dynamic?id=4', demo))).toMatchObject({
      isSub: false,
      subCount: 0,
    });
    expect((await call(t.app, '/api/album/sub?id=4&t=1', { method: 'POST' })).status).toBe(301);
    expect(await get('/album/sub?id=4&t=1', demo)).toEqual({ code: 200 });
    const dynamic = await get('/album/detail/dynamic?id=4', demo);
    expect(dynamic).toMatchObject({ isSub: true, subCount: 1 });
    expect(dynamic.subTime).toBeGreaterThan(0);
    expect((await get('/album/detail/dynamic?id=4')).isSub).toBe(false);
    const list = expectContract('/album/sublist', await get('/album/sublist?limit=25', demo));
    expect(list.data.map((a) => a.id)).toEqual([4]);
    expect(list).toMatchObject({ count: 1, hasMore: false });
    const subsonic = await t.app.inject({ url: '/rest/getStarred2?u=13800000000&p=subsonic&f=json' });
    expect(subsonic.json()['subsonic-response'].starred2.album.map((a: Json) => a.id)).toEqual(['al-4']);
    expect(await get('/album/sub?id=4&t=0', demo)).toEqual({ code: 200 });
    expect((await get('/album/sublist', demo)).data).toEqual([]);
    expect((await call(t.app, '/api/album/sub?id=99999&t=1', { session: demo })).body).toEqual({ code: 404, msg: 'album 99999 not found' });
    expect(shapeOf(list.data[0])).toMatchSnapshot();
  });
});
