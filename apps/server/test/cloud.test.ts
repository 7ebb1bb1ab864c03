import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { endpoints } from '@cloudtune/contract';
import { recorded } from '@cloudtune/ncm-fixtures';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Db } from '../src/db/connection.ts';
import { CLOUD_FULL_MSG, CLOUD_REFUSED_MSG, cloudKey, MALFORMED_MSG, NOT_AUDIO_MSG } from '../src/services/cloud/index.ts';
import { call, loginByPhone, register, testClock } from './account-helpers.ts';
import { expectContract, expectError, shapeOf, startTestApp, type TestApp } from './helpers.ts';
import { runFfmpeg } from './import-media.ts';

/**
 * The cloud drive (decision 0016): uploads of real audio made by ffmpeg, streamed to disk under
 * their hash, deduplicated, within a quota; listed, detailed, deleted; played through /song/url
 * and /media/cloud with Range by their owner only; refused for anything that is not audio; an
 * upload cut off mid-body leaves no file and no row.
 */
const clock = testClock(Date.UTC(2025, 5, 1, 4));
let work: string;
let t: TestApp;
let db: Db;
let owner: string;
let other: string;
const audio: Record<'tagged' | 'untagged' | 'wav', Buffer> = {} as never;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'cloudtune-cloud-audio-'));
  const sine = (seconds: number) => ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`];
  await runFfmpeg([
    ...sine(3),
    ...['-metadata', 'title=云端之歌', '-metadata', 'artist=测试歌手', '-metadata', 'album=云盘专辑'],
    ...['-b:a', '128k', join(work, 'tagged.mp3')],
  ]);
  await runFfmpeg([...sine(2), '-map_metadata', '-1', '-fflags', '+bitexact', join(work, 'untagged.flac')]);
  await runFfmpeg([...sine(5), join(work, 'long.wav')]);
  audio.tagged = readFileSync(join(work, 'tagged.mp3'));
  audio.untagged = readFileSync(join(work, 'untagged.flac'));
  audio.wav = readFileSync(join(work, 'long.wav'));
  t = await startTestApp({ clock: clock.now });
  db = await openDatabase(t.dataDir);
  owner = await register(t.app, t.dataDir, '13700000101', 'cloud-owner');
  other = await register(t.app, t.dataDir, '13700000102', 'cloud-other');
}, 60_000);
afterAll(async () => {
  await db?.close();
  await t?.close();
  rmSync(work, { recursive: true, force: true });
});

/** A multipart/form-data body with one file part. */
function multipart(field: string, filename: string, type: string, bytes: Buffer) {
  const boundary = '----cloudtune-cloud-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(app: TestApp, session: string | undefined, filename: string, bytes: Buffer, field = 'songFile') {
  const body = multipart(field, filename, 'audio/mpeg', bytes);
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/cloud',
    payload: body.payload,
    headers: { ...body.headers, ...(session ? { cookie: `MUSIC_U=${session}` } : {}) },
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> & { code: number; msg?: string } };
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');
const rows = async (): Promise<number> => (await db.prepare('SELECT COUNT(*) FROM cloud_songs').pluck().get()) as number;
/** Every file under <data>/media/cloud, relative to it. */
const cloudFiles = (dataDir = t.dataDir): string[] => {
  const root = join(dataDir, 'media', 'cloud');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)))
    .sort();
};
const storedName = (bytes: Buffer, type: string) =>
  relative(join(t.dataDir, 'media', 'cloud'), join(t.dataDir, 'media', cloudKey(sha256(bytes), type)));

describe('login and params', () => {
  it.each(Object.keys(endpoints).filter((p) => p === '/cloud' || p.startsWith('/user/cloud')))(
    '%s answers 301 需要登录 without a login',
    async (path) => {
      expectError(await call(t.app, `/api${path}?id=1`, { method: endpoints[path as '/cloud'].method }), 301, '需要登录');
    },
  );

  it('an upload without a login is refused before its body is read, and stores nothing', async () => {
    expect(await upload(t, undefined, 'a.mp3', audio.tagged)).toEqual({ status: 301, body: { code: 301, msg: '需要登录' } });
    expect(cloudFiles()).toEqual([]);
  });

  it('bad params get {code: 400, msg}', async () => {
    expectError(await call(t.app, '/api/user/cloud?limit=0', { session: owner }), 400, 'limit must be ≥ 1');
    expectError(await call(t.app, '/api/user/cloud?offset=-1', { session: owner }), 400, 'offset must be ≥ 0');
    expectError(await call(t.app, '/api/user/cloud/detail', { session: owner }), 400, /^id/);
    expectError(
      await call(t.app, '/api/user/cloud/del?id=abc', { session: owner, method: 'POST' }),
      400,
      'id must be comma-joined positive integers',
    );
    expectError(await upload(t, owner, 'a.mp3', audio.tagged, 'file'), 400, 'songFile is required (multipart/form-data)');
    expectError(await call(t.app, '/api/cloud', { session: owner, method: 'POST' }), 400, 'songFile is required (multipart/form-data)');
    expect(await rows()).toBe(0);
  });
});

describe('POST /cloud', () => {
  it('refuses what is not audio — text named .mp3, a picture, an ID3 header over garbage, an empty file — and keeps nothing', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3dc095' } })
      .png()
      .toBuffer();
    const fakes = [
      Buffer.from('just some words, not a song\n'.repeat(100)),
      png,
      Buffer.concat([Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'latin1'), Buffer.alloc(20_000, 7)]),
      Buffer.alloc(0),
    ];
    for (const bytes of fakes) expectError(await upload(t, owner, 'song.mp3', bytes), 400, NOT_AUDIO_MSG);
    expect(await rows()).toBe(0);
    expect(cloudFiles()).toEqual([]);
  });

  it('stores a real MP3 under its hash, read by the tag reader, and answers NetEase’s upload shape', async () => {
    const res = await upload(t, owner, '某人 - 文件名.mp3', audio.tagged);
    const body = expectContract('/cloud', res.body);
    expect(body.needUpload).toBe(true);
    expect(Number(body.songId)).toBeGreaterThan(1e12);
    expect(body.privateCloud).toMatchObject({
      songId: Number(body.songId),
      songName: '云端之歌',
      artist: '测试歌手',
      album: '云盘专辑',
      fileName: '某人 - 文件名.mp3',
      fileSize: audio.tagged.length,
      bitrate: 128,
      addTime: clock.now(),
      simpleSong: { id: Number(body.songId), name: '云端之歌', t: 1, ar: [{ id: 0, name: '测试歌手' }], al: { id: 0, name: '云盘专辑' } },
    });
    expect(body.privateCloud.simpleSong.dt).toBeGreaterThan(2900);
    expect(body.privateCloud.simpleSong.dt).toBeLessThan(3200);
    // The recorded item's fields, all of them.
    const real = recorded<Record<string, unknown>[]>('user_cloud.data_items.partial')[0]!;
    expect(Object.keys(body.privateCloud).sort()).toEqual(Object.keys(real).sort());
    expect(cloudFiles()).toEqual([storedName(audio.tagged, 'mp3')]);
    expect(readFileSync(join(t.dataDir, 'media', cloudKey(sha256(audio.tagged), 'mp3'))).equals(audio.tagged)).toBe(true);
  });

  it('names an untagged file after its file name (never stored under it)', async () => {
    clock.advance(1000);
    const body = expectContract('/cloud', (await upload(t, owner, '../../etc/无标签的歌.flac', audio.untagged)).body);
    expect(body.privateCloud).toMatchObject({ songName: '无标签的歌', artist: '未知歌手', album: '未知专辑', fileName: '无标签的歌.flac' });
    expect(body.privateCloud.simpleSong.sq).toMatchObject({ size: audio.untagged.length });
    expect(cloudFiles()).toEqual([storedName(audio.tagged, 'mp3'), storedName(audio.untagged, 'flac')].sort());
  });

  it('the same file again is the same song (no second copy); another user’s copy shares the file', async () => {
    const first = expectContract('/user/cloud', (await call(t.app, '/api/user/cloud', { session: owner })).body);
    const again = expectContract('/cloud', (await upload(t, owner, 'renamed.mp3', audio.tagged)).body);
    expect(again.needUpload).toBe(false);
    expect(again.privateCloud.fileName).toBe('某人 - 文件名.mp3');
    expect(first.data.map((d) => d.songId)).toContain(Number(again.songId));
    expect(expectContract('/user/cloud', (await call(t.app, '/api/user/cloud', { session: owner })).body).count).toBe(2);

    const theirs = expectContract('/cloud', (await upload(t, other, 'mine.mp3', audio.tagged)).body);
    expect(theirs.needUpload).toBe(false);
    expect(theirs.songId).not.toBe(again.songId);
    expect(await rows()).toBe(3);
    expect(cloudFiles()).toHaveLength(2);
  });
});

describe('/user/cloud, /user/cloud/detail', () => {
  it('lists the user’s songs newest first with the space used and the quota, paged', async () => {
    const list = expectContract('/user/cloud', (await call(t.app, '/api/user/cloud', { session: owner })).body);
    expect(list.data.map((d) => d.songName)).toEqual(['无标签的歌', '云端之歌']);
    expect(list).toMatchObject({
      count: 2,
      size: String(audio.tagged.length + audio.untagged.length),
      maxSize: String(10 * 1024 ** 3),
      upgradeSign: 0,
      hasMore: false,
      more: false,
    });
    expect(shapeOf(list.data[1])).toEqual(
      expect.objectContaining({ songId: 'number', fileSize: 'number', fileName: 'string', coverId: 'string', addTime: 'number' }),
    );
    const page = expectContract('/user/cloud', (await call(t.app, '/api/user/cloud?limit=1&offset=1', { session: owner })).body);
    expect([page.data.map((d) => d.songName), page.hasMore]).toEqual([['云端之歌'], false]);
    expect(expectContract('/user/cloud', (await call(t.app, '/api/user/cloud?limit=1', { session: owner })).body).more).toBe(true);
    // Each user sees their own drive only.
    const theirs = expectContract('/user/cloud', (await call(t.app, '/api/user/cloud', { session: other })).body);
    expect([theirs.count, theirs.data.map((d) => d.fileName)]).toEqual([1, ['mine.mp3']]);
  });

  it('details the user’s songs by id, in order; another user’s and unknown ids are left out', async () => {
    const [untagged, tagged] = expectContract('/user/cloud', (await call(t.app, '/api/user/cloud', { session: owner })).body).data;
    const theirs = expectContract('/user/cloud', (await call(t.app, '/api/user/cloud', { session: other })).body).data[0]!;
    const ids = [tagged!.songId, theirs.songId, 1, untagged!.songId].join(',');
    const detail = expectContract('/user/cloud/detail', (await call(t.app, `/api/user/cloud/detail?id=${ids}`, { session: owner })).body);
    expect(detail.data.map((d) => d.songName)).toEqual(['云端之歌', '无标签的歌']);
  });
});

describe('playing a cloud song', () => {
  let id: number;
  let url: string;
  beforeAll(async () => {
    id = expectContract('/user/cloud', (await call(t.app, '/api/user/cloud', { session: owner })).body).data[1]!.songId;
  });
  const media = (path: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: path, headers });

  it('/song/url gives its owner the file as uploaded (whatever br), beside catalog songs', async () => {
    const body = expectContract('/song/url', (await call(t.app, `/api/song/url?id=${id},1&br=128000`, { session: owner })).body);
    const [cloud, catalog] = body.data;
    expect(cloud).toMatchObject({ id, br: 128000, size: audio.tagged.length, md5: md5(audio.tagged), type: 'mp3', code: 200, expi: 1200 });
    expect(cloud!.url).toMatch(new RegExp(`/api/media/cloud/${id}\\.mp3\\?t=\\d+-[0-9a-f]{32}$`));
    expect(catalog).toMatchObject({ id: 1, code: 200 });
    url = cloud!.url!;
  });

  it('/song/url gives another user and an anonymous caller no URL, as NetEase does', async () => {
    for (const session of [other, undefined]) {
      const body = expectContract('/song/url', (await call(t.app, `/api/song/url?id=${id}`, { session })).body);
      expect(body.data).toMatchObject([{ id, url: null, code: 404 }]);
    }
  });

  it('/song/detail knows it for its owner only', async () => {
    const mine = expectContract('/song/detail', (await call(t.app, `/api/song/detail?ids=1,${id}`, { session: owner })).body);
    expect(mine.songs.map((s) => s.id)).toEqual([1, id]);
    expect(mine.privileges.map((p) => p.id)).toEqual([1, id]);
    for (const session of [other, undefined]) {
      const theirs = expectContract('/song/detail', (await call(t.app, `/api/song/detail?ids=1,${id}`, { session })).body);
      expect(theirs.songs.map((s) => s.id)).toEqual([1]);
    }
  });

  it('streams with Range for the owner’s session and for the signed URL without one (the desktop’s <audio>)', async () => {
    const path = new URL(url).pathname;
    const ranged = await media(path, { cookie: `MUSIC_U=${owner}`, range: 'bytes=100-1099' });
    expect([ranged.statusCode, ranged.headers['content-range'], ranged.headers['content-type']]).toEqual([
      206,
      `bytes 100-1099/${audio.tagged.length}`,
      'audio/mpeg',
    ]);
    expect(ranged.rawPayload.equals(audio.tagged.subarray(100, 1100))).toBe(true);
    expect(ranged.headers['cache-control']).toBe('private, no-cache');
    const signed = await media(new URL(url).pathname + new URL(url).search, { range: 'bytes=0-' });
    expect([signed.statusCode, signed.rawPayload.equals(audio.tagged)]).toEqual([206, true]);
    const whole = await media(path, { cookie: `MUSIC_U=${owner}` });
    expect([whole.statusCode, whole.headers['accept-ranges'], whole.rawPayload.equals(audio.tagged)]).toEqual([200, 'bytes', true]);
  });

  it('refuses another user, an anonymous caller, a forged or expired signature: 403 {code, msg}; an unknown id is 404', async () => {
    const path = new URL(url).pathname;
    const token = new URL(url).searchParams.get('t')!;
    const refused = [
      await media(path, { cookie: `MUSIC_U=${other}` }),
      await media(path),
      await media(`${path}?t=${token.replace(/.$/, (c) => (c === '0' ? '1' : '0'))}`),
      await media(`/api/media/cloud/${1e12 + 999}.mp3?t=${token}`),
    ];
    for (const res of refused.slice(0, 3)) expect([res.statusCode, res.json()]).toEqual([403, { code: 403, msg: CLOUD_REFUSED_MSG }]);
    // A copy the browser kept is revalidated: the same ETag gets 304 for the owner only.
    const etag = (await media(path, { cookie: `MUSIC_U=${owner}` })).headers.etag as string;
    expect((await media(path, { cookie: `MUSIC_U=${owner}`, 'if-none-match': etag })).statusCode).toBe(304);
    expect((await media(path, { 'if-none-match': etag })).statusCode).toBe(403);
    expect([refused[3]!.statusCode, refused[3]!.json().code]).toEqual([404, 404]);
    clock.advance(1201_000);
    expect((await media(`${path}?t=${token}`)).statusCode).toBe(403);
    expect((await media(path, { cookie: `MUSIC_U=${owner}`, range: 'bytes=0-9' })).statusCode).toBe(206);
  });
});

describe('/user/cloud/del', () => {
  it('deletes only the caller’s own songs; the shared file stays until its last row goes', async () => {
    const [untagged, tagged] = expectContract('/user/cloud', (await call(t.app, '/api/user/cloud', { session: owner })).body).data;
    const theirs = expectContract('/user/cloud', (await call(t.app, '/api/user/cloud', { session: other })).body).data[0]!;
    // Someone else's song: refused, nothing changes.
    expectError(await call(t.app, `/api/user/cloud/del?id=${theirs.songId}`, { session: owner, method: 'POST' }), 404);
    expect(await rows()).toBe(3);

    const del = await call(t.app, `/api/user/cloud/del?id=${tagged!.songId},${theirs.songId}`, { session: owner, method: 'POST' });
    expect(expectContract('/user/cloud/del', del.body)).toEqual({ code: 200, succIds: [tagged!.songId], failIds: [theirs.songId] });
    expect(cloudFiles()).toContain(storedName(audio.tagged, 'mp3'));
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/media/cloud/${tagged!.songId}.mp3`, headers: { cookie: `MUSIC_U=${owner}` } }))
        .statusCode,
    ).toBe(404);

    await call(t.app, `/api/user/cloud/del?id=${theirs.songId}`, { session: other, method: 'POST' });
    await call(t.app, `/api/user/cloud/del?id=${untagged!.songId}`, { session: owner, method: 'POST' });
    expect([await rows(), cloudFiles()]).toEqual([0, []]);
    expect(expectContract('/user/cloud', (await call(t.app, '/api/user/cloud', { session: owner })).body)).toMatchObject({
      count: 0,
      size: '0',
    });
  });
});

