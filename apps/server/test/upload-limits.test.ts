import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../src/db/connection.ts';
import { BODY_TOO_LARGE_MSG } from '../src/http/errors.ts';
import { FORM_OVERHEAD_BYTES, FORM_TOO_LARGE_MSG } from '../src/http/multipart.ts';
import { AVATAR_MAX_BYTES, AVATAR_TOO_LARGE_MSG } from '../src/services/accounts/avatar.ts';
import { CLOUD_FULL_MSG } from '../src/services/cloud/index.ts';
import { call, register } from './account-helpers.ts';
import { startTestApp, type TestApp } from './helpers.ts';
import { runFfmpeg } from './import-media.ts';

/**
 * Upload limits are exact over real HTTP, whatever the client library and however the body is
 * cut into chunks: one byte over is refused every time and nothing of it is kept; exactly the
 * limit is taken. Node's fetch (undici) is the client that used to slip past the avatar's limit
 * whenever the limit fell on the end of a chunk.
 */
const TRIES = 20;
const BOUNDARY = '----cloudtune-limit';

interface Server {
  t: TestApp;
  db: Db;
  base: string;
  session: string;
  userId: number;
}
/** Each request comes "through" the trusted loopback proxy from an address of its own: no upload budget runs out. */
let nextAddress = 0;
const forwardedFor = () => `10.66.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

async function listening(phone: string, options: { cloudQuotaBytes?: number } = {}): Promise<Server> {
  const t = await startTestApp({ ...options, trustedProxies: ['127.0.0.1'] });
  const db = await openDatabase(t.dataDir);
  const session = await register(t.app, t.dataDir, phone, 'limits-pass');
  const userId = (await db.prepare('SELECT id FROM users WHERE phone = ?').pluck().get(phone)) as number;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, db, session, userId, base: `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}` };
}
async function close(server: Server | undefined) {
  await server?.db.close();
  await server?.t.close();
}

/** Every file under a folder of the data dir (temporaries included). */
const filesUnder = (server: Server, folder: string): string[] => {
  const dir = join(server.t.dataDir, 'media', folder);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name)
    .sort();
};

/** The bytes before and after a file in a one-part multipart/form-data body. */
function around(field: string, type: string) {
  return {
    head: Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="upload.bin"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    tail: Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  };
}

/** A body cut at these offsets of the file (the head and tail ride with the first and last piece). */
function cutAt(file: Buffer, offsets: number[], field: string, type: string): Buffer[] {
  const { head, tail } = around(field, type);
  const edges = [0, ...offsets.filter((o) => o > 0 && o < file.length), file.length];
  const pieces = edges.slice(1).map((end, i) => file.subarray(edges[i], end));
  pieces[0] = Buffer.concat([head, pieces[0]!]);
  pieces[pieces.length - 1] = Buffer.concat([pieces[pieces.length - 1]!, tail]);
  return pieces;
}

/** Ways Node's fetch may send one file: its own FormData, one buffer, and streams cut in various places. */
function chunkings(file: Buffer, limit: number, field: string, type: string) {
  const every = (size: number) => Array.from({ length: Math.ceil(file.length / size) }, (_, i) => i * size);
  return {
    formData: () => {
      const form = new FormData();
      form.append(field, new Blob([file], { type }), 'upload.bin');
      return form;
    },
    'one buffer': () => Buffer.concat(cutAt(file, [], field, type)),
    'the limit at a chunk boundary': () => cutAt(file, [limit], field, type),
    '64 KiB chunks': () => cutAt(file, every(64 * 1024), field, type),
    '65,537-byte chunks': () => cutAt(file, every(65_537), field, type),
  } satisfies Record<string, () => FormData | Buffer | Buffer[]>;
}

/** POSTs with Node's fetch: FormData and buffers as they are, chunk lists as a stream written piece by piece. */
async function post(server: Server, path: string, body: FormData | Buffer | Buffer[]) {
  const headers: Record<string, string> = { cookie: `MUSIC_U=${server.session}`, 'x-forwarded-for': forwardedFor() };
  let sent: FormData | Buffer | ReadableStream<Uint8Array>;
  if (body instanceof FormData) sent = body;
  else {
    headers['content-type'] = `multipart/form-data; boundary=${BOUNDARY}`;
    if (Buffer.isBuffer(body)) sent = body;
    else {
      const queue = [...body];
      sent = new ReadableStream<Uint8Array>({
        pull(controller) {
          const next = queue.shift();
          if (next) controller.enqueue(next);
          else controller.close();
        },
      });
    }
  }
  const res = await fetch(`${server.base}${path}`, { method: 'POST', body: sent, headers, duplex: 'half' } as RequestInit);
  return { status: res.status, body: (await res.json()) as { code: number; msg?: string; songId?: string } };
}

/** Uploads `file` TRIES times each way; lists the answers other than `status` `msg`, by way. */
async function answersOtherThan(
  server: Server,
  path: string,
  file: Buffer,
  limit: number,
  [field, type]: [string, string],
  status: number,
  msg: string,
) {
  const seen: Record<string, string[]> = {};
  for (const [name, make] of Object.entries(chunkings(file, limit, field, type))) {
    for (let i = 0; i < TRIES; i++) {
      const res = await post(server, path, make());
      if (res.status !== status || res.body.code !== status || res.body.msg !== msg)
        (seen[name] ??= []).push(`${res.status} ${res.body.msg}`);
    }
  }
  return seen;
}

/**
 * A raw socket that announces `declared` bytes of body but sends only the form's head and a
 * little of the file: the answer must come without the rest (read up to its Content-Length).
 */
function announceAndStall(server: Server, path: string, declared: number, [field, type]: [string, string]) {
  const { port } = new URL(server.base);
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => {
      text += d;
      const end = text.indexOf('\r\n\r\n');
      const length = Number(/\r\ncontent-length: (\d+)/i.exec(text)?.[1]);
      if (end < 0 || !(Buffer.byteLength(text, 'latin1') >= end + 4 + length)) return;
      socket.destroy();
      resolve({ status: Number(text.split(' ')[1]), body: JSON.parse(Buffer.from(text.slice(end + 4), 'latin1').toString('utf8')) });
    });
    socket.on('error', reject);
    socket.on('close', () => reject(new Error(`closed without a whole answer: ${JSON.stringify(text)}`)));
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: MUSIC_U=${server.session}\r\n` +
        `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${declared}\r\n\r\n`,
    );
    socket.write(Buffer.concat([around(field, type).head, Buffer.alloc(1000, 0x55)]));
  });
}

