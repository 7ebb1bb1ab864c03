import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage } from '../src/media/open-storage.ts';
import { checkKey, LocalStorage, readObject, StorageMissing, type Storage } from '../src/media/storage.ts';
import { startS3Server, type TestS3Server } from './s3-server.ts';

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
