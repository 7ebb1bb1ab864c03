import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCluster, startNginx, type Cluster, type Nginx } from '@cloudtune/e2e/cluster';
import { freePort } from '@cloudtune/e2e/server';
import { cpuSeconds, machineBusySeconds, processTree } from './process-stats.ts';
import { hasCommand } from './wrk.ts';

/**
 * Throughput beyond one process: `/playlist/detail` and `/song/url` (20 songs, rendered) through
 * nginx with one and with two server processes on PostgreSQL and S3, everything on this
 * machine, sharing its cores. The goal is two ≥ 1.3× one: no shared bottleneck (a lock, a single
 * connection, a cache only one process warms, the database or nginx doing most of the work).
 *
 * Fair by construction:
 * - one cluster of two processes, and two nginx fronts over it — one sending to the first
 *   process only, one to both — so both figures meet the same database, bucket and warm caches;
 * - wrk (C, one thread) as the load, with enough connections to keep every process busy; its
 *   own CPU is measured and printed, so a load generator starving the servers shows;
 * - a warm-up (the songs rendered, the answers cached, connections opened), then rounds that
 *   alternate 1 and 2 (1-2, 2-1, …, cancelling drift), the median of the rounds taken;
 * - two baselines of the same run: nginx alone serving a static file of the answer's size, what no
 *   server behind it can beat; and share-nothing servers (no database, nothing in common) doing as
 *   much CPU work per answer as ours, one and two behind the same nginx: the two-over-one this
 *   machine gives a server that scales perfectly, against which ours is read;
 * - where the cores went in each configuration (each server process, PostgreSQL, nginx, wrk,
 *   the bench itself — s3rver lives in it — and everything else on the machine): two processes
 *   can be 2× one only when each is CPU-bound on its own JavaScript and the rest stay small.
 */
const CONNECTIONS = 32;
const SECONDS = 5;
const WARM_UP_SECONDS = 3;
const ROUNDS = 3;
const GOAL = 1.3;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** CPU seconds per second (1.0 = one core busy), by what used them. */
type Cores = Record<string, number>;

interface Run {
  rps: number;
  errors: number;
  cores: Cores;
}

/** The share-nothing servers' rounds, and the CPU per answer (seconds) each spent in its process. */
interface Baseline {
  cpuPerAnswer: number;
  runs: Record<1 | 2, Run[]>;
}

interface Target {
  label: string;
  path: string;
  bytes: number;
}

/** Runs wrk (one thread) against `url`; its own CPU comes from the shell's `times` for its children. */
async function wrk(url: string, seconds: number, cookie: string): Promise<{ rps: number; errors: number; cpu: number }> {
  const script = `wrk -t1 -c${CONNECTIONS} -d${seconds}s --latency -H 'cookie: ${cookie}' '${url}'; times`;
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn('bash', ['-c', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    child.stdout.on('data', (c: Buffer) => (text += c.toString()));
    child.once('error', reject);
    child.once('exit', () => resolve(text));
  });
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN);
  const errors = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0) + Number(/Socket errors:.*?(\d+)/.exec(out)?.[1] ?? 0);
  // `times` prints the shell's own user/system times, then its children's: "0m1.234s 0m0.567s".
  const children = out.trim().split('\n').at(-1) ?? '';
  const cpu = [...children.matchAll(/(\d+)m([\d.]+)s/g)].reduce((sum, [, m, s]) => sum + Number(m) * 60 + Number(s), 0);
  return { rps, errors, cpu };
}

/** CPU per process group over `work`, in cores (CPU seconds per wall second). */
async function measured<T extends { cpu: number }>(
  groups: Record<string, () => number[]>,
  work: () => Promise<T>,
): Promise<{ result: T; cores: Cores }> {
  const before = new Map(Object.entries(groups).map(([name, pids]) => [name, new Map(pids().map((p) => [p, safeCpu(p)]))]));
  const bench = process.cpuUsage();
  const busy = machineBusySeconds();
  const started = performance.now();
  const result = await work();
  const wall = (performance.now() - started) / 1000;
  const cores: Cores = {};
  for (const [name, pids] of Object.entries(groups)) {
    const start = before.get(name)!;
    cores[name] = pids().reduce((sum, p) => sum + Math.max(0, safeCpu(p) - (start.get(p) ?? 0)), 0) / wall;
  }
  const own = process.cpuUsage(bench);
  cores['bench (s3rver)'] = (own.user + own.system) / 1e6 / wall;
  cores.wrk = result.cpu / wall;
  const ours = Object.values(cores).reduce((a, b) => a + b, 0);
  const machine = (machineBusySeconds() - busy) / wall;
  cores['others on the machine'] = Math.max(0, machine - ours);
  cores.idle = Math.max(0, cpus().length - machine);
  return { result, cores };
}

