import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseBuffer, parseFile } from 'music-metadata';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectContract, expectError, getJson, startTestApp, type TestApp } from './helpers.ts';

/** Waiting for a render to settle: generous, as the machine may be busy (polled, never slept). */
const SETTLED = { timeout: 15_000 };
let t: TestApp;
/** the shortest songs, to keep rendering quick */
let songs: { id: number; dt: number }[];
let audioUrl: string;
let file: Buffer;
let sizeBeforeRendering: number;

beforeAll(async () => {
  t = await startTestApp();
  const ids = Array.from({ length: 480 }, (_, i) => i + 1).join(',');
  const all = expectContract('/song/detail', (await getJson(t.app, `/api/song/detail?ids=${ids}`)).body).songs;
  songs = all
    .sort((a, b) => a.dt - b.dt)
    .slice(0, 9)
    .map((s) => ({ id: s.id, dt: s.dt }));
  audioUrl = `/api/media/audio/${songs[0]!.id}.mp3`;
});
afterAll(() => t.close());

describe('/song/url and the rendered audio', () => {
  it('answers at once, rendering nothing: the URL, the exact size a demo song will have, md5 null', async () => {
    const { id } = songs[0]!;
    const [a, b] = await Promise.all([getJson(t.app, `/api/song/url?id=${id}&br=320000`), getJson(t.app, `/api/song/url?id=${id}`)]);
    const first = expectContract('/song/url', a.body).data[0]!;
    expect(expectContract('/song/url', b.body).data[0]).toEqual(first);
    expect(first).toMatchObject({ id, code: 200, br: 128000, type: 'mp3', fee: 0, freeTrialInfo: null, level: 'standard', md5: null });
    expect(first.url).toMatch(new RegExp(`^http://localhost(:\\d+)?/api/media/audio/${id}\\.mp3$`));
    expect(existsSync(join(t.dataDir, 'media', 'audio'))).toBe(false);
    // A thousand never-played songs: still nothing rendered.
    const all = Array.from({ length: 480 }, (_, i) => i + 1).join(',');
    const many = expectContract('/song/url', (await getJson(t.app, `/api/song/url?id=${all}`)).body).data;
    expect(many.every((d) => d.code === 200 && d.md5 === null && d.size > 0)).toBe(true);
    expect(existsSync(join(t.dataDir, 'media', 'audio'))).toBe(false);
    sizeBeforeRendering = first.size;
  });

  it('renders on the first GET of the URL; then /song/url reports the file, whose size was known ahead', async () => {
    const { id, dt } = songs[0]!;
    const res = await t.app.inject({ method: 'GET', url: audioUrl });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(sizeBeforeRendering));
    const audioDir = join(t.dataDir, 'media', 'audio');
    // The last bytes go out as the encoder makes them; the file is renamed into place just after.
    await vi.waitFor(() => expect(readdirSync(audioDir)).toEqual([`${id}.mp3`]), SETTLED); // no temp files left behind
    file = readFileSync(join(audioDir, `${id}.mp3`));
    expect(res.rawPayload.equals(file)).toBe(true);
    // …and recorded just after the rename: /song/url names its md5 once the row is written.
    const after = await vi.waitFor(async () => {
      const entry = expectContract('/song/url', (await getJson(t.app, `/api/song/url?id=${id}`)).body).data[0]!;
      expect(entry.md5).not.toBeNull();
      return entry;
    }, SETTLED);
    expect(after.size).toBe(sizeBeforeRendering);
    expect(file.length).toBe(after.size);
    expect(createHash('md5').update(file).digest('hex')).toBe(after.md5);

    const meta = await parseFile(join(audioDir, `${id}.mp3`));
    expect(meta.format.sampleRate).toBe(44100);
    expect(meta.format.numberOfChannels).toBe(2);
    expect(meta.format.bitrate).toBe(128000);
    expect(Math.abs(meta.format.duration! * 1000 - dt)).toBeLessThan(100);
  });

  it('keeps request order and reports unknown ids with url null and code 404', async () => {
    const body = expectContract('/song/url', (await getJson(t.app, `/api/song/url?id=99999,${songs[1]!.id}`)).body);
    expect(body.data.map((d) => [d.id, d.code])).toEqual([
      [99999, 404],
      [songs[1]!.id, 200],
    ]);
    expect(body.data[0]!.url).toBeNull();
  });

  it('serves the audio itself, which parses with the song duration', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/media/audio/${songs[1]!.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['cache-control']).toMatch(/max-age/);
    const meta = await parseBuffer(res.rawPayload, { mimeType: 'audio/mpeg' });
    expect(Math.abs(meta.format.duration! * 1000 - songs[1]!.dt)).toBeLessThan(100);
  });
});

