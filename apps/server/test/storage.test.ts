import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { DeleteBucketCommand, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { storageConfig } from '../src/config.ts';
import { importFolder } from '../src/content/import/import-folder.ts';
import { openDatabase } from '../src/db/connection.ts';
import { openStorage } from '../src/media/open-storage.ts';
import { checkKey, LocalStorage, readObject, STORAGE_UNAVAILABLE_MSG, StorageMissing, type Storage } from '../src/media/storage.ts';
import { CLOUD_REFUSED_MSG } from '../src/services/cloud/index.ts';
import { call, register } from './account-helpers.ts';
import { decode } from './audio-probe.ts';
import { startTestApp, type TestApp } from './helpers.ts';
import { runFfmpeg } from './import-media.ts';
import { SPARE_BUCKET, startS3Server, type TestS3Server } from './s3-server.ts';

/**
 * The storage contract, run against both engines: the data directory and S3 storage on a real
 * S3-protocol server on loopback (s3rver). Nothing of the AWS client is mocked.
 */
let s3: TestS3Server;
const dirs: string[] = [];
const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'cloudtune-storage-'));
  dirs.push(dir);
  return dir;
};

beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function keysOf(storage: Storage, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const entry of storage.list(prefix)) keys.push(entry.key);
  return keys.sort();
}

const md5 = (b: Buffer): string => createHash('md5').update(b).digest('hex');
const sha256 = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

/** Every file the server wrote into a data directory's media folder (scratch files included). */
const mediaFiles = (dataDir: string): string[] => {
  const root = join(dataDir, 'media');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
};

/** A multipart/form-data body with one file part. */
function multipart(field: string, filename: string, type: string, bytes: Buffer) {
  const boundary = '----cloudtune-storage-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const uploadSong = (t: TestApp, session: string, filename: string, bytes: Buffer) => {
  const body = multipart('songFile', filename, 'audio/mpeg', bytes);
  return t.app.inject({
    method: 'POST',
    url: '/api/cloud',
    payload: body.payload,
    headers: { ...body.headers, cookie: `MUSIC_U=${session}` },
  });
};

const uploadAvatar = (t: TestApp, session: string, bytes: Buffer, query = '') => {
  const body = multipart('imgFile', 'me.png', 'image/png', bytes);
  return t.app.inject({
    method: 'POST',
    url: `/api/avatar/upload${query}`,
    payload: body.payload,
    headers: { ...body.headers, cookie: `MUSIC_U=${session}` },
  });
};

/** Waits (polling, never a fixed sleep) until `prefix` holds `count` objects: a finished file is stored just after its last byte is sent. */
const storedSoon = (storage: Storage, prefix: string, count: number) =>
  vi.waitFor(async () => expect(await keysOf(storage, prefix)).toHaveLength(count), { timeout: 15_000, interval: 50 });

/** A 3-second tagged MP3 made by ffmpeg. */
async function taggedMp3(dir: string): Promise<Buffer> {
  const file = join(dir, 'tagged.mp3');
  await runFfmpeg([
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=3'],
    ...['-metadata', 'title=云端之歌', '-metadata', 'artist=测试歌手', '-b:a', '128k'],
    file,
  ]);
  return readFileSync(file);
}

const engines: [string, () => Promise<Storage>][] = [
  ['the data directory', async () => new LocalStorage(join(tempDir(), 'media'))],
  ['S3 storage', () => openStorage(s3.config(), tempDir())],
];

