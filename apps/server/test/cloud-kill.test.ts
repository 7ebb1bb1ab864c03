import { spawn, type ChildProcess } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../src/db/connection.ts';
import { freshDataDir } from './helpers.ts';
import { runFfmpeg } from './import-media.ts';

/**
 * `kill -9` of the real server (the CLI's `serve`, its own process) in the middle of a 50 MB
 * cloud upload: the part already on disk is a temporary file, no row was written, and the next
 * start sweeps the temporary file away — the data dir holds no partial upload and the drive is
 * empty. A file that did reach its place but never got its row (death between the rename and
 * the insert) is deleted at start too.
 */
const serverDir = fileURLToPath(new URL('..', import.meta.url));
const UPLOAD_BYTES = 50 * 1024 * 1024;
const SENT_BEFORE_KILL = 12 * 1024 * 1024;
let dataDir: string;
let mp3: Buffer;
const children: ChildProcess[] = [];

beforeAll(async () => {
  dataDir = freshDataDir();
  const file = join(dataDir, 'start.mp3');
  await runFfmpeg(['-f', 'lavfi', '-i', 'sine=frequency=330:duration=2', '-b:a', '128k', file]);
  mp3 = readFileSync(file);
  rmSync(file);
});
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts `cloudtune serve` (API-only, a free port) over the data dir; resolves its base URL once it prints its line. */
function serve(): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'serve'], {
    cwd: serverDir,
    env: { ...process.env, PORT: '0', CLOUDTUNE_API_ONLY: '1', CLOUDTUNE_DATA: dataDir, CLOUDTUNE_LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout!.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      const m = /Cloudtune is serving at http:\/\/localhost:(\d+)\//.exec(out);
      if (m) resolve({ child, base: `http://127.0.0.1:${m[1]}` });
    });
    child.stderr!.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.once('exit', (code, signal) => reject(new Error(`server exited (${code ?? signal}) before it was ready:\n${out}`)));
  });
}

