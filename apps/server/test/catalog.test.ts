import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContract, getJson, startTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  // URLs follow an allowed Host (CLOUDTUNE_ALLOWED_HOSTS); this machine's own names are allowed anyway.
  t = await startTestApp({ allowedHosts: ['music.example.test', '192.168.1.20:4000'] });
});
afterAll(() => t.close());

const HOST = 'music.example.test:8080';
const BASE = `http://${HOST}/api`;

describe('/banner', () => {
  it('PC banners carry imageUrl and target songs (1), playlists (10) and links (3000)', async () => {
    const { status, body } = await getJson(t.app, '/api/banner?type=0', { host: HOST });
    expect(status).toBe(200);
    const { banners } = expectContract('/banner', body);
    expect(banners.length).toBeGreaterThanOrEqual(6);
    expect(new Set(banners.map((b) => b.targetType))).toEqual(new Set([1, 10, 3000]));
    for (const b of banners) {
      expect(b.imageUrl).toMatch(new RegExp(`^${BASE}/media/image/banner/\\d+\\.jpg$`));
      expect(b.pic).toBeUndefined();
      expect(b.typeTitle).toBeTruthy();
      if (b.targetType === 3000) expect(b.url).toMatch(/^https:\/\//);
      else expect(b.targetId).toBeGreaterThan(0);
    }
  });

  it('mobile types answer with pic instead of imageUrl; type defaults to 0', async () => {
    const mobile = expectContract('/banner', (await getJson(t.app, '/api/banner?type=2')).body);
    expect(mobile.banners[0]!.pic).toMatch(/^http:\/\/localhost(:\d+)?\/api\/media\/image\/banner\//);
    expect(mobile.banners[0]!.imageUrl).toBeUndefined();
    const plain = expectContract('/banner', (await getJson(t.app, '/api/banner')).body);
    expect(plain.banners[0]!.imageUrl).toBeTruthy();
  });
});

describe('/personalized', () => {
  it('returns 30 playlists by default in NetEase shape', async () => {
    const { body } = await getJson(t.app, '/api/personalized', { host: HOST });
    const parsed = expectContract('/personalized', body);
    expect(parsed.result).toHaveLength(30);
    const first = parsed.result[0]!;
    expect(Object.keys(first).sort()).toEqual(
      [
        'alg',
        'canDislike',
        'copywriter',
        'highQuality',
        'id',
        'name',
        'picUrl',
        'playCount',
        'trackCount',
        'trackNumberUpdateTime',
        'type',
      ].sort(),
    );
    expect(first.picUrl).toBe(`${BASE}/media/image/playlist/${first.id}.jpg`);
    expect(first.trackCount).toBeGreaterThan(0);
  });

  it('honours limit (and ignores the client cache-buster)', async () => {
    const parsed = expectContract('/personalized', (await getJson(t.app, `/api/personalized?limit=14&timestamp=${Date.now()}`)).body);
    expect(parsed.result).toHaveLength(14);
    const all = expectContract('/personalized', (await getJson(t.app, '/api/personalized?limit=100')).body);
    expect(all.result.length).toBeGreaterThanOrEqual(40);
  });
});

describe('/playlist/detail', () => {
  it('returns the full playlist with creator, tags, tracks, trackIds and privileges', async () => {
    const { body } = await getJson(t.app, '/api/playlist/detail?id=1', { host: HOST });
    const { playlist, privileges } = expectContract('/playlist/detail', body);
    expect(playlist.id).toBe(1);
    expect(playlist.coverImgUrl).toBe(`${BASE}/media/image/playlist/1.jpg`);
    expect(playlist.creator.avatarUrl).toMatch(new RegExp(`^${BASE}/media/image/avatar/\\d+\\.jpg$`));
    expect(playlist.creator.userId).toBe(playlist.userId);
    expect(playlist.tags.length).toBeGreaterThanOrEqual(1);
    expect(playlist.tags.length).toBeLessThanOrEqual(3);
    expect(playlist.tracks).toHaveLength(playlist.trackCount);
    expect(playlist.trackIds.map((x) => x.id)).toEqual(playlist.tracks.map((s) => s.id));
    expect(privileges?.map((p) => p.id)).toEqual(playlist.trackIds.map((x) => x.id));
    expect(playlist.createTime).toBeLessThanOrEqual(playlist.updateTime!);
    const song = playlist.tracks[0]!;
    expect(song.al.picUrl).toBe(`${BASE}/media/image/album/${song.al.id}.jpg`);
    expect(song).toMatchObject({ fee: 0, mv: 0, cd: '01', st: 0 });
  });

  it('accepts POST with params in a form or JSON body', async () => {
    for (const [payload, type] of [
      ['id=2', 'application/x-www-form-urlencoded'],
      ['{"id":"2"}', 'application/json'],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/api/playlist/detail', payload, headers: { 'content-type': type } });
      expect(res.statusCode).toBe(200);
      expect(expectContract('/playlist/detail', res.json()).playlist.id).toBe(2);
    }
  });
});

describe('/song/detail', () => {
  it('returns songs in request order; unknown ids are simply absent', async () => {
    const { body } = await getJson(t.app, '/api/song/detail?ids=5,99999,2,5,3');
    const { songs, privileges } = expectContract('/song/detail', body);
    expect(songs.map((s) => s.id)).toEqual([5, 2, 3]);
    expect(privileges.map((p) => p.id)).toEqual([5, 2, 3]);
    for (const s of songs) {
      expect(s.dt).toBeGreaterThanOrEqual(30_000);
      expect(s.dt).toBeLessThanOrEqual(120_000);
      expect(s.ar.length).toBeGreaterThanOrEqual(1);
      expect(s.ar[0]).toMatchObject({ tns: expect.any(Array), alias: expect.any(Array) });
      expect(s.no).toBeGreaterThanOrEqual(1);
    }
  });
});

describe('/album', () => {
  it('returns the album with its artist and songs in track order', async () => {
    const { body } = await getJson(t.app, '/api/album?id=1', { host: HOST });
    const { album, songs } = expectContract('/album', body);
    expect(album.id).toBe(1);
    expect(album.picUrl).toBe(`${BASE}/media/image/album/1.jpg`);
    expect(album.artist.picUrl).toBe(`${BASE}/media/image/artist/${album.artist.id}.jpg`);
    expect(album.artists?.[0]?.id).toBe(album.artist.id);
    expect(album.company).toBeTruthy();
    expect(album.description).toBeTruthy();
    expect(album.size).toBe(songs.length);
    expect(songs.map((s) => s.no)).toEqual(songs.map((_, i) => i + 1));
    expect(songs.every((s) => s.al.id === 1)).toBe(true);
  });
});

describe('/lyric', () => {
  const lrcTimes = (lrc: string) =>
    lrc
      .split('\n')
      .map((line) => /^\[(\d{2}):(\d{2})\.(\d{2})\](.*)$/.exec(line))
      .filter((m) => m !== null)
      .map((m) => ({ sec: Number(m[1]) * 60 + Number(m[2]) + Number(m[3]) / 100, text: m[4]! }));

  it('returns timed LRC whose lines start early and change every few seconds', async () => {
    const songs = expectContract(
      '/song/detail',
      (await getJson(t.app, '/api/song/detail?ids=' + Array.from({ length: 40 }, (_, i) => i + 1).join(','))).body,
    ).songs;
    let withLyrics = 0;
    for (const song of songs) {
      const lyric = expectContract('/lyric', (await getJson(t.app, `/api/lyric?id=${song.id}`)).body);
      if (lyric.nolyric) {
        expect(lyric.lrc).toBeUndefined();
        continue;
      }
      withLyrics++;
      const lines = lrcTimes(lyric.lrc!.lyric);
      expect(lines[0]!.sec).toBeLessThanOrEqual(2);
      expect(lines.filter((l) => l.sec <= 10).length).toBeGreaterThanOrEqual(3);
      const sung = lines.filter((l) => l.text.trim() !== '');
      for (let i = 1; i < sung.length; i++) expect(sung[i]!.sec - sung[i - 1]!.sec).toBeLessThan(12);
      expect(lines.at(-1)!.sec).toBeLessThanOrEqual(song.dt / 1000);
    }
    // about 85% of songs have lyrics
    expect(withLyrics).toBeGreaterThanOrEqual(25);
    expect(withLyrics).toBeLessThan(40);
  });
});

describe('paths', () => {
  it('tolerate a trailing slash, like the reference server', async () => {
    expect((await getJson(t.app, '/api/banner/')).status).toBe(200);
  });
});

describe('absolute URLs', () => {
  it('follow the origin the client used', async () => {
    const a = expectContract('/personalized', (await getJson(t.app, '/api/personalized?limit=1', { host: '192.168.1.20:4000' })).body);
    expect(a.result[0]!.picUrl).toMatch(/^http:\/\/192\.168\.1\.20:4000\/api\/media\/image\/playlist\//);
  });
});