describe('Range requests', () => {
  const get = (range?: string, method: 'GET' | 'HEAD' = 'GET') => t.app.inject({ method, url: audioUrl, headers: range ? { range } : {} });

  it('bytes=0-99 → 206 with exactly the first 100 bytes', async () => {
    const res = await get('bytes=0-99');
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 0-99/${file.length}`);
    expect(res.headers['content-length']).toBe('100');
    expect(res.rawPayload.equals(file.subarray(0, 100))).toBe(true);
  });

  it('a middle range', async () => {
    const res = await get('bytes=1000-1999');
    expect(res.statusCode).toBe(206);
    expect(res.rawPayload.equals(file.subarray(1000, 2000))).toBe(true);
  });

  it('a suffix range (bytes=-500) → the last 500 bytes', async () => {
    const res = await get('bytes=-500');
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${file.length - 500}-${file.length - 1}/${file.length}`);
    expect(res.rawPayload.equals(file.subarray(file.length - 500))).toBe(true);
  });

  it('an open-ended range (bytes=100-) → to the end', async () => {
    const res = await get('bytes=100-');
    expect(res.statusCode).toBe(206);
    expect(res.rawPayload.equals(file.subarray(100))).toBe(true);
  });

  it('an end past the file is clamped', async () => {
    const res = await get(`bytes=0-${file.length * 2}`);
    expect(res.statusCode).toBe(206);
    expect(res.rawPayload.length).toBe(file.length);
  });

  it.each([`bytes=${10 ** 9}-`, 'bytes=-0'])('%s (well-formed, selects nothing) → 416 with bytes */size', async (range) => {
    const res = await get(range);
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe(`bytes */${file.length}`);
    expect(res.json()).toEqual({ code: 416, msg: 'range not satisfiable' });
  });

  it('multiple ranges, another unit or a malformed range are ignored: the whole file (RFC 9110 §14.2)', async () => {
    for (const range of ['bytes=0-1,5-9', 'items=0-5', 'bytes=500-100', 'bytes=abc', 'bytes=-', 'bytes', 'bytes=1-2-3']) {
      const res = await get(range);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.length).toBe(file.length);
    }
  });

  it('HEAD answers headers only', async () => {
    const res = await get(undefined, 'HEAD');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(file.length));
    expect(res.rawPayload.length).toBe(0);
    const partial = await get('bytes=0-9', 'HEAD');
    expect(partial.statusCode).toBe(206);
    expect(partial.headers['content-length']).toBe('10');
  });

  it('a matching ETag gets 304', async () => {
    const first = await get();
    const again = await t.app.inject({ method: 'GET', url: audioUrl, headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.headers.etag).toBe(first.headers.etag);
  });

  it('If-None-Match: * or a list naming our tag (weakly) gets 304; another tag gets the file', async () => {
    const { etag } = (await get()).headers;
    const ask = (value: string) => t.app.inject({ method: 'GET', url: audioUrl, headers: { 'if-none-match': value } });
    expect((await ask('*')).statusCode).toBe(304);
    expect((await ask(`"other", W/${String(etag)}`)).statusCode).toBe(304);
    expect((await ask('"other"')).statusCode).toBe(200);
  });

  it('If-Modified-Since: not modified since Last-Modified → 304; an older date → the file', async () => {
    const lastModified = String((await get()).headers['last-modified']);
    expect(Date.parse(lastModified)).toBeGreaterThan(0);
    const since = (date: string) => t.app.inject({ method: 'GET', url: audioUrl, headers: { 'if-modified-since': date } });
    expect((await since(lastModified)).statusCode).toBe(304);
    expect((await since(new Date(Date.parse(lastModified) - 60_000).toUTCString())).statusCode).toBe(200);
  });

  it('If-Range: the range applies to the same version only; a stale validator gets the whole file', async () => {
    const { etag, 'last-modified': lastModified } = (await get()).headers;
    const ranged = (ifRange: string) =>
      t.app.inject({ method: 'GET', url: audioUrl, headers: { range: 'bytes=0-9', 'if-range': ifRange } });
    expect((await ranged(String(etag))).statusCode).toBe(206);
    expect((await ranged(String(lastModified))).statusCode).toBe(206);
    for (const stale of ['"an-older-version"', `W/${String(etag)}`, 'Thu, 01 Jan 2015 00:00:00 GMT']) {
      const res = await ranged(stale);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.length).toBe(file.length);
    }
  });

  it('bad and unknown ids', async () => {
    expectError(await getJson(t.app, '/api/media/audio/abc.mp3'), 400, 'id must be an integer');
    expectError(await getJson(t.app, '/api/media/audio/0.mp3'), 400, 'id must be ≥ 1');
    expectError(await getJson(t.app, '/api/media/audio/99999.mp3'), 404, 'song 99999 not found');
    expectError(await getJson(t.app, '/api/media/audio/..%2F..%2Fcloudtune.db'), 400);
  });
});

