import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@cloudtune/e2e/server';
import { prepareBigLibrary } from './big-library.ts';
import { cpuTimes, fmt } from './process-stats.ts';
import { earlierBuild, LAST_SYNCHRONOUS_BUILD } from './earlier-build.ts';
import { hasCommand, wrk } from './wrk.ts';

/**
 * The data layer on SQLite, beside the same paths on a build from before the repositories became
 * asynchronous ("before", the baseline, measured in the same run): requests that read songs,
 * playlists, albums and sessions or write a play. Goal: "now" within 10 % of "before" — CPU per
 * request at most 1.10×, throughput at least 0.90×.
 *
 * What makes the comparison fair:
 * - each build's server is a process of its own, on its own copy of one library; the load comes
 *   from outside both (wrk, C, one thread), and only the server being measured is sent requests;
 * - both servers run on one CPU and wrk on another (taskset): each build meets the same core, and
 *   whatever else runs there, in turn. Unpinned, the scheduler kept each server on a core of its
 *   own for minutes, and one build measured against itself came out 0.89× or 1.06× by which core
 *   had the busier neighbours;
 * - the figure is that process's CPU time, user + kernel (utime + stime of /proc/<pid>/stat,
 *   every thread of it: JavaScript, GC, libuv), over a round, divided by the answers wrk
 *   received; a round lasts a second or more, so the 10 ms clock tick is a small part of it.
 *   The sum, not user time alone: the kernel counts the sum exactly but splits it between user
 *   and kernel by tick samples scaled over the process's whole life, so a round's user share is
 *   approximate (it is printed beside, for information);
 * - throughput is wrk's answers per second at CONNECTIONS connections;
 * - every path's answer is checked once on each build (HTTP 200, an answer saying success; its
 *   size is printed), and a round with a failed answer stops the bench;
 * - both builds get the same warm-up of each path, then pairs of rounds in ABBA order
 *   (before-now, now-before, …): a pair shares the machine's load of its moment and the order
 *   cancels drift, so the median of the pairs' ratios is the comparison. Its 95 % interval and
 *   the pairs' lowest and highest are printed so the noise shows, a verdict the interval does not
 *   settle is flagged, and a busy machine gets more pairs (measurePath). The load average is
 *   printed beside each path.
 *
 * The earlier build is the last synchronous commit, checked out and built for the run (a git
 * worktree), or a checkout with its server built named by BENCH_BEFORE. Without either (a copy
 * with no git history), this build's figures are printed alone.
 */
/** Pairs of rounds per path (see measurePath). */
const MIN_PAIRS = 12;
const MAX_PAIRS = 40;
const PRECISION = 0.04;
const CONNECTIONS = 8;
const SECONDS = 1;
const WARM_UP_SECONDS = 2;
/** Within 10 %: CPU per answer at most 1.10× before's, answers per second at least 0.90× before's. */
const COST_GOAL = 1.1;
const RATE_GOAL = 0.9;
/** Both servers on one CPU, wrk on another (see the comment above), when taskset is there and the machine has two. */
const PINNED = cpus().length > 1 && hasCommand('taskset');
const SERVER_CPU = cpus().length - 1;
const WRK_CPU = 0;
const thisBuild = fileURLToPath(new URL('../', import.meta.url));

interface Server {
  name: string;
  url: string;
  pid: number;
  cookie: string;
  uid: number;
  stop(): Promise<void>;
}

/** One round on one build: the server's CPU per answer (all of it, and in user mode) and the answers per second. */
interface Round {
  cpuMs: number;
  userMs: number;
  rps: number;
}

interface Goal {
  text: string;
  met(ratio: number): boolean;
}

interface Path {
  label: string;
  path: string;
  withCookie?: boolean;
}