describe('the quota', () => {
  let small: TestApp;
  let session: string;
  beforeAll(async () => {
    small = await startTestApp({ cloudQuotaBytes: 70_000 });
    session = await loginByPhone(small.app, '13800000000', 'cloudtune');
  });
  afterAll(() => small.close());
  const smallRows = async () => {
    const sdb = await openDatabase(small.dataDir);
    try {
      return (await sdb.prepare('SELECT COUNT(*) FROM cloud_songs').pluck().get()) as number;
    } finally {
      await sdb.close();
    }
  };

  it('refuses a file larger than what is left (507 云盘空间不足) and keeps nothing of it', async () => {
    expect(audio.wav.length).toBeGreaterThan(70_000);
    expect(await upload(small, session, 'long.wav', audio.wav)).toEqual({ status: 507, body: { code: 507, msg: CLOUD_FULL_MSG } });
    expect([await smallRows(), cloudFiles(small.dataDir)]).toEqual([0, []]);
  });

  it('takes files while they fit, then refuses the one that does not', async () => {
    expectContract('/cloud', (await upload(small, session, 'a.mp3', audio.tagged)).body);
    const list = expectContract('/user/cloud', (await call(small.app, '/api/user/cloud', { session })).body);
    expect([list.size, list.maxSize]).toEqual([String(audio.tagged.length), '70000']);
    expect(audio.tagged.length + audio.untagged.length).toBeGreaterThan(70_000);
    expect(await upload(small, session, 'b.flac', audio.untagged)).toEqual({ status: 507, body: { code: 507, msg: CLOUD_FULL_MSG } });
    expect([await smallRows(), cloudFiles(small.dataDir)]).toEqual([1, [storedName(audio.tagged, 'mp3')]]);
  });
});