describe('the avatar’s 5 MB', () => {
  const form: [string, string] = ['imgFile', 'image/jpeg'];
  let server: Server;
  let small: Buffer;
  const padded = (size: number) => Buffer.concat([small, Buffer.alloc(size - small.length)]);
  beforeAll(async () => {
    server = await listening('13700000501');
    small = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3dc095' } })
      .jpeg()
      .toBuffer();
  }, 60_000);
  afterAll(() => close(server));

  const avatarHash = async () =>
    (await server.db.prepare('SELECT avatar_hash FROM users WHERE id = ?').pluck().get(server.userId)) as string | null;
  const refusedEveryTime = async (file: Buffer) => {
    expect(await answersOtherThan(server, '/api/avatar/upload', file, AVATAR_MAX_BYTES, form, 413, AVATAR_TOO_LARGE_MSG)).toEqual({});
    expect([await avatarHash(), filesUnder(server, 'avatars')]).toEqual([null, []]);
  };

  it('one byte over: 413 every time, however the body is cut, and nothing is stored', async () => {
    await refusedEveryTime(padded(AVATAR_MAX_BYTES + 1));
  }, 120_000);

  it('a small JPEG followed by 6 MB of zeros: 413 every time', async () => {
    await refusedEveryTime(padded(small.length + 6 * 1024 * 1024));
  }, 120_000);

  it('a real 8.7 MB JPEG: 413 every time', async () => {
    const photo = await sharp({
      create: { width: 2880, height: 2160, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 80 } },
    })
      .jpeg({ quality: 100 })
      .toBuffer();
    expect(photo.length).toBeGreaterThan(8_500_000);
    await refusedEveryTime(photo);
  }, 180_000);

  it('a body announced beyond the limit is answered 413 at once, before it is sent', async () => {
    const declared = AVATAR_MAX_BYTES + FORM_OVERHEAD_BYTES + 1;
    expect(await announceAndStall(server, '/api/avatar/upload', declared, form)).toEqual({
      status: 413,
      body: { code: 413, msg: AVATAR_TOO_LARGE_MSG },
    });
    expect(await announceAndStall(server, '/api/avatar/upload', 100 * 1024 * 1024, form)).toMatchObject({ status: 413 });
    expect([await avatarHash(), filesUnder(server, 'avatars')]).toEqual([null, []]);
  });

  it('exactly 5 MB is taken, however the body is cut', async () => {
    for (const [name, make] of Object.entries(chunkings(padded(AVATAR_MAX_BYTES), AVATAR_MAX_BYTES, ...form))) {
      const res = await post(server, '/api/avatar/upload', make());
      expect([name, res.status, res.body.code]).toEqual([name, 200, 200]);
    }
    expect(filesUnder(server, 'avatars')).toEqual([`${await avatarHash()}.jpg`]);
  }, 60_000);
});