const safeCpu = (pid: number): number => {
  try {
    return cpuSeconds(pid);
  } catch {
    return 0;
  }
};

/**
 * The machine's own two-over-one for this answer: share-nothing servers doing as much CPU work per
 * answer as the server's process did with one process (`own`, CPU seconds per answer), behind the
 * same nginx, under the same wrk, in the same alternating rounds. Their work is set from their
 * cost with none (the HTTP and the kernel's part), so that in all they cost what the server did.
 */
async function shareNothingRounds(t: Target, own: number, body: ArrayBuffer, cookie: string): Promise<Baseline> {
  const servers = await shareNothingServers(Buffer.from(body));
  try {
    const groups = (nginx: number) => ({
      'server 1': () => [servers.pids[0]],
      'server 2': () => [servers.pids[1]],
      nginx: () => processTree(nginx),
    });
    const url = (n: 1 | 2) => `${servers.fronts[n].origin}${t.path}`;
    await wrk(url(1), WARM_UP_SECONDS, cookie);
    const bare = await measured(groups(servers.fronts[1].pid), () => wrk(url(1), SECONDS, cookie));
    const work = Math.max(0, own - bare.cores['server 1']! / bare.result.rps);
    await servers.work(work * 1e6);
    for (const n of [1, 2] as const) await wrk(url(n), WARM_UP_SECONDS, cookie);
    const runs: Record<1 | 2, Run[]> = { 1: [], 2: [] };
    for (let round = 0; round < ROUNDS; round++) {
      for (const n of roundOrder(round)) {
        const { result, cores } = await measured(groups(servers.fronts[n].pid), () => wrk(url(n), SECONDS, cookie));
        runs[n].push({ rps: result.rps, errors: result.errors, cores });
      }
    }
    return { cpuPerAnswer: own, runs };
  } finally {
    await servers.stop();
  }
}

/** Two share-nothing servers (bench/share-nothing-server.ts) answering with `body`, and nginx fronts to the first and to both. */
async function shareNothingServers(body: Buffer): Promise<{
  pids: [number, number];
  fronts: Record<1 | 2, Nginx>;
  work(us: number): Promise<void>;
  stop(): Promise<void>;
}> {
  const dir = mkdtempSync(join(tmpdir(), 'cloudtune-bench-share-nothing-'));
  writeFileSync(join(dir, 'body.json'), body);
  const script = new URL('./share-nothing-server.ts', import.meta.url).pathname;
  const children: ChildProcess[] = [];
  const urls: string[] = [];
  for (let i = 0; i < 2; i++) {
    const port = await freePort();
    const child = fork(script, [String(port), join(dir, 'body.json')], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
    children.push(child);
    await new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('exit', (code) => reject(new Error(`the share-nothing server exited (${code})`)));
    });
    urls.push(`http://127.0.0.1:${port}`);
  }
  const fronts = { 1: await startNginx([urls[0]!]), 2: await startNginx(urls) };
  return {
    pids: [children[0]!.pid!, children[1]!.pid!],
    fronts,
    async work(us) {
      for (const u of urls) await fetch(`${u}/__work?us=${us}`, { method: 'POST' });
    },
    async stop() {
      await fronts[1].stop();
      await fronts[2].stop();
      for (const c of children) c.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** nginx alone serving files of the answers' sizes: the ceiling of this machine for such answers. */
async function staticBaseline(targets: readonly Target[]): Promise<{ nginx: Nginx; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'cloudtune-bench-static-'));
  for (const t of targets) writeFileSync(join(dir, `${t.bytes}.json`), Buffer.alloc(t.bytes, 'x'));
  const nginx = await startNginx(
    [],
    (nginxDir, port) => `worker_processes 1; daemon off; pid ${nginxDir}/nginx.pid; error_log ${nginxDir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${nginxDir}/body; proxy_temp_path ${nginxDir}/proxy; fastcgi_temp_path ${nginxDir}/fcgi; uwsgi_temp_path ${nginxDir}/uwsgi; scgi_temp_path ${nginxDir}/scgi;
  server { listen 127.0.0.1:${port}; root ${dir}; }
}
`,
  );
  return { nginx, dir };
}

