import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, loginByPhone, register } from './account-helpers.ts';
import { expectContract, shapeOf, startTestApp, type TestApp } from './helpers.ts';

/**
 * What third-party NetEase clients call beyond Cloudtune's own client (services/client-breadth.ts),
 * and the params they send that the server must take: clamped limits, before=0, other search
 * types, and `timestamp` / `realIP` / `cookie` / `csrf_token` / `proxy` everywhere.
 */
let t: TestApp;
let demo: string;
beforeAll(async () => {
  t = await startTestApp();
  demo = await loginByPhone(t.app, '13800000000', 'cloudtune');
});
afterAll(async () => t?.close());

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const get = async (url: string, session?: string) => {
  const res = await call(t.app, `/api${url}`, { session });
  expect(res.status).toBe(200);
  return res.body as Json;
};

describe('charts, new releases, the square', () => {
  test('/toplist lists the charts as /toplist/detail does', async () => {
    const body = expectContract('/toplist', await get('/toplist'));
    expect(body.list.map((c) => c.name)).toEqual((await get('/toplist/detail')).list.map((c: Json) => c.name));
    expect(shapeOf(body.list[0])).toMatchSnapshot();
  });

  test('the charts have NetEase’s ids, which clients hard-code (YesPlayMusic’s home row keeps 19723756)', async () => {
    const ids = Object.fromEntries((await get('/toplist')).list.map((c: Json) => [c.name, c.id]));
    expect(ids).toMatchObject({
      飙升榜: 19723756,
      新歌榜: 3779629,
      原创榜: 2884035,
      热歌榜: 3778678,
      欧美榜: 2809513713,
      日本榜: 5059644681,
      韩国榜: 745956260,
    });
    const soaring = await get('/playlist/detail?id=19723756');
    expect(soaring.playlist).toMatchObject({ id: 19723756, name: '飙升榜' });
    expect(soaring.playlist.tracks.length).toBeGreaterThan(10);
  });

  test('/toplist/artist ranks artists of the area by this week’s plays', async () => {
    const zh = expectContract('/toplist/artist', await get('/toplist/artist'));
    expect(zh.list.type).toBe(1);
    expect(zh.list.artists.length).toBeGreaterThan(3);
    const scores = zh.list.artists.map((a) => a.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const western = (await get('/toplist/artist?type=2')).list.artists.map((a: Json) => a.id);
    expect(western).not.toEqual(zh.list.artists.map((a) => a.id));
    expect((await call(t.app, '/api/toplist/artist?type=5')).body).toEqual({ code: 400, msg: 'type must be ≤ 4' });
    expect(shapeOf(zh.list.artists[0])).toMatchSnapshot();
  });

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

  test('/top/playlist by tag and order; more and total; an unknown tag is an empty list', async () => {
    const hot = expectContract('/top/playlist', await get('/top/playlist?cat=%E5%85%A8%E9%83%A8&limit=10&offset=0'));
    expect(hot.playlists).toHaveLength(10);
    expect(hot.cat).toBe('全部');
    const plays = hot.playlists.map((p) => p.playCount as number);
    expect(plays).toEqual([...plays].sort((a, b) => b - a));
    expect(hot.more).toBe(true);
    const fresh = (await get('/top/playlist?order=new&limit=10')).playlists.map((p: Json) => p.createTime as number);
    expect(fresh).toEqual([...fresh].sort((a, b) => b - a));
    const tag = (await get('/playlist/catlist')).sub[0].name as string;
    const tagged = await get(`/top/playlist?cat=${encodeURIComponent(tag)}&limit=100`);
    expect(tagged.playlists.length).toBeGreaterThan(0);
    expect(tagged.playlists.every((p: Json) => p.tags.includes(tag))).toBe(true);
    expect(await get('/top/playlist?cat=%E4%B8%8D%E5%AD%98%E5%9C%A8')).toMatchObject({ playlists: [], total: 0, more: false });
    expect(shapeOf(hot.playlists[0])).toMatchSnapshot();
  });

  test('/top/song by area, /top/artists by popularity', async () => {
    const songs = expectContract('/top/song', await get('/top/song?type=0')).data;
    expect(songs.length).toBe(100);
    const korean = (await get('/top/song?type=16')).data as Json[];
    expect(korean.length).toBeGreaterThan(0);
    expect(korean.length).toBeLessThan(100);
    const artists = expectContract('/top/artists', await get('/top/artists?limit=5'));
    expect(artists.artists).toHaveLength(5);
    expect(artists.more).toBe(true);
  });
});

describe('album and artist pages, MVs', () => {
  test('/artist/mv is an empty list for an artist, 404 for none; /search of MVs and other types is empty of its shape', async () => {
    expect(expectContract('/artist/mv', await get('/artist/mv?id=1'))).toMatchObject({ mvs: [], hasMore: false });
    expect((await call(t.app, '/api/artist/mv?id=99999')).body).toEqual({ code: 404, msg: 'artist 99999 not found' });
    expect((await get('/search?keywords=a&type=1004&limit=16')).result).toEqual({ mvs: [], mvCount: 0, hasMore: false });
    expect((await get('/search?keywords=a&type=1002')).result).toEqual({ userprofiles: [], userprofileCount: 0, hasMore: false });
    expect((await get('/search?keywords=a&type=7')).result).toEqual({});
    const combined = (await get(`/search?keywords=${encodeURIComponent('月')}&type=1018`)).result;
    expect(combined.order).toEqual(['song', 'album', 'artist', 'playList']);
    expect(combined.song.songs.length).toBeGreaterThan(0);
  });

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

  test('/artist/sub and /artist/sublist; /mv/sublist is empty', async () => {
    expect(await get('/artist/sub?id=2&t=1', demo)).toEqual({ code: 200 });
    const list = expectContract('/artist/sublist', await get('/artist/sublist', demo));
    expect(list.data.map((a) => a.id)).toEqual([2]);
    expect(await get('/artist/sub?id=2&t=0', demo)).toEqual({ code: 200 });
    expect((await get('/artist/sublist', demo)).count).toBe(0);
    expect(expectContract('/mv/sublist', await get('/mv/sublist?limit=2000', demo))).toMatchObject({ data: [], count: 0, hasMore: false });
  });
});

describe('私人FM', () => {
  test('three songs at a time from the listener’s taste; /fm_trash keeps a song out', async () => {
    const fm = expectContract('/personal_fm', await get('/personal_fm', demo));
    expect(fm.data).toHaveLength(3);
    expect(fm.data[0]).toMatchObject({ album: { id: expect.any(Number) }, artists: expect.any(Array), duration: expect.any(Number) });
    const anonymous = await get('/personal_fm');
    expect(anonymous.data).toHaveLength(3);
    const trashed = fm.data[0]!.id;
    expect((await get(`/fm_trash?id=${trashed}`, demo)).code).toBe(200);
    for (let i = 0; i < 10; i++) expect((await get('/personal_fm', demo)).data.map((s: Json) => s.id)).not.toContain(trashed);
    expect((await call(t.app, `/api/fm_trash?id=${trashed}`)).status).toBe(301);
  });
});

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