describe('the cloud drive’s quota', () => {
  const form: [string, string] = ['songFile', 'audio/wav'];
  let work: string;
  let wav: Buffer;
  let server: Server;
  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'cloudtune-limit-audio-'));
    await runFfmpeg(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=3', join(work, 'a.wav')]);
    wav = readFileSync(join(work, 'a.wav'));
    // The quota is exactly one file.
    server = await listening('13700000502', { cloudQuotaBytes: wav.length });
  }, 60_000);
  afterAll(async () => {
    await close(server);
    rmSync(work, { recursive: true, force: true });
  });
  const rows = async () => (await server.db.prepare('SELECT COUNT(*) FROM cloud_songs').pluck().get()) as number;

  it('one byte over what is left: 507 云盘空间不足 every time, however the body is cut, and nothing is stored', async () => {
    const over = Buffer.concat([wav, Buffer.from([0])]);
    expect(await answersOtherThan(server, '/api/cloud', over, wav.length, form, 507, CLOUD_FULL_MSG)).toEqual({});
    expect([await rows(), filesUnder(server, 'cloud')]).toEqual([0, []]);
  }, 120_000);

  it('a body announced beyond what is left is answered at once', async () => {
    const declared = wav.length + FORM_OVERHEAD_BYTES + 1;
    expect(await announceAndStall(server, '/api/cloud', declared, form)).toEqual({ status: 507, body: { code: 507, msg: CLOUD_FULL_MSG } });
    expect([await rows(), filesUnder(server, 'cloud')]).toEqual([0, []]);
  });

  it('exactly what is left is taken, however the body is cut', async () => {
    for (const [name, make] of Object.entries(chunkings(wav, wav.length, ...form))) {
      const res = await post(server, '/api/cloud', make());
      expect([name, res.status, res.body.code]).toEqual([name, 200, 200]);
      expect([await rows(), filesUnder(server, 'cloud')]).toEqual([1, [expect.stringMatching(/^[0-9a-f]{64}\.wav$/)]]);
      const removed = await call(server.t.app, `/api/user/cloud/del?id=${res.body.songId}`, { session: server.session, method: 'POST' });
      expect(removed.body.code).toBe(200);
    }
  }, 60_000);
});

describe('forms and bodies', () => {
  let server: Server;
  beforeAll(async () => {
    server = await listening('13700000503');
  }, 60_000);
  afterAll(() => close(server));

  /** A JSON or urlencoded body of exactly `size` bytes, padded in a param nobody reads. */
  const bodyOf = (type: 'json' | 'form', size: number): Buffer => {
    const [before, after] = type === 'json' ? ['{"type":"0","pad":"', '"}'] : ['type=0&pad=', ''];
    return Buffer.from(before + 'x'.repeat(size - before.length - after.length) + after);
  };
  const contentType = { json: 'application/json', form: 'application/x-www-form-urlencoded' };
  const send = async (type: 'json' | 'form', body: Buffer, pieces: 'one buffer' | 'the limit at a chunk boundary') => {
    const sent =
      pieces === 'one buffer'
        ? body
        : new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(body.subarray(0, BODY_LIMIT));
              if (body.length > BODY_LIMIT) controller.enqueue(body.subarray(BODY_LIMIT));
              controller.close();
            },
          });
    const res = await fetch(`${server.base}/api/banner`, {
      method: 'POST',
      body: sent,
      headers: { 'content-type': contentType[type] },
      duplex: 'half',
    } as RequestInit);
    return { status: res.status, body: (await res.json()) as { code: number; msg?: string } };
  };
  /** Fastify's bodyLimit, the same for JSON and forms. */
  const BODY_LIMIT = 1024 * 1024;

  it('a JSON or form body of 1 MiB is read; one byte more is 413 请求内容过大, however it is sent', async () => {
    for (const type of ['json', 'form'] as const) {
      for (const pieces of ['one buffer', 'the limit at a chunk boundary'] as const) {
        expect([type, pieces, (await send(type, bodyOf(type, BODY_LIMIT), pieces)).status]).toEqual([type, pieces, 200]);
        for (let i = 0; i < 5; i++) {
          expect([type, pieces, await send(type, bodyOf(type, BODY_LIMIT + 1), pieces)]).toEqual([
            type,
            pieces,
            { status: 413, body: { code: 413, msg: BODY_TOO_LARGE_MSG } },
          ]);
        }
      }
    }
  });

  it('a form with more fields than allowed, or a field cut at 1 KiB, is 413 上传的表单内容过多 and stores nothing', async () => {
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const withFields = (fields: Record<string, string>, field = 'imgFile') => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append(field, new Blob([png], { type: 'image/png' }), 'a.png');
      return form;
    };
    const refused = { status: 413, body: { code: 413, msg: FORM_TOO_LARGE_MSG } };
    const many = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`f${i}`, '1']));
    expect(await post(server, '/api/avatar/upload', withFields(many))).toEqual(refused);
    expect(await post(server, '/api/cloud', withFields(many, 'songFile'))).toEqual(refused);
    // 1,025 characters of imgSize: its first 1,024 must not be taken for it.
    expect(await post(server, '/api/avatar/upload', withFields({ imgSize: '0'.repeat(1022) + '200' }))).toEqual(refused);
    const avatar = await server.db.prepare('SELECT avatar_hash FROM users WHERE id = ?').pluck().get(server.userId);
    const cloudRows = await server.db.prepare('SELECT COUNT(*) FROM cloud_songs').pluck().get();
    expect([avatar, filesUnder(server, 'avatars'), cloudRows, filesUnder(server, 'cloud')]).toEqual([null, [], 0, []]);
    // Within the limits, the same form is taken.
    expect((await post(server, '/api/avatar/upload', withFields({ imgSize: '0'.repeat(1021) + '200' }))).status).toBe(200);
  });
});