describe('an upload cut off mid-body', () => {
  it('leaves no file and no row when the client destroys its socket', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const boundary = '----cloudtune-abort';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="songFile"; filename="big.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n`,
    );
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/cloud',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + 20_000_000),
        cookie: `MUSIC_U=${owner}`,
      },
    });
    req.on('error', () => {});
    req.write(head);
    // A real MP3's start, then more: the server is writing it to a temporary file.
    req.write(audio.tagged);
    req.write(Buffer.alloc(1_000_000, 0x55));
    await vi.waitFor(() => expect(cloudFiles().filter((f) => f.endsWith('.tmp'))).toHaveLength(1), { timeout: 10_000 });
    req.destroy();
    await vi.waitFor(() => expect(cloudFiles()).toEqual([]), { timeout: 10_000 });
    expect(await rows()).toBe(0);
    // The server goes on serving.
    expect((await call(t.app, '/api/user/cloud', { session: owner })).body).toMatchObject({ code: 200, count: 0 });
  });

  it('a body that ends before its closing boundary, or has none, is a 400 and leaves nothing', async () => {
    const port = (t.app.server.address() as { port: number }).port;
    const post = (type: string, body: Buffer) =>
      new Promise<{ status: number; body: unknown }>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/cloud',
            headers: { 'content-type': type, 'content-length': String(body.length), cookie: `MUSIC_U=${owner}` },
          },
          (res) => {
            let text = '';
            res.setEncoding('utf8').on('data', (d: string) => (text += d));
            res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    const head = '--cut\r\nContent-Disposition: form-data; name="songFile"; filename="cut.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n';
    const cut = await post('multipart/form-data; boundary=cut', Buffer.concat([Buffer.from(head), audio.tagged]));
    expect(cut).toEqual({ status: 400, body: { code: 400, msg: MALFORMED_MSG } });
    const noBoundary = await post('multipart/form-data', Buffer.concat([Buffer.from(head), audio.tagged]));
    expect(noBoundary).toEqual({ status: 400, body: { code: 400, msg: MALFORMED_MSG } });
    expect([await rows(), cloudFiles()]).toEqual([0, []]);
  });
});