async function serve(name: string, root: string, dataDir: string): Promise<Server> {
  const port = await freePort();
  const command = [process.execPath, 'apps/server/dist/cli.js', 'serve'];
  // taskset execs the server: the child's pid is the server's.
  if (PINNED) command.unshift('taskset', '-c', String(SERVER_CPU));
  const child = spawn(command[0]!, command.slice(1), {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), CLOUDTUNE_DATA: dataDir, CLOUDTUNE_DEMO: '1' },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  await new Promise<void>((ready, fail) => {
    child.stdout!.on('data', (d: Buffer) => /serving at/.test(d.toString()) && ready());
    child.once('exit', (code) => fail(new Error(`the server at ${root} exited with ${code}`)));
  });
  const url = `http://127.0.0.1:${port}`;
  const login = await fetch(`${url}/api/login/cellphone?phone=13800000000&password=cloudtune`, { method: 'POST' });
  const cookie = /MUSIC_U=[^;]+/.exec(login.headers.get('set-cookie') ?? '')?.[0] ?? '';
  const uid = ((await login.json()) as { account?: { id: number } }).account?.id ?? 0;
  const stop = async () => {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  return { name, url, pid: child.pid!, cookie, uid, stop };
}

const target = (server: Server, { path, withCookie }: Path): { url: string; headers: Record<string, string> } => ({
  url: `${server.url}${path.replace('uid=0', `uid=${server.uid}`)}`,
  headers: withCookie ? { cookie: server.cookie } : {},
});

/** The path's answer on `server`, checked to be a success; its size in bytes. */
async function answerBytes(server: Server, path: Path): Promise<number> {
  const { url, headers } = target(server, path);
  const res = await fetch(url, { headers });
  const body = await res.text();
  const json = JSON.parse(body) as { code?: number; 'subsonic-response'?: { status: string } };
  const ok = res.status === 200 && (json.code ?? 200) === 200 && (json['subsonic-response']?.status ?? 'ok') === 'ok';
  if (!ok) throw new Error(`${server.name} ${path.label}: HTTP ${res.status} ${body.slice(0, 200)}`);
  return Buffer.byteLength(body);
}

/** wrk against one server for `seconds`, with that server's CPU time read from /proc before and after. */
function round(server: Server, path: Path, seconds: number): Round {
  const { url, headers } = target(server, path);
  const at = cpuTimes(server.pid);
  const r = wrk(url, CONNECTIONS, seconds, headers, { threads: 1, cpu: PINNED ? WRK_CPU : undefined })!;
  const after = cpuTimes(server.pid);
  if (!(r.requests > 0) || r.errors > 0) throw new Error(`${server.name} ${path.label}: ${r.errors} failed of ${r.requests} answers`);
  const perAnswer = (s: number) => (s * 1000) / r.requests;
  return { cpuMs: perAnswer(after.user + after.system - at.user - at.system), userMs: perAnswer(after.user - at.user), rps: r.rps };
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
/** The median of `xs`, with their lowest and highest: `1.02 [0.97–1.08]`. */
const spread = (xs: number[], digits: number): string =>
  `${fmt(median(xs), digits)} [${fmt(Math.min(...xs), digits)}–${fmt(Math.max(...xs), digits)}]`;
/**
 * A 95 % confidence interval of the median of `xs`, assuming nothing of their distribution: the
 * k-th lowest and k-th highest, k the largest with P(Binomial(n, ½) < k) ≤ 2.5 % (the lowest and
 * highest when there are too few).
 */
function medianInterval(xs: number[]): [number, number] {
  const sorted = [...xs].sort((a, b) => a - b);
  const n = sorted.length;
  let k = 0;
  let below = 0;
  for (let p = 0.5 ** n; below + p <= 0.025; p = (p * (n - k)) / (k + 1), k++) below += p;
  const i = Math.max(1, k) - 1;
  return [sorted[i]!, sorted[n - 1 - i]!];
}
const load = () => `load ${loadavg()[0]!.toFixed(2)}`;

export async function measureDataLayer(): Promise<void> {
  if (!hasCommand('wrk')) {
    console.log('\n## Data layer (SQLite)\n  (skipped: wrk is not installed — apt-get install wrk)');
    return;
  }
  const checkout = process.env.BENCH_BEFORE ? null : earlierBuild(LAST_SYNCHRONOUS_BUILD);
  try {
    await compare(process.env.BENCH_BEFORE ? resolve(process.env.BENCH_BEFORE) : (checkout?.root ?? null));
  } finally {
    checkout?.remove();
  }
}

async function compare(before: string | null): Promise<void> {
  if (before && !existsSync(join(before, 'apps/server/dist/cli.js'))) throw new Error(`BENCH_BEFORE: no built server in ${before}`);
  const rounds = before
    ? `${MIN_PAIRS}–${MAX_PAIRS} pairs of ${SECONDS} s rounds in ABBA order (more while the CPU ratio's 95 % interval is wider than ±${PRECISION * 100} %)`
    : `${MIN_PAIRS} rounds of ${SECONDS} s`;
  console.log(
    `\n## Data layer (SQLite): this build ("now")${before ? ` vs. ${before} ("before", the baseline)` : ''}; goal: now within 10 % of before\n` +
      `  each server its own process${PINNED ? ` (both on CPU ${SERVER_CPU})` : ''}, loaded by wrk (1 thread${PINNED ? `, CPU ${WRK_CPU}` : ''}, ${CONNECTIONS} connections) from outside it; ${WARM_UP_SECONDS} s warm-up per path and build,\n` +
      `  then ${rounds}; CPU = the server's utime+stime per answer (/proc/<pid>/stat);\n` +
      `  figures are medians [lowest–highest] over the rounds, ratios over the pairs (load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} at start)`,
  );
  const { dataDir, bigPlaylistId } = await prepareBigLibrary();
  const sub = 'u=13800000000&p=subsonic&v=1.16.1&c=bench&f=json';
  const paths: Path[] = [
    { label: '/api/song/detail (50 songs)', path: `/api/song/detail?ids=${Array.from({ length: 50 }, (_, i) => i + 101).join(',')}` },
    { label: '/api/song/url', path: '/api/song/url?id=7' },
    { label: '/api/playlist/detail (1,000 tracks)', path: `/api/playlist/detail?id=${bigPlaylistId}` },
    { label: '/api/album', path: '/api/album?id=1' },
    { label: '/api/search 月光 (type 1)', path: `/api/search?keywords=${encodeURIComponent('月光')}&type=1&limit=30` },
    { label: '/api/user/playlist (logged in)', path: '/api/user/playlist?uid=0', withCookie: true },
    { label: '/api/scrobble (a play written)', path: '/api/scrobble?id=3&time=30', withCookie: true },
    { label: '/rest/getAlbumList2 (50, by name)', path: `/rest/getAlbumList2?${sub}&type=alphabeticalByName&size=50` },
    { label: '/rest/getRandomSongs (10)', path: `/rest/getRandomSongs?${sub}&size=10` },
  ];
  const builds: [string, string][] = before
    ? [
        ['before', before],
        ['now', thisBuild],
      ]
    : [['now', thisBuild]];
  const servers: Server[] = [];
  const copies: string[] = [];
  try {
    for (const [name, root] of builds) {
      const copy = mkdtempSync(join(tmpdir(), 'cloudtune-bench-data-layer-'));
      copies.push(copy);
      cpSync(dataDir, copy, { recursive: true });
      servers.push(await serve(name, root, copy));
    }
    const bytes = new Map<Path, number[]>();
    for (const path of paths) bytes.set(path, await Promise.all(servers.map((s) => answerBytes(s, path))));
    for (const path of paths) {
      for (const server of servers) round(server, path, WARM_UP_SECONDS);
      const rounds = measurePath(servers, path);
      const sizes = [...new Set(bytes.get(path))].map((b) => fmt(b));
      print(path.label, rounds, ` (${sizes.length > 1 ? `answers of ${sizes.join(' and ')}` : `answer of ${sizes[0]}`} bytes)`);
    }
  } finally {
    for (const server of servers) await server.stop();
    for (const copy of [...copies, dataDir]) rmSync(copy, { recursive: true, force: true });
  }
}

/**
 * A path's rounds on each build: pairs in ABBA order, at least MIN_PAIRS; while the median CPU
 * ratio's 95 % interval is wider than ±PRECISION of it (a busy machine), more quartets, up to
 * MAX_PAIRS. A single build: MIN_PAIRS rounds.
 */
function measurePath(servers: Server[], path: Path): Map<string, Round[]> {
  const rounds = new Map<string, Round[]>(servers.map((s) => [s.name, []]));
  const precise = () => {
    const [then, now] = servers.map((s) => rounds.get(s.name)!);
    if (!now) return true;
    const ratios = now.map((r, i) => r.cpuMs / then![i]!.cpuMs);
    const [low, high] = medianInterval(ratios);
    return (high - low) / 2 <= PRECISION * median(ratios);
  };
  for (let pair = 0; pair < MAX_PAIRS; pair++) {
    const order = pair % 2 === 0 ? servers : [...servers].reverse();
    for (const server of order) rounds.get(server.name)!.push(round(server, path, SECONDS));
    if (pair + 1 >= MIN_PAIRS && pair % 2 === 1 && precise()) break;
  }
  return rounds;
}

/** A path's figures: each build's median and range, the ratio now/before over the pairs, and its goal. */
function print(label: string, rounds: Map<string, Round[]>, note: string): void {
  const now = rounds.get('now')!;
  const then = rounds.get('before');
  const figures: [string, (r: Round) => number, number, Goal | null][] = [
    ['CPU ms/answer', (r) => r.cpuMs, 3, { text: `≤ ${COST_GOAL.toFixed(2)}×`, met: (ratio) => ratio <= COST_GOAL }],
    ['of it user ms', (r) => r.userMs, 3, null],
    ['answers/s', (r) => r.rps, 0, { text: `≥ ${RATE_GOAL.toFixed(2)}×`, met: (ratio) => ratio >= RATE_GOAL }],
  ];
  console.log(`  ${label}${note}, ${now.length} ${then ? 'pairs' : 'rounds'} — ${load()}`);
  for (const [name, of, digits, goal] of figures) {
    const cells = [`    ${name.padEnd(14)}`];
    if (then) cells.push(`before ${spread(then.map(of), digits)}`.padEnd(30));
    cells.push(`now ${spread(now.map(of), digits)}`.padEnd(27));
    if (then) {
      const ratios = now.map((r, i) => of(r) / of(then[i]!));
      const [low, high] = medianInterval(ratios).map((x) => x.toFixed(2));
      const pairs = `${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}`;
      cells.push(`now/before ${median(ratios).toFixed(2)}× (95 %: ${low}–${high}; pairs ${pairs})`.padEnd(50));
      if (goal) cells.push(`goal ${goal.text}: ${verdict(ratios, goal)}`);
    }
    console.log(cells.join(' ').trimEnd());
  }
}

/** Met or not by the median; flagged when the median's 95 % interval crosses the goal (the noise could decide it). */
function verdict(ratios: number[], goal: Goal): string {
  const [low, high] = medianInterval(ratios);
  const told = goal.met(low) === goal.met(high) ? '' : ' (the 95 % interval crosses the goal)';
  return `${goal.met(median(ratios)) ? 'within 10 %' : 'OUTSIDE 10 %'}${told}`;
}