function send(base: string, path: string, headers: Record<string, string> = {}): Promise<{ res: IncomingMessage; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { method: 'POST', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ res, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function login(base: string): Promise<string> {
  const { res } = await send(base, '/login/cellphone?phone=13800000000&password=cloudtune');
  const cookie = (res.headers['set-cookie'] ?? []).find((c) => c.startsWith('MUSIC_U='));
  expect(cookie).toBeDefined();
  return cookie!.split(';')[0]!;
}

/** Every file under <data>/media/cloud, relative to it, with its size. */
function cloudFiles(): { name: string; size: number }[] {
  const root = join(dataDir, 'media', 'cloud');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => ({ name: relative(root, join(e.parentPath, e.name)), size: statSync(join(e.parentPath, e.name)).size }));
}

async function cloudRows(): Promise<number> {
  const db = await openDatabase(dataDir);
  try {
    return (await db.prepare('SELECT COUNT(*) FROM cloud_songs').pluck().get()) as number;
  } finally {
    await db.close();
  }
}

describe('kill -9 during a cloud upload', () => {
  it('leaves no partial file and no row once the server is back', { timeout: 180_000 }, async () => {
    const first = await serve();
    const cookie = await login(first.base);
    const boundary = '----cloudtune-kill';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="songFile"; filename="huge.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const req = httpRequest(`${first.base}/cloud`, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + UPLOAD_BYTES + tail.length),
        cookie,
      },
    });
    const failed = new Promise<Error>((resolve) => req.on('error', resolve));
    let dead = false;
    void failed.then(() => (dead = true));
    // A real MP3's start, then 1 MB writes at the pace the server takes them — the first 12 MB of the
    // 50 announced: the server is surely mid-body when it dies, however fast this machine is.
    let sent = 0;
    const pump = (async () => {
      req.write(head);
      req.write(mp3);
      sent = mp3.length;
      const chunk = Buffer.alloc(1024 * 1024, 0x55);
      while (!dead && sent < SENT_BEFORE_KILL) {
        const piece = chunk.subarray(0, Math.min(chunk.length, UPLOAD_BYTES - sent));
        sent += piece.length;
        // Waits for the server to take more — or for the connection to die with it.
        if (!req.write(piece)) await Promise.race([new Promise((r) => req.once('drain', r)), failed]);
      }
    })();

    // Mid-upload: a temporary file of several megabytes is on disk.
    await vi.waitFor(
      () => {
        const tmp = cloudFiles().filter((f) => f.name.endsWith('.tmp'));
        expect(tmp).toHaveLength(1);
        expect(tmp[0]!.size).toBeGreaterThan(10 * 1024 * 1024);
      },
      { timeout: 60_000, interval: 20 },
    );
    const exited = new Promise((r) => first.child.once('exit', r));
    const sentBeforeKill = sent;
    first.child.kill('SIGKILL');
    await exited;
    await failed;
    await pump;
    expect(sentBeforeKill).toBeLessThan(UPLOAD_BYTES);

    // What the dead server left: the partial temporary file, and no row.
    const left = cloudFiles();
    expect(left.map((f) => f.name)).toEqual([expect.stringMatching(/^upload\.\d+-[0-9a-f]+\.tmp$/)]);
    expect(left[0]!.size).toBeLessThan(UPLOAD_BYTES);
    expect(await cloudRows()).toBe(0);
    // As if a second upload had died between its rename into place and its row.
    const orphan = join(dataDir, 'media', 'cloud', 'ab', `ab${'0'.repeat(62)}.mp3`);
    mkdirSync(join(orphan, '..'), { recursive: true });
    writeFileSync(orphan, mp3);

    const second = await serve();
    expect(cloudFiles()).toEqual([]);
    expect(await cloudRows()).toBe(0);
    const list = await send(second.base, '/user/cloud', { cookie: await login(second.base) });
    expect(JSON.parse(list.body)).toMatchObject({ code: 200, count: 0, data: [], size: '0' });
    const exitedAgain = new Promise((r) => second.child.once('exit', r));
    second.child.kill('SIGTERM');
    await exitedAgain;
  });
});

/** The server process's peak resident memory so far (Linux), in bytes. */
const peakRss = (pid: number): number => Number(/^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;

describe('a 200 MB upload', () => {
  it('streams to disk: the server never holds the file in memory', { timeout: 180_000 }, async () => {
    const wav = join(dataDir, 'long.wav');
    // 19'50" of stereo CD audio: 200 MiB.
    await runFfmpeg(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1189', '-ac', '2', '-ar', '44100', wav]);
    const size = statSync(wav).size;
    expect(size).toBeGreaterThan(200 * 1024 * 1024);
    const server = await serve();
    const cookie = await login(server.base);
    const before = peakRss(server.child.pid!);

    const boundary = '----cloudtune-big';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="songFile"; filename="long.wav"\r\nContent-Type: audio/wav\r\n\r\n`;
    const tail = `\r\n--${boundary}--\r\n`;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        `${server.base}/cloud`,
        {
          method: 'POST',
          headers: {
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': String(Buffer.byteLength(head) + size + Buffer.byteLength(tail)),
            cookie,
          },
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8').on('data', (d: string) => (body += d));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
        },
      );
      req.on('error', reject);
      req.write(head);
      createReadStream(wav)
        .on('end', () => req.end(tail))
        .pipe(req, { end: false });
    });
    const after = peakRss(server.child.pid!);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 200, privateCloud: { fileSize: size, fileName: 'long.wav', songName: 'long' } });
    // The whole file is 200 MB; the server's peak grows by a small fraction of it (30 MB measured).
    expect(after - before).toBeLessThan(64 * 1024 * 1024);
    const stored = cloudFiles();
    expect(stored).toEqual([{ name: expect.stringMatching(/^[0-9a-f]{2}\/[0-9a-f]{64}\.wav$/), size }]);
    const exited = new Promise((r) => server.child.once('exit', r));
    server.child.kill('SIGTERM');
    await exited;
  });
});