describe('cover art', () => {
  const image = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    return { res, meta: res.statusCode === 200 ? await sharp(res.rawPayload).metadata() : undefined };
  };

  it('originals: square covers, wide banners', async () => {
    const cover = await image('/api/media/image/album/1.jpg');
    expect(cover.res.headers['content-type']).toBe('image/jpeg');
    expect(cover.meta).toMatchObject({ format: 'jpeg', width: 800, height: 800 });
    const banner = await image('/api/media/image/banner/1.jpg');
    expect(banner.meta).toMatchObject({ format: 'jpeg', width: 1080, height: 400 });
  });

  // Sizes snap up to a few buckets (media/image-sizes.ts): at least what was asked, never unbounded.
  it.each([
    ['playlist/1.jpg?param=200y200', 256, 256],
    ['artist/2.jpg?param=300x150', 512, 256],
    ['avatar/1.jpg?param=5y5', 64, 64],
    ['banner/1.jpg?param=540y200', 1024, 384],
    ['album/2.jpg?param=9000y100', 800, 800],
  ])('%s → %ix%i JPEG', async (path, width, height) => {
    const { meta } = await image(`/api/media/image/${path}`);
    expect(meta).toMatchObject({ format: 'jpeg', width, height });
  });

  it('caches resized variants on disk and draws the same art every time', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/api/media/image/album/3.jpg?param=120y120' });
    const b = await t.app.inject({ method: 'GET', url: '/api/media/image/album/3.jpg?param=120y120' });
    expect(a.rawPayload.equals(b.rawPayload)).toBe(true);
    expect(readdirSync(join(t.dataDir, 'media', 'image', 'album')).sort()).toContain('3_128x128.jpg');
  });

  it('1,000 random sizes of one cover cut at most 80 variants', async () => {
    const random = (n: number) => 16 + ((n * 7919) % 1000);
    for (let i = 0; i < 1000; i += 50) {
      await Promise.all(
        Array.from({ length: 50 }, (_, j) =>
          t.app.inject({ method: 'GET', url: `/api/media/image/album/4.jpg?param=${random(i + j)}y${random(i + j + 333)}` }),
        ),
      );
    }
    const variants = readdirSync(join(t.dataDir, 'media', 'image', 'album')).filter((f) => f.startsWith('4_'));
    expect(variants.length).toBeGreaterThan(5);
    expect(variants.length).toBeLessThanOrEqual(80);
  });

  it.each([
    ['album/1.jpg?param=big', 400],
    ['album/1.jpg?param=200', 400],
    ['album/x.jpg', 400],
    ['album/99999.jpg', 404],
    ['secrets/1.jpg', 404],
  ])('%s → %i', async (path, status) => {
    const res = await getJson(t.app, `/api/media/image/${path}`);
    expectError(res, status);
  });
});

describe('audio cache budget', () => {
  it('evicts the least recently played songs and re-renders them identically', async () => {
    const small = await startTestApp({ audioCacheBytes: 1 });
    try {
      const [a, b] = songs;
      const dir = join(small.dataDir, 'media', 'audio');
      const play = async (id: number) => {
        const bytes = (await small.app.inject({ method: 'GET', url: `/api/media/audio/${id}.mp3` })).rawPayload;
        // Streamed as rendered: the file is stored (and the cache trimmed) right after the last bytes.
        await vi.waitFor(() => expect(readdirSync(dir)).toEqual([`${id}.mp3`]), SETTLED);
        return bytes;
      };
      const first = await play(a!.id);
      // over budget: only the newest rendering stays
      await play(b!.id);
      expect((await play(a!.id)).equals(first)).toBe(true);
    } finally {
      await small.close();
    }
  });
});

describe('image cache budget', () => {
  it('keeps generated images within the budget, least recently used deleted first, and draws them again', async () => {
    const budget = 200_000;
    const small = await startTestApp({ imageCacheBytes: budget });
    try {
      const dir = join(small.dataDir, 'media', 'image', 'album');
      const get = (url: string) => small.app.inject({ method: 'GET', url });
      const first = await get('/api/media/image/album/1.jpg?param=200y200');
      for (const side of [40, 100, 300, 600])
        for (const id of [2, 3, 4]) expect((await get(`/api/media/image/album/${id}.jpg?param=${side}y${side}`)).statusCode).toBe(200);
      await small.app.inject({ method: 'GET', url: '/api/banner' });
      const bytes = readdirSync(dir).reduce((sum, f) => sum + statSync(join(dir, f)).size, 0);
      expect(bytes).toBeLessThanOrEqual(budget);
      expect(readdirSync(dir)).not.toContain('1_256x256.jpg');
      const again = await get('/api/media/image/album/1.jpg?param=200y200');
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    } finally {
      await small.close();
    }
  });
});

describe('HEAD never renders', () => {
  it('a song never played answers its type without a length, and nothing is rendered', async () => {
    const fresh = await startTestApp();
    try {
      const res = await fresh.app.inject({ method: 'HEAD', url: `/api/media/audio/${songs[2]!.id}.mp3` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('audio/mpeg');
      expect(res.headers['content-length']).toBeUndefined();
      expect(existsSync(join(fresh.dataDir, 'media', 'audio'))).toBe(false);
      const variant = await fresh.app.inject({ method: 'HEAD', url: `/api/media/audio/${songs[2]!.id}-128k.mp3` });
      expect(variant.statusCode).toBe(200);
      expect(existsSync(join(fresh.dataDir, 'media', 'audio'))).toBe(false);
      expectError(await getJson(fresh.app, '/api/media/audio/99999.mp3'), 404);
    } finally {
      await fresh.close();
    }
  });
});