async function targetsOf(cluster: Cluster, cookie: string): Promise<Target[]> {
  const o = cluster.origin;
  const playlists = ((await (await fetch(`${o}/api/personalized?limit=1`)).json()) as Json).result as Json[];
  const songs = ((await (await fetch(`${o}/api/top/song?type=0`)).json()) as Json).data as Json[];
  const ids = songs.slice(0, 20).map((s) => s.id as number);
  // Played once: a playlist someone listens to has its songs rendered (and /song/url reports their files).
  const urls = ((await (await fetch(`${o}/api/song/url?id=${ids.join(',')}`, { headers: { cookie } })).json()) as Json).data as Json[];
  for (const u of urls) {
    const res = await fetch(u.url as string, { headers: { cookie } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${u.url as string}: ${res.status}`);
  }
  const targets = [
    { label: '/playlist/detail', path: `/api/playlist/detail?id=${playlists[0]!.id as number}` },
    { label: '/song/url', path: `/api/song/url?id=${ids.join(',')}` },
  ];
  return Promise.all(
    targets.map(async (t) => ({ ...t, bytes: (await (await fetch(`${o}${t.path}`, { headers: { cookie } })).arrayBuffer()).byteLength })),
  );
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const coresLine = (cores: Cores): string =>
  Object.entries(cores)
    .filter(([, c]) => c >= 0.005)
    .map(([name, c]) => `${name} ${c.toFixed(2)}`)
    .join(', ');

/** Round `round`'s order of one and two processes: 1-2, 2-1, … (alternating cancels drift). */
const roundOrder = (round: number) => (round % 2 === 0 ? ([1, 2] as const) : ([2, 1] as const));

/** The median rounds' requests per second with one and with two processes, and two over one. */
function twoOverOne(runs: Record<1 | 2, Run[]>): { one: number; two: number; ratio: number } {
  const [one, two] = [median(runs[1].map((x) => x.rps)), median(runs[2].map((x) => x.rps))];
  return { one, two, ratio: two / one };
}

/** Each round's requests per second, and where the cores went in the median round of each. */
function printRounds(indent: string, runs: Record<1 | 2, Run[]>): void {
  console.log(
    `${indent}rounds (req/s): one ${runs[1].map((x) => x.rps.toFixed(0)).join(' ')}; two ${runs[2].map((x) => x.rps.toFixed(0)).join(' ')}`,
  );
  for (const n of [1, 2] as const) {
    const mid = [...runs[n]].sort((a, b) => a.rps - b.rps)[runs[n].length >> 1]!;
    console.log(`${indent}cores with ${n} (median round): ${coresLine(mid.cores)}`);
  }
}

export async function measureCluster(): Promise<void> {
  console.log(`\n## Beyond one process: throughput through nginx, PostgreSQL + S3 (${cpus().length} cores, all on this machine)`);
  if (!hasCommand('wrk')) {
    console.log('  (skipped: wrk is not installed — apt-get install wrk)');
    return;
  }
  const cluster = await startCluster({ processes: 2 });
  const cleanup: (() => Promise<void>)[] = [() => cluster.stop()];
  try {
    const [first, second] = cluster.servers;
    const one = await startNginx([first!.url]);
    cleanup.push(() => one.stop());
    const login = await fetch(`${cluster.origin}/api/login/cellphone?phone=13800000000&password=cloudtune`, { method: 'POST' });
    const cookie = /MUSIC_U=[^;]+/.exec(login.headers.get('set-cookie') ?? '')?.[0] ?? '';
    const targets = await targetsOf(cluster, cookie);
    const baseline = await staticBaseline(targets);
    cleanup.push(async () => {
      await baseline.nginx.stop();
      rmSync(baseline.dir, { recursive: true, force: true });
    });

    const fronts = { 1: { origin: one.origin, nginx: one.pid }, 2: { origin: cluster.origin, nginx: cluster.pids.nginx } };
    const groupsFor = (nginx: number) => ({
      'server 1': () => [first!.pid],
      'server 2': () => [second!.pid],
      postgres: () => processTree(cluster.pids.postgres),
      nginx: () => processTree(nginx),
    });
    const runs: Record<string, Record<1 | 2 | 'static', Run[]>> = {};
    for (const t of targets) runs[t.label] = { 1: [], 2: [], static: [] };
    const baselines: Record<string, Baseline> = {};

    console.log(`  warm-up (load average ${loadavg()[0]!.toFixed(1)})`);
    for (const t of targets) for (const n of [1, 2] as const) await wrk(`${fronts[n].origin}${t.path}`, WARM_UP_SECONDS, cookie);

    for (let round = 0; round < ROUNDS; round++) {
      for (const t of targets) {
        for (const n of roundOrder(round)) {
          const { result, cores } = await measured(groupsFor(fronts[n].nginx), () => wrk(`${fronts[n].origin}${t.path}`, SECONDS, cookie));
          runs[t.label]![n].push({ rps: result.rps, errors: result.errors, cores });
          // What the errors were (a rate limit, nginx finding no live server…): one request tells.
          if (result.errors) {
            const res = await fetch(`${fronts[n].origin}${t.path}`, { headers: { cookie } });
            console.log(
              `    (${t.label} with ${n}: ${result.errors} errors or non-2xx; now ${res.status} ${(await res.text()).slice(0, 120)})`,
            );
          }
        }
      }
      console.log(`  round ${round + 1} of ${ROUNDS} done (load average ${loadavg()[0]!.toFixed(1)})`);
    }
    for (const t of targets) {
      const { result, cores } = await measured({ nginx: () => processTree(baseline.nginx.pid) }, () =>
        wrk(`${baseline.nginx.origin}/${t.bytes}.json`, SECONDS, cookie),
      );
      runs[t.label]!.static.push({ rps: result.rps, errors: result.errors, cores });
    }
    for (const t of targets) {
      const own = median(runs[t.label]![1].map((x) => x.cores['server 1']! / x.rps));
      baselines[t.label] = await shareNothingRounds(
        t,
        own,
        await (await fetch(`${cluster.origin}${t.path}`, { headers: { cookie } })).arrayBuffer(),
        cookie,
      );
    }

    console.log(
      `\n  ${'path'.padEnd(17)} ${'one'.padStart(7)} ${'two'.padStart(7)}  ratio  goal      baseline (nginx, static file of the answer's size)`,
    );
    for (const t of targets) {
      const r = runs[t.label]!;
      const { one: oneRps, two: twoRps, ratio } = twoOverOne(r);
      const errors = [...r[1], ...r[2]].reduce((sum, x) => sum + x.errors, 0);
      console.log(
        `  ${t.label.padEnd(17)} ${oneRps.toFixed(0).padStart(7)} ${twoRps.toFixed(0).padStart(7)}  ${ratio.toFixed(2)}×  ≥ ${GOAL}× ${ratio >= GOAL ? 'met    ' : 'NOT met'}  ${r.static[0]!.rps.toFixed(0)} req/s for ${t.bytes} bytes${errors ? `   (${errors} errors or non-2xx)` : ''}`,
      );
      printRounds('    ', r);
      console.log(`    cores of the baseline: ${coresLine(r.static[0]!.cores)}`);
      const b = baselines[t.label]!;
      const base = twoOverOne(b.runs);
      console.log(
        `    share-nothing baseline (no database, the same answer, ${(b.cpuPerAnswer * 1e6).toFixed(0)} µs of CPU per answer in its process): one ${base.one.toFixed(0)}, two ${base.two.toFixed(0)}, ${base.ratio.toFixed(2)}×; ours ÷ baseline ${(ratio / base.ratio).toFixed(2)}`,
      );
      printRounds('      ', b.runs);
    }
    console.log(
      `  (load average at the end ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')})`,
    );
  } finally {
    for (const step of cleanup.reverse()) await step().catch(() => {});
  }
}