describe.each(engines)('storage: %s', (_name, open) => {
  let storage: Storage;
  beforeAll(async () => {
    storage = await open();
    await storage.check();
  });
  afterAll(() => storage.close());

  it('puts a buffer and gets it back whole and in ranges', async () => {
    const body = randomBytes(100_000);
    const stored = await storage.put('audio/1.mp3', body, { contentType: 'audio/mpeg' });
    expect(stored.size).toBe(100_000);
    expect((await bytesOf(await storage.get('audio/1.mp3'))).equals(body)).toBe(true);
    expect((await bytesOf(await storage.get('audio/1.mp3', { start: 0, end: 0 }))).equals(body.subarray(0, 1))).toBe(true);
    expect((await bytesOf(await storage.get('audio/1.mp3', { start: 500, end: 1499 }))).equals(body.subarray(500, 1500))).toBe(true);
    expect((await bytesOf(await storage.get('audio/1.mp3', { start: 99_000, end: 99_999 }))).equals(body.subarray(99_000))).toBe(true);
    expect((await readObject(storage, 'audio/1.mp3')).equals(body)).toBe(true);
  });

  it('stats, tells what exists and deletes (a missing object is no error to delete)', async () => {
    const before = Date.now();
    await storage.put('image/album/2.jpg', Buffer.from('jpeg bytes'));
    const info = await storage.stat('image/album/2.jpg');
    expect(info?.size).toBe(10);
    expect(info?.etag).toMatch(/\S/);
    // Object stores keep seconds: the time is this second's, give or take a clock step.
    expect(Math.abs(info!.mtimeMs - before)).toBeLessThan(5_000);
    expect(await storage.exists('image/album/2.jpg')).toBe(true);
    await storage.delete('image/album/2.jpg');
    expect(await storage.exists('image/album/2.jpg')).toBe(false);
    expect(await storage.stat('image/album/2.jpg')).toBeUndefined();
    await storage.delete('image/album/2.jpg');
    await expect(storage.get('image/album/2.jpg')).rejects.toBeInstanceOf(StorageMissing);
    await expect(readObject(storage, 'image/album/2.jpg')).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('replaces an object under the same key', async () => {
    await storage.put('avatars/a.jpg', Buffer.from('first'));
    await storage.put('avatars/a.jpg', Buffer.from('second!'));
    expect((await readObject(storage, 'avatars/a.jpg')).toString()).toBe('second!');
    expect((await storage.stat('avatars/a.jpg'))?.size).toBe(7);
  });

  it('lists by prefix, with sizes, across folders', async () => {
    await storage.put('cloud/ab/ab01.mp3', Buffer.alloc(3));
    await storage.put('cloud/cd/cd02.flac', Buffer.alloc(5));
    await storage.put('covers/x.jpg', Buffer.alloc(1));
    expect(await keysOf(storage, 'cloud/')).toEqual(['cloud/ab/ab01.mp3', 'cloud/cd/cd02.flac']);
    expect(await keysOf(storage, 'cloud/ab/')).toEqual(['cloud/ab/ab01.mp3']);
    const sizes: Record<string, number> = {};
    for await (const e of storage.list('cloud/')) sizes[e.key] = e.size;
    expect(sizes).toEqual({ 'cloud/ab/ab01.mp3': 3, 'cloud/cd/cd02.flac': 5 });
    expect(await keysOf(storage, 'nothing/')).toEqual([]);
  });

  it('moves a finished scratch file in; the scratch file is gone', async () => {
    const scratch = await storage.scratchFile('transcode/k-320k.mp3');
    expect(scratch).toMatch(/\.\d+-[0-9a-f]+\.tmp$/);
    const body = randomBytes(30_000);
    writeFileSync(scratch, body);
    const stored = await storage.putFile('transcode/k-320k.mp3', scratch, { contentType: 'audio/mpeg' });
    expect(stored.size).toBe(30_000);
    expect(existsSync(scratch)).toBe(false);
    expect(md5(await readObject(storage, 'transcode/k-320k.mp3'))).toBe(md5(body));
  });

  it('streams a large body in (multipart on S3) and back', async () => {
    const part = randomBytes(1024 * 1024);
    // 20 MB, never whole in memory on the way in.
    const source = Readable.from(
      (function* () {
        for (let i = 0; i < 20; i++) yield part;
      })(),
    );
    const stored = await storage.put('cloud/ef/big.wav', source, { contentType: 'audio/wav' });
    expect(stored.size).toBe(20 * 1024 * 1024);
    const hash = createHash('md5');
    let size = 0;
    for await (const chunk of await storage.get('cloud/ef/big.wav')) {
      hash.update(chunk as Buffer);
      size += (chunk as Buffer).length;
    }
    const expected = createHash('md5');
    for (let i = 0; i < 20; i++) expected.update(part);
    expect([size, hash.digest('hex')]).toEqual([20 * 1024 * 1024, expected.digest('hex')]);
    const tail = await bytesOf(await storage.get('cloud/ef/big.wav', { start: 20 * 1024 * 1024 - 10, end: 20 * 1024 * 1024 - 1 }));
    expect(tail.equals(part.subarray(part.length - 10))).toBe(true);
  });

  it('is atomic: a body that fails part way leaves no object, and the old one stays whole', async () => {
    await storage.put('podcasts/7.mp3', Buffer.from('the old episode'));
    const failing = Readable.from(
      (async function* () {
        yield randomBytes(9 * 1024 * 1024);
        yield randomBytes(1024);
        throw new Error('the remote server hung up');
      })(),
    );
    await expect(storage.put('podcasts/7.mp3', failing)).rejects.toThrow('the remote server hung up');
    expect((await readObject(storage, 'podcasts/7.mp3')).toString()).toBe('the old episode');
    const failingNew = Readable.from(
      (async function* () {
        yield randomBytes(1024);
        throw new Error('cut off');
      })(),
    );
    await expect(storage.put('podcasts/8.mp3', failingNew)).rejects.toThrow('cut off');
    expect(await storage.exists('podcasts/8.mp3')).toBe(false);
    expect(await keysOf(storage, 'podcasts/')).toEqual(['podcasts/7.mp3']);
  });

  it('refuses keys that could leave its folder or prefix', async () => {
    for (const bad of ['../x', '/etc/passwd', 'a//b', 'a/../../b', '', 'audio/1.mp3.1-ab.tmp', 'a/./b']) {
      expect(() => checkKey(bad), bad).toThrow('not a storage key');
      await expect(storage.put(bad, Buffer.from('x'))).rejects.toThrow('not a storage key');
    }
  });
});

describe('the data directory', () => {
  // S3 makes an object visible only once its PUT or multipart upload completes; the test server
  // (s3rver) writes objects in place, so this is checked where the server itself makes objects whole.
  it('readers see the old object or the new one, never a part of either', async () => {
    const storage = new LocalStorage(join(tempDir(), 'media'));
    const a = Buffer.alloc(200_000, 1);
    const b = Buffer.alloc(300_000, 2);
    await storage.put('audio/9.mp3', a);
    const seen = new Set<string>();
    const writes = (async () => {
      for (let i = 0; i < 6; i++) await storage.put('audio/9.mp3', i % 2 ? a : b);
    })();
    let done = false;
    void writes.finally(() => (done = true));
    while (!done) {
      const got = await readObject(storage, 'audio/9.mp3').catch(() => undefined);
      if (got) seen.add(got.equals(a) ? 'a' : got.equals(b) ? 'b' : `partial ${got.length}`);
    }
    await writes;
    expect([...seen].filter((s) => s.startsWith('partial'))).toEqual([]);
  });

  it('keeps the layout the server always had: <data>/media/<key>, and never lists scratch files', async () => {
    const dataDir = tempDir();
    const storage = await openStorage({ kind: 'local' }, dataDir);
    await storage.put('audio/3.mp3', Buffer.from('mp3'));
    expect(readdirSync(join(dataDir, 'media', 'audio'))).toEqual(['3.mp3']);
    expect(storage.localPath('audio/3.mp3')).toBe(join(dataDir, 'media', 'audio', '3.mp3'));
    const scratch = await storage.scratchFile('audio/4.mp3');
    writeFileSync(scratch, 'half');
    expect(await keysOf(storage, 'audio/')).toEqual(['audio/3.mp3']);
  });
});

describe('S3 storage', () => {
  it('stages files in the data directory, keeps objects under its prefix, and signs URLs a plain GET can use', async () => {
    const dataDir = tempDir();
    const config = s3.config('signed');
    const storage = await openStorage(config, dataDir);
    expect(await storage.scratchFile('cloud/ab/x.mp3')).toContain(join(dataDir, 'media', 'staging'));
    await storage.put('audio/5.mp3', Buffer.from('0123456789'));
    const other = await openStorage(s3.config('elsewhere'), dataDir);
    expect(await other.exists('audio/5.mp3')).toBe(false);
    const url = await storage.presign!('audio/5.mp3', 60, { contentType: 'audio/mpeg', cacheControl: 'private, no-cache' });
    const res = await fetch(url, { headers: { range: 'bytes=2-5' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(await res.text()).toBe('2345');
    storage.close();
    other.close();
  });

  it('says at start-up why a bucket cannot be used', async () => {
    const storage = await openStorage({ ...s3.config(), bucket: 'no-such-bucket' }, tempDir());
    await expect(storage.check()).rejects.toThrow('CLOUDTUNE_STORAGE_URL s3://no-such-bucket/');
    await expect(storage.check()).rejects.toThrow('the bucket does not exist');
    storage.close();
  });
});

/**
 * The server itself on S3 storage (proxied, the default): what it writes lands in the bucket and
 * nowhere in the data directory, and comes back with the Range, ETag and owner rules of the data
 * directory. Real audio and pictures, made by ffmpeg and sharp.
 */
describe('the server on S3 storage', () => {
  let work: string;
  let t: TestApp;
  let owner: string;
  let other: string;
  const audio: Record<'tagged', Buffer> = {} as never;
  let flacSongId: number;

  beforeAll(async () => {
    work = tempDir();
    const folder = join(work, 'music', 'Tester', 'Tones');
    mkdirSync(folder, { recursive: true });
    // Pink noise: a FLAC of it is far above 128 kbit/s, so asking for 128 makes a variant.
    await runFfmpeg([
      ...['-f', 'lavfi', '-i', 'anoisesrc=duration=4:color=pink:amplitude=0.5', '-ac', '2', '-c:a', 'flac'],
      ...['title=Tone', 'artist=Tester', 'album=Tones'].flatMap((m) => ['-metadata', m]),
      join(folder, '01 Tone.flac'),
    ]);
    audio.tagged = await taggedMp3(work);
    t = await startTestApp({ storage: s3.config() });
    owner = await register(t.app, t.dataDir, '13700000901', 'storage-owner');
    other = await register(t.app, t.dataDir, '13700000902', 'storage-other');
    const db = await openDatabase(t.dataDir);
    try {
      await importFolder(db, t.dataDir, join(work, 'music'), { storage: t.app.storage });
      flacSongId = (await db.prepare('SELECT song_id FROM library_files').pluck().get()) as number;
    } finally {
      await db.close();
    }
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('keeps a cloud-drive upload in the bucket and streams it back to its owner alone, with Range and ETag', async () => {
    const res = await uploadSong(t, owner, 'tagged.mp3', audio.tagged);
    expect(res.statusCode).toBe(200);
    const id = Number(res.json().songId);
    expect(await keysOf(t.app.storage, 'cloud/')).toEqual([`cloud/${sha256(audio.tagged).slice(0, 2)}/${sha256(audio.tagged)}.mp3`]);
    expect(mediaFiles(t.dataDir)).toEqual([]);

    const path = `/api/media/cloud/${id}.mp3`;
    const mine = { cookie: `MUSIC_U=${owner}` };
    const whole = await get(path, mine);
    expect([
      whole.statusCode,
      whole.headers['accept-ranges'],
      whole.headers['content-type'],
      whole.rawPayload.equals(audio.tagged),
    ]).toEqual([200, 'bytes', 'audio/mpeg', true]);
    expect(whole.headers.etag).toBe(`"${sha256(audio.tagged).slice(0, 32)}"`);
    expect(whole.headers['cache-control']).toBe('private, no-cache');
    const ranged = await get(path, { ...mine, range: 'bytes=100-1099' });
    expect([ranged.statusCode, ranged.headers['content-range'], ranged.headers['content-length']]).toEqual([
      206,
      `bytes 100-1099/${audio.tagged.length}`,
      '1000',
    ]);
    expect(ranged.rawPayload.equals(audio.tagged.subarray(100, 1100))).toBe(true);
    const tail = await get(path, { ...mine, range: 'bytes=-10' });
    expect([tail.statusCode, tail.rawPayload.equals(audio.tagged.subarray(-10))]).toEqual([206, true]);
    const past = await get(path, { ...mine, range: `bytes=${audio.tagged.length}-` });
    expect([past.statusCode, past.headers['content-range']]).toEqual([416, `bytes */${audio.tagged.length}`]);
    expect((await get(path, { ...mine, 'if-none-match': whole.headers.etag as string })).statusCode).toBe(304);
    // A stale If-Range gets the whole file, not a range of another version.
    const stale = await get(path, { ...mine, range: 'bytes=0-9', 'if-range': '"another"' });
    expect([stale.statusCode, stale.rawPayload.length]).toEqual([200, audio.tagged.length]);

    for (const headers of [{ cookie: `MUSIC_U=${other}` }, {}] as Record<string, string>[]) {
      const refused = await get(path, headers);
      expect([refused.statusCode, refused.json()]).toEqual([403, { code: 403, msg: CLOUD_REFUSED_MSG }]);
    }
    // The URL /song/url signs plays it without the session, as on the data directory.
    const url = (await call(t.app, `/api/song/url?id=${id}`, { session: owner })).body.data as { url: string }[];
    const signed = await get(new URL(url[0]!.url).pathname + new URL(url[0]!.url).search, { range: 'bytes=0-' });
    expect([signed.statusCode, signed.rawPayload.equals(audio.tagged)]).toEqual([206, true]);

    // Deleted: its object goes with its last row.
    const del = await call(t.app, `/api/user/cloud/del?id=${id}`, { session: owner, method: 'POST' });
    expect(del.body.code).toBe(200);
    expect(await keysOf(t.app.storage, 'cloud/')).toEqual([]);
    expect((await get(path, mine)).statusCode).toBe(404);
  });

  it('keeps an uploaded avatar in the bucket, serves it, and deletes the one it replaces', async () => {
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3dc095' } })
      .png()
      .toBuffer();
    const first = await uploadAvatar(t, owner, png, '?imgSize=200');
    const url = first.json().data.url as string;
    const hash = /([0-9a-f]{32})\.jpg$/.exec(url)![1]!;
    expect(await keysOf(t.app.storage, 'avatars/')).toEqual([`avatars/${hash}.jpg`]);
    const image = await get(new URL(url).pathname);
    expect([image.statusCode, image.headers['content-type'], image.headers.etag, image.headers['cache-control']]).toEqual([
      200,
      'image/jpeg',
      `"${hash}"`,
      'public, max-age=31536000, immutable',
    ]);
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 200, height: 200 });
    const subsonic = await get(`/rest/getAvatar?username=13700000901&u=13800000000&p=subsonic`);
    expect([subsonic.statusCode, subsonic.rawPayload.equals(image.rawPayload)]).toEqual([200, true]);

    const webp = await sharp({ create: { width: 300, height: 500, channels: 4, background: '#ff000080' } })
      .webp()
      .toBuffer();
    const second = (await uploadAvatar(t, owner, webp)).json().data.url as string;
    expect(await keysOf(t.app.storage, 'avatars/')).toEqual([`avatars/${/([0-9a-f]{32})\.jpg$/.exec(second)![1]}.jpg`]);
    expect((await get(new URL(url).pathname)).statusCode).toBe(404);
    expect(mediaFiles(t.dataDir)).toEqual([]);
  });

  it('draws image variants into the bucket once, and serves them again from it', async () => {
    const first = await get('/api/media/image/album/1.jpg?param=140y140');
    expect([first.statusCode, first.headers['content-type']]).toEqual([200, 'image/jpeg']);
    expect(await sharp(first.rawPayload).metadata()).toMatchObject({ format: 'jpeg' });
    const keys = await keysOf(t.app.storage, 'image/album/');
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^image\/album\/1_\d+x\d+\.jpg$/);
    const again = await get('/api/media/image/album/1.jpg?param=140y140', { range: 'bytes=0-99' });
    expect([again.statusCode, again.rawPayload.equals(first.rawPayload.subarray(0, 100))]).toEqual([206, true]);
    expect((await get('/api/media/image/album/1.jpg?param=140y140', { 'if-none-match': first.headers.etag as string })).statusCode).toBe(
      304,
    );
    expect(await keysOf(t.app.storage, 'image/album/')).toEqual(keys);
    // The original size is a variant of its own.
    expect((await get('/api/media/image/album/1.jpg')).statusCode).toBe(200);
    expect(await keysOf(t.app.storage, 'image/album/')).toEqual(['image/album/1.jpg', ...keys]);
    expect(mediaFiles(t.dataDir)).toEqual([]);
  });

  it('caches a transcode of an imported file in the bucket and serves its ranges from there', async () => {
    const auth = 'u=13800000000&p=subsonic';
    const made = await get(`/rest/stream?id=${flacSongId}&maxBitRate=128&${auth}`);
    expect([made.statusCode, made.headers['content-type']]).toEqual([200, 'audio/mpeg']);
    await storedSoon(t.app.storage, 'transcode/', 1);
    const keys = await keysOf(t.app.storage, 'transcode/');
    expect(keys[0]).toMatch(/^transcode\/[0-9a-f]{32}-128k\.mp3$/);
    const stored = await readObject(t.app.storage, keys[0]!);
    expect(stored.equals(made.rawPayload)).toBe(true);
    const ranged = await get(`/rest/stream?id=${flacSongId}&maxBitRate=128&${auth}`, { range: 'bytes=1000-1999' });
    expect([ranged.statusCode, ranged.headers['content-range'], ranged.rawPayload.equals(stored.subarray(1000, 2000))]).toEqual([
      206,
      `bytes 1000-1999/${stored.length}`,
      true,
    ]);
    // The imported file itself stays where it is, read from disk.
    expect(await keysOf(t.app.storage, 'music/')).toEqual([]);
    expect(mediaFiles(t.dataDir)).toEqual([]);
  });

  it('keeps a rendered demo song in the bucket, and transcodes from the bucket', async () => {
    const song = await get('/api/media/audio/2.mp3');
    expect([song.statusCode, song.headers['content-type']]).toEqual([200, 'audio/mpeg']);
    await storedSoon(t.app.storage, 'audio/', 1);
    expect(await keysOf(t.app.storage, 'audio/')).toEqual(['audio/2.mp3']);
    const stored = await readObject(t.app.storage, 'audio/2.mp3');
    expect(stored.equals(song.rawPayload)).toBe(true);
    const ranged = await get('/api/media/audio/2.mp3', { range: 'bytes=5000-5999' });
    expect([ranged.statusCode, ranged.rawPayload.equals(stored.subarray(5000, 6000))]).toEqual([206, true]);

    // An Opus variant of it: ffmpeg is fed the object, and the variant is stored beside it.
    const opus = await get('/rest/stream?id=2&format=opus&maxBitRate=96&u=13800000000&p=subsonic');
    expect([opus.statusCode, opus.headers['content-type']]).toEqual([200, 'audio/ogg']);
    expect(opus.rawPayload.subarray(0, 4).toString()).toBe('OggS');
    await storedSoon(t.app.storage, 'transcode/', 2);
    expect((await keysOf(t.app.storage, 'transcode/')).filter((k) => k.endsWith('-96k.opus'))).toHaveLength(1);
    expect(mediaFiles(t.dataDir)).toEqual([]);
  });

  it('plays a song whose object was deleted from the bucket behind its back: rendered again, never a 404', async () => {
    const stored = await readObject(t.app.storage, 'audio/2.mp3');
    const before = (await get('/api/song/url?id=2')).json().data[0];
    expect(before).toMatchObject({ code: 200, md5: md5(stored), size: stored.length });
    await t.app.storage.delete('audio/2.mp3');
    // /song/url answers from the record (no HEAD per song): the same URL, size and md5 —
    // which the render that follows makes again exactly.
    expect((await get('/api/song/url?id=2')).json().data[0]).toEqual(before);
    const again = await get('/api/media/audio/2.mp3');
    expect([again.statusCode, again.rawPayload.equals(stored)]).toEqual([200, true]);
    await storedSoon(t.app.storage, 'audio/', 1);
    await vi.waitFor(async () => expect((await readObject(t.app.storage, 'audio/2.mp3')).equals(stored)).toBe(true), {
      timeout: 15_000,
      interval: 50,
    });
    const ranged = await get('/api/media/audio/2.mp3', { range: 'bytes=100-199' });
    expect([ranged.statusCode, ranged.rawPayload.equals(stored.subarray(100, 200))]).toEqual([206, true]);
  });

  it('streams a song kept in the bucket from an offset: ffmpeg reads the object by a signed URL, and nothing is kept', async () => {
    const whole = await decode(await readObject(t.app.storage, 'audio/2.mp3'));
    const from10 = await get('/rest/stream?id=2&timeOffset=10&u=13800000000&p=subsonic');
    expect([from10.statusCode, from10.headers['content-type']]).toEqual([200, 'audio/mpeg']);
    const cut = await decode(from10.rawPayload);
    expect(cut.errors).toBe('');
    expect(Math.abs(cut.seconds - (whole.seconds - 10))).toBeLessThan(0.15);
    expect(await keysOf(t.app.storage, 'transcode/from/')).toEqual([]);
    await vi.waitFor(() => expect(mediaFiles(t.dataDir)).toEqual([]), { timeout: 15_000, interval: 50 });
  });
});

describe('the server on S3 storage, redirecting media (CLOUDTUNE_S3_MEDIA=redirect)', () => {
  it('checks the owner rules, then sends a GET to a signed URL that answers the Range itself', async () => {
    const t = await startTestApp({ storage: s3.config(), s3Media: 'redirect' });
    try {
      const owner = await register(t.app, t.dataDir, '13700000921', 'storage-redirect');
      const other = await register(t.app, t.dataDir, '13700000922', 'storage-redirect-other');
      const song = await taggedMp3(tempDir());
      const id = Number((await uploadSong(t, owner, 'song.mp3', song)).json().songId);
      const path = `/api/media/cloud/${id}.mp3`;
      const refused = await t.app.inject({ url: path, headers: { cookie: `MUSIC_U=${other}` } });
      expect([refused.statusCode, refused.json()]).toEqual([403, { code: 403, msg: CLOUD_REFUSED_MSG }]);

      const mine = { cookie: `MUSIC_U=${owner}` };
      const sent = await t.app.inject({ url: path, headers: { ...mine, range: 'bytes=10-19' } });
      expect([sent.statusCode, sent.headers['cache-control']]).toEqual([302, 'private, no-store']);
      const signed = await fetch(sent.headers.location as string, { headers: { range: 'bytes=10-19' } });
      expect([signed.status, signed.headers.get('content-type'), signed.headers.get('cache-control')]).toEqual([
        206,
        'audio/mpeg',
        'private, no-cache',
      ]);
      expect(Buffer.from(await signed.arrayBuffer()).equals(song.subarray(10, 20))).toBe(true);
      // A copy the client kept is still revalidated by the server, and HEAD still answers here.
      const etag = `"${sha256(song).slice(0, 32)}"`;
      expect((await t.app.inject({ url: path, headers: { ...mine, 'if-none-match': etag } })).statusCode).toBe(304);
      const head = await t.app.inject({ method: 'HEAD', url: path, headers: mine });
      expect([head.statusCode, head.headers['content-length'], head.headers.etag]).toEqual([200, String(song.length), etag]);
    } finally {
      await t.close();
    }
  });
});

describe('S3 storage that cannot be used', () => {
  it('stops the start with why when the bucket does not exist, opening nothing', async () => {
    const dataDir = tempDir();
    await expect(startTestApp({ dataDir, storage: { ...s3.config(), bucket: 'no-such-bucket' } })).rejects.toThrow(
      /CLOUDTUNE_STORAGE_URL s3:\/\/no-such-bucket\/.*the bucket does not exist/,
    );
  });

  it('answers 503 {code, msg} while S3 is down, loses nothing, and serves again once it is back', async () => {
    const own = await startS3Server();
    const t = await startTestApp({ storage: own.config() });
    try {
      const session = await register(t.app, t.dataDir, '13700000911', 'storage-down');
      const song = await taggedMp3(tempDir());
      const id = Number((await uploadSong(t, session, 'kept.mp3', song)).json().songId);
      const path = `/api/media/cloud/${id}.mp3`;
      const mine = { cookie: `MUSIC_U=${session}` };
      expect((await t.app.inject({ url: path, headers: mine })).statusCode).toBe(200);
      const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#123456' } })
        .png()
        .toBuffer();
      const avatar = (await uploadAvatar(t, session, png)).json().data.url as string;

      await own.stop();
      const unavailable = { code: 503, msg: STORAGE_UNAVAILABLE_MSG, retryAfter: 5 };
      // Streaming (the object's size was seen a moment ago, or not), a new upload, a new avatar,
      // an image never drawn, a demo song never rendered: each a 503 the client may retry.
      const streamed = await t.app.inject({ url: path, headers: { ...mine, range: 'bytes=0-99' } });
      expect([streamed.statusCode, streamed.json(), streamed.headers['retry-after']]).toEqual([503, unavailable, '5']);
      const upload = await uploadSong(t, session, 'lost.mp3', Buffer.concat([song, Buffer.from('another version')]));
      expect([upload.statusCode, upload.json()]).toEqual([503, unavailable]);
      const picture = await uploadAvatar(t, session, await sharp(png).flip().png().toBuffer());
      expect([picture.statusCode, picture.json()]).toEqual([503, unavailable]);
      const image = await t.app.inject({ url: '/api/media/image/artist/3.jpg?param=50y50' });
      expect([image.statusCode, image.json()]).toEqual([503, unavailable]);
      // A demo song never rendered is heard from the file being made; it is not kept, nor recorded.
      const demo = await t.app.inject({ url: '/api/media/audio/3.mp3' });
      expect([demo.statusCode, demo.headers['content-type']]).toEqual([200, 'audio/mpeg']);
      expect(Number(demo.headers['content-length'])).toBe(demo.rawPayload.length);
      const subsonic = await t.app.inject({ url: `/rest/getCoverArt?id=ar-3&size=60&u=13800000000&p=subsonic&f=json` });
      expect(subsonic.statusCode).toBe(503);
      // Nothing half-done: no new row, the account still shows its avatar, no scratch file left.
      expect((await call(t.app, '/api/user/cloud', { session })).body.count).toBe(1);
      const account = (await call(t.app, '/api/user/account', { session })).body;
      expect((account.profile as { avatarUrl: string }).avatarUrl).toBe(avatar);
      await vi.waitFor(() => expect(mediaFiles(t.dataDir)).toEqual([]), { timeout: 15_000, interval: 50 });

      await own.restart();
      const back = await t.app.inject({ url: path, headers: { ...mine, range: 'bytes=0-99' } });
      expect([back.statusCode, back.rawPayload.equals(song.subarray(0, 100))]).toEqual([206, true]);
      expect((await t.app.inject({ url: new URL(avatar).pathname })).statusCode).toBe(200);
      expect((await t.app.inject({ url: '/api/media/image/artist/3.jpg?param=50y50' })).statusCode).toBe(200);
      // Rendered again, and kept this time.
      expect((await t.app.inject({ url: '/api/media/audio/3.mp3', headers: { range: 'bytes=0-9' } })).statusCode).toBe(206);
      await storedSoon(t.app.storage, 'audio/', 1);
    } finally {
      await t.close();
      await own.close();
    }
  });

  it('answers 503 {code, msg} when the bucket is deleted under a running server', async () => {
    const t = await startTestApp({ storage: { ...s3.config(), bucket: SPARE_BUCKET } });
    try {
      await new S3Client({
        region: 'us-east-1',
        endpoint: s3.endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      }).send(new DeleteBucketCommand({ Bucket: SPARE_BUCKET }));
      const image = await t.app.inject({ url: '/api/media/image/album/2.jpg?param=50y50' });
      expect([image.statusCode, image.json()]).toEqual([503, { code: 503, msg: STORAGE_UNAVAILABLE_MSG, retryAfter: 5 }]);
    } finally {
      await t.close();
    }
  });
});

describe('choosing storage from the environment', () => {
  it('is the data directory when CLOUDTUNE_STORAGE_URL is unset', () => {
    expect(storageConfig({})).toEqual({ storage: { kind: 'local' }, s3Media: 'proxy' });
  });

  it('reads the bucket, prefix, endpoint, region, credentials and path style', () => {
    const env = {
      CLOUDTUNE_STORAGE_URL: 's3://media-bucket/cloudtune/prod/',
      AWS_ENDPOINT_URL_S3: 'http://minio.local:9000',
      AWS_ACCESS_KEY_ID: 'key',
      AWS_SECRET_ACCESS_KEY: 'secret',
    };
    expect(storageConfig(env).storage).toEqual({
      kind: 's3',
      bucket: 'media-bucket',
      prefix: 'cloudtune/prod',
      endpoint: 'http://minio.local:9000',
      region: 'us-east-1',
      pathStyle: true,
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
    });
    // CLOUDTUNE_S3_ENDPOINT wins over the SDK's variable; AWS itself: virtual-hosted, the SDK's own credentials.
    expect(storageConfig({ ...env, CLOUDTUNE_S3_ENDPOINT: 'https://s3.example.net' }).storage).toMatchObject({
      endpoint: 'https://s3.example.net',
    });
    expect(storageConfig({ CLOUDTUNE_STORAGE_URL: 's3://media-bucket', AWS_REGION: 'eu-west-1' })).toEqual({
      storage: { kind: 's3', bucket: 'media-bucket', prefix: '', endpoint: null, region: 'eu-west-1', pathStyle: false, credentials: null },
      s3Media: 'proxy',
    });
    expect(storageConfig({ ...env, CLOUDTUNE_S3_PATH_STYLE: '0', CLOUDTUNE_S3_MEDIA: 'redirect' })).toMatchObject({
      storage: { pathStyle: false },
      s3Media: 'redirect',
    });
  });

  it('names the variable that is wrong', () => {
    expect(() => storageConfig({ CLOUDTUNE_STORAGE_URL: 'https://bucket' })).toThrow(
      'CLOUDTUNE_STORAGE_URL must look like s3://bucket/prefix',
    );
    expect(() => storageConfig({ CLOUDTUNE_STORAGE_URL: 's3://Bad_Bucket', AWS_REGION: 'x' })).toThrow('is not a bucket name');
    expect(() => storageConfig({ CLOUDTUNE_STORAGE_URL: 's3://media-bucket' })).toThrow('S3 storage needs AWS_REGION');
    expect(() => storageConfig({ CLOUDTUNE_STORAGE_URL: 's3://media-bucket', AWS_REGION: 'x', AWS_ACCESS_KEY_ID: 'k' })).toThrow(
      'AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together',
    );
    expect(() => storageConfig({ CLOUDTUNE_S3_ENDPOINT: 'http://minio:9000' })).toThrow('apply to S3 storage only');
    expect(() => storageConfig({ CLOUDTUNE_STORAGE_URL: 's3://media-bucket', AWS_REGION: 'x', CLOUDTUNE_S3_MEDIA: 'cdn' })).toThrow(
      'CLOUDTUNE_S3_MEDIA must be proxy or redirect',
    );
  });
});
