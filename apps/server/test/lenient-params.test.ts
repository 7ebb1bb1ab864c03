import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, getOk, loginByPhone, register, type Json } from './account-helpers.ts';
import { startTestApp, type TestApp } from './helpers.ts';

/**
 * The params NetEase clients send that the server must take (docs/decisions/0023 and 0029):
 * clamped limits, before=0, `timestamp` / `realIP` / `cookie` / `csrf_token` / `proxy`
 * everywhere, and a uid the client garbles.
 */
let t: TestApp;
let demo: string;
beforeAll(async () => {
  t = await startTestApp();
  demo = await loginByPhone(t.app, '13800000000', 'cloudtune');
});
afterAll(async () => t?.close());

const get = (url: string, session?: string) => getOk(t.app, url, session);

describe('lenient params', () => {
  test('limits above the cap are clamped, not refused', async () => {
    const albums = await get('/artist/album?id=1&limit=200');
    expect(albums.hotAlbums.length).toBeGreaterThan(0);
    expect((await get('/personalized?limit=500')).result).toHaveLength(48);
    expect((await get('/search?keywords=a&type=1&limit=1000')).result.songs.length).toBeLessThanOrEqual(100);
    expect((await get('/top/playlist/highquality?limit=999')).playlists.length).toBeLessThanOrEqual(100);
    expect((await get('/artist/list?limit=150&type=-1')).artists.length).toBe(36);
  });

  test('/top/playlist/highquality?before=0 is the first page, as NetEase clients send it', async () => {
    const first = await get('/top/playlist/highquality?limit=5');
    const zero = await get('/top/playlist/highquality?limit=5&before=0');
    expect(zero.playlists.length).toBe(5);
    expect(zero.playlists.map((p: Json) => p.id)).toEqual(first.playlists.map((p: Json) => p.id));
  });

  test('timestamp, realIP, csrf_token, proxy and ids as strings or numbers are taken everywhere', async () => {
    const extra = 'timestamp=1700000000000&realIP=211.161.244.70&csrf_token=abc&proxy=http%3A%2F%2F127.0.0.1%3A8080';
    for (const path of [
      '/toplist',
      '/album?id=1',
      '/artists?id=1',
      '/playlist/detail?id=1',
      '/song/detail?ids=1,2',
      '/album/new?area=ALL&limit=%2210%22'.replace('%2210%22', '10'),
    ]) {
      const body = await get(`${path}${path.includes('?') ? '&' : '?'}${extra}`);
      expect(body.code).toBe(200);
    }
    // a JSON body with numbers where the query has strings
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/album/new',
      payload: { area: 'ALL', limit: 3, offset: '1', timestamp: 1 },
    });
    expect(res.json().albums).toHaveLength(3);
    // the cookie param carries the session (MUSIC_U=…; as YesPlayMusic's web build sends it)
    const sub = await call(t.app, `/api/album/sublist?limit=10&cookie=${encodeURIComponent(`MUSIC_U=${demo};`)}`);
    expect(sub.body.code).toBe(200);
  });
});

describe('a uid the client garbles (docs/decisions/0029)', () => {
  // YesPlayMusic passes its store's object where the id goes (`uid={"uid":1}`), or nothing before its
  // account has loaded; axios and other clients write `undefined` or leave it empty.
  const garbled = ['{"uid":1}', '{"uid":2}', 'undefined', 'null', '', '[object Object]', 'NaN', '0'];
  const mine = async (session: string, uid: string | null) => {
    const q = uid === null ? '' : `uid=${encodeURIComponent(uid)}`;
    return {
      likes: (await get(`/likelist?${q}`, session)).ids,
      playlists: (await get(`/user/playlist?${q}&limit=1000`, session)).playlist.map((p: Json) => p.id),
      plays: (await get(`/user/record?${q}&type=0`, session)).allData.map((r: Json) => r.song.id),
    };
  };

  test('means the caller on /likelist, /user/playlist and /user/record, whoever calls', async () => {
    const ann = await register(t.app, t.dataDir, '13900000077', 'ann-password');
    const annId = (await get('/user/account', ann)).account.id as number;
    await get('/like?id=5', ann);
    const demoOwn = await mine(demo, '1');
    const annOwn = await mine(ann, String(annId));
    expect(demoOwn.likes.length).toBeGreaterThan(0);
    expect(annOwn).toMatchObject({ likes: [5], plays: [] });
    expect(annOwn.playlists).toHaveLength(1); // ann's 我喜欢的音乐
    for (const uid of [...garbled, null]) {
      expect([uid, await mine(demo, uid)]).toEqual([uid, demoOwn]);
      expect([uid, await mine(ann, uid)]).toEqual([uid, annOwn]);
    }
    // A well-formed uid still names that user.
    expect((await get(`/user/playlist?uid=${annId}`, demo)).playlist.map((p: Json) => p.id)).toEqual(annOwn.playlists);
  });

  test('is refused without a login, and on the pages about any user (profile, follows, fans, events)', async () => {
    for (const uid of ['{"uid":1}', 'undefined', '']) {
      const q = `uid=${encodeURIComponent(uid)}`;
      expect((await call(t.app, `/api/user/playlist?${q}`)).body).toEqual({
        code: 400,
        msg: 'uid must be a user id, or log in to mean your own',
      });
      expect((await call(t.app, `/api/likelist?${q}`)).body).toEqual({ code: 301, msg: '需要登录' });
      for (const path of ['/user/detail', '/user/follows', '/user/followeds', '/user/event', '/user/audio']) {
        const res = await call(t.app, `/api${path}?${q}`, { session: demo });
        expect([path, uid, res.status, res.body.msg]).toEqual([path, uid, 400, uid === '' ? 'uid is required' : 'uid must be an integer']);
      }
    }
  });
});
