import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort } from '@cloudtune/e2e/server';
import { prepareBigLibrary } from './big-library.ts';
import { cpuTimes } from './process-stats.ts';
import { earlierBuild, LAST_SYNCHRONOUS_BUILD } from './earlier-build.ts';

/**
 * The data layer on SQLite, beside the same paths on a build from before the repositories became
 * asynchronous: requests that read songs, playlists, albums and sessions or write a play, each
 * under load, measured as the server's CPU time per request in its own code (user time: the data
 * layer is JavaScript; the kernel's time writing the same bytes to the socket — most of a large
 * answer's cost — is printed beside it but moves with the machine's load, not with the build).
 * Both builds serve copies of one library side by side, and each path is measured as a pair —
 * before, then now, the same number of requests — ROUNDS times: a pair shares the machine's load
 * of its moment, so the median of the pairs' ratios is the comparison, and the lowest figure
 * (noise only ever adds) is shown beside it. Goal: within 10 %.
 *
 * The earlier build is the last synchronous commit, checked out and built for the run (a git
 * worktree), or a checkout with its server built named by BENCH_BEFORE. Without either (a copy
 * with no git history), this build's figures are printed alone.
 */
const ROUNDS = 5;
const CONNECTIONS = 8;
/** Requests a measurement sends (a fixed count, so both builds do the same work), after a warm-up. */
const REQUESTS = 3000;
const WARM_UP = 500;
const GOAL = 1.1;
const thisBuild = fileURLToPath(new URL('../', import.meta.url));

async function serve(root: string, dataDir: string): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['apps/server/dist/cli.js', 'serve'], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), CLOUDTUNE_DATA: dataDir, CLOUDTUNE_DEMO: '1' },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  await new Promise<void>((ready, fail) => {
    child.stdout!.on('data', (d: Buffer) => /serving at/.test(d.toString()) && ready());
    child.once('exit', (code) => fail(new Error(`the server at ${root} exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

export async function measureDataLayer(): Promise<void> {
  const checkout = process.env.BENCH_BEFORE ? null : earlierBuild(LAST_SYNCHRONOUS_BUILD);
  try {
    await compare(process.env.BENCH_BEFORE ? resolve(process.env.BENCH_BEFORE) : (checkout?.root ?? null));
  } finally {
    checkout?.remove();
  }
}

async function compare(before: string | null): Promise<void> {
  if (before && !existsSync(join(before, 'apps/server/dist/cli.js'))) throw new Error(`BENCH_BEFORE: no built server in ${before}`);
  console.log(
    `\n## Data layer (SQLite): server user CPU per request${before ? `, this build vs. ${before}` : ''}; goal: within 10 % (load average ${loadavg()[0]!.toFixed(1)})`,
  );
  const { dataDir, bigPlaylistId } = await prepareBigLibrary();
  const sub = 'u=13800000000&p=subsonic&v=1.16.1&c=bench&f=json';
  const runs: [string, string, boolean?][] = [
    ['/api/song/detail (50 songs)', `/api/song/detail?ids=${Array.from({ length: 50 }, (_, i) => i + 101).join(',')}`],
    ['/api/song/url', '/api/song/url?id=7'],
    ['/api/playlist/detail (1,000 tracks)', `/api/playlist/detail?id=${bigPlaylistId}`],
    ['/api/album', '/api/album?id=1'],
    ['/api/search 月光 (type 1)', `/api/search?keywords=${encodeURIComponent('月光')}&type=1&limit=30`],
    ['/api/user/playlist (logged in)', '/api/user/playlist?uid=0', true],
    ['/api/scrobble (a play written)', '/api/scrobble?id=3&time=30', true],
    ['/rest/getAlbumList2 (50, by name)', `/rest/getAlbumList2?${sub}&type=alphabeticalByName&size=50`],
    ['/rest/getRandomSongs (10)', `/rest/getRandomSongs?${sub}&size=10`],
  ];
  const builds: [string, string][] = before
    ? [
        ['before', before],
        ['now', thisBuild],
      ]
    : [['now', thisBuild]];
  const cpuMs = new Map<string, number[]>();
  const systemMs = new Map<string, number[]>();
  const servers: { name: string; url: string; pid: number; stop(): Promise<void>; cookie: string; uid: number }[] = [];
  const copies: string[] = [];
  try {
    for (const [name, root] of builds) {
      const copy = mkdtempSync(join(tmpdir(), 'cloudtune-bench-data-layer-'));
      copies.push(copy);
      cpSync(dataDir, copy, { recursive: true });
      const server = await serve(root, copy);
      const login = await fetch(`${server.url}/api/login/cellphone?phone=13800000000&password=cloudtune`, { method: 'POST' });
      const cookie = /MUSIC_U=[^;]+/.exec(login.headers.get('set-cookie') ?? '')?.[0] ?? '';
      const uid = ((await login.json()) as { account?: { id: number } }).account?.id ?? 0;
      servers.push({ name, ...server, cookie, uid });
    }
    for (let round = 0; round < (before ? ROUNDS : 1); round++)
      for (const [label, path, withCookie] of runs)
        for (const server of servers) {
          const url = `${server.url}${path.replace('uid=0', `uid=${server.uid}`)}`;
          const headers = withCookie ? { cookie: server.cookie } : undefined;
          await autocannon({ url, connections: CONNECTIONS, amount: WARM_UP, headers });
          const at = cpuTimes(server.pid);
          const r = await autocannon({ url, connections: CONNECTIONS, amount: REQUESTS, headers });
          const after = cpuTimes(server.pid);
          const perRequest = (seconds: number) => (seconds * 1000) / Math.max(1, r.requests.total);
          const key = `${server.name} ${label}`;
          cpuMs.set(key, [...(cpuMs.get(key) ?? []), perRequest(after.user - at.user)]);
          systemMs.set(key, [...(systemMs.get(key) ?? []), perRequest(after.system - at.system)]);
        }
  } finally {
    for (const server of servers) await server.stop();
    for (const copy of [...copies, dataDir]) rmSync(copy, { recursive: true, force: true });
  }
  for (const [label] of runs) {
    const now = cpuMs.get(`now ${label}`)!;
    const kernel = (build: string) => `kernel ${median(systemMs.get(`${build} ${label}`)!).toFixed(3)}`;
    if (!before) {
      console.log(`  ${label.padEnd(36)} ${median(now).toFixed(3)} ms user CPU/request (${kernel('now')})`);
      continue;
    }
    const then = cpuMs.get(`before ${label}`)!;
    const ratio = median(now.map((ms, i) => ms / then[i]!));
    console.log(
      `  ${label.padEnd(36)} now ${median(now).toFixed(3)} (lowest ${Math.min(...now).toFixed(3)}, ${kernel('now')})  before ${median(then).toFixed(3)} (lowest ${Math.min(...then).toFixed(3)}, ${kernel('before')}) ms user CPU/request  ${ratio.toFixed(2)}×  ${ratio <= GOAL ? 'within 10 %' : 'OUTSIDE 10 %'}`,
    );
  }
}
