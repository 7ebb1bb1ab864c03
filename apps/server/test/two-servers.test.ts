import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { freshDataDir } from './helpers.ts';

/**
 * Two real `cloudtune serve` processes on one data directory, as behind a load balancer: what one
 * acknowledges (a QR login, the FM's trash, a like) the other answers alike.
 */
const serverDir = fileURLToPath(new URL('..', import.meta.url));
const dataDir = freshDataDir();
const children: ChildProcess[] = [];

/** Starts `cloudtune serve` on the shared data dir; resolves with its base URL once it listens. */
function serve(): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'serve'], {
    cwd: serverDir,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', CLOUDTUNE_DATA: dataDir, CLOUDTUNE_WEB_DIST: dataDir, CLOUDTUNE_DEMO: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  return new Promise((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
      const m = /Cloudtune is serving at http:\/\/localhost:(\d+)\//.exec(stdout);
      if (m) resolve(`http://127.0.0.1:${m[1]}`);
    });
    child.on('close', () => reject(new Error(`the server exited before listening: ${stdout}${stderr}`)));
  });
}

let a: string;
let b: string;
beforeAll(async () => {
  // Both are first starts on an empty library, at once: one seeds it, the other waits and opens it seeded.
  [a, b] = await Promise.all([serve(), serve()]);
}, 120_000);
afterAll(async () => {
  await Promise.all(
    children.map((child) =>
      child.exitCode === null ? new Promise((resolve) => (child.on('close', resolve), child.kill('SIGTERM'))) : Promise.resolve(),
    ),
  );
  rmSync(dataDir, { recursive: true, force: true });
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
async function get(base: string, path: string, session?: string): Promise<{ status: number; body: Json; cookies: string[] }> {
  const res = await fetch(`${base}/api${path}`, { headers: session ? { cookie: `MUSIC_U=${session}` } : {} });
  return { status: res.status, body: (await res.json()) as Json, cookies: res.headers.getSetCookie() };
}
const sessionFrom = (cookies: string[]) => /MUSIC_U=([0-9a-f]{64})/.exec(cookies.join('\n'))![1]!;

test('a QR login, the FM trash and a like made through one server are seen through the other', { timeout: 60_000 }, async () => {
  const login = await get(a, '/login/cellphone?phone=13800000000&password=cloudtune');
  expect(login.body.code).toBe(200);
  const session = sessionFrom(login.cookies);
  // the session works on the other process
  expect((await get(b, '/login/status', session)).body.data.account.id).toBe(login.body.account.id);

  // QR: key from A, opened and approved on B, polled on A
  const key = (await get(a, '/login/qr/key')).body.data.unikey as string;
  expect((await get(b, `/login/qr/check?key=${key}`)).body.code).toBe(801);
  const page = await fetch(`${b}/api/login/qr/approve?key=${key}`, { headers: { cookie: `MUSIC_U=${session}`, 'sec-fetch-site': 'none' } });
  expect(await page.text()).toContain('确认登录');
  expect((await get(a, `/login/qr/check?key=${key}`)).body.code).toBe(802);
  const approved = await fetch(`${b}/api/login/qr/approve`, {
    method: 'POST',
    body: `key=${key}&action=approve`,
    headers: { cookie: `MUSIC_U=${session}`, 'content-type': 'application/x-www-form-urlencoded', origin: b },
  });
  expect(await approved.text()).toContain('已确认登录');
  const polled = await get(a, `/login/qr/check?key=${key}`);
  expect(polled.body.code).toBe(803);
  expect((await get(b, '/login/status', sessionFrom(polled.cookies))).body.data.account.id).toBe(login.body.account.id);
  expect((await get(b, `/login/qr/check?key=${key}`)).body.code).toBe(800);

  // FM: trashed through B, kept out by A
  const fm = (await get(a, '/personal_fm', session)).body.data as Json[];
  const trashed = fm[0]!.id as number;
  expect((await get(b, `/fm_trash?id=${trashed}`, session)).body.code).toBe(200);
  for (let i = 0; i < 5; i++) expect(((await get(a, '/personal_fm', session)).body.data as Json[]).map((s) => s.id)).not.toContain(trashed);

  // a like through A is in B's answers at once (B read the playlist before: its cached body is not served)
  const song = fm[1]!.id as number;
  const unliked = await get(a, `/like?id=${song}&like=false`, session);
  const liked = unliked.body.playlistId as number;
  const tracks = async (base: string) =>
    ((await get(base, `/playlist/detail?id=${liked}`, session)).body.playlist.trackIds as Json[]).map((t) => t.id as number);
  expect(await tracks(b)).not.toContain(song);
  expect((await get(a, `/like?id=${song}`, session)).body.code).toBe(200);
  expect(await tracks(b)).toContain(song);
  expect((await get(b, `/likelist?uid=${login.body.account.id}`, session)).body.ids).toContain(song);
});
