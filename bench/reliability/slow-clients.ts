import { execFile, fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { fetchAll, LOAD_SONGS } from './load.ts';
import { bump, fmtInt, fmtMs, goal, line, percentile, section, tally } from './report.ts';
import { aliveFigure, type ServerUnderTest } from './server-process.ts';
import type { SlowKind, WorkerPlan, WorkerReady, WorkerSummary, WorkerTick } from './slow-client-worker.ts';

const WORKER = fileURLToPath(new URL('./slow-client-worker.ts', import.meta.url));
const PROBE_EVERY_MS = 100;
const PROBE_GOAL_MS = 1000;
const PROBE_TIMEOUT_MS = 10_000;
const WINDOW_S = 5;

interface Probe {
  at: number;
  ms: number;
  status?: number;
  error?: string;
}

/** GET /api/banner on a fresh connection, timed to the last byte. */
function probe(port: number, t0: number): Promise<Probe> {
  const start = performance.now();
  const at = (Date.now() - t0) / 1000;
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/api/banner', agent: false, timeout: PROBE_TIMEOUT_MS }, (res) => {
      res.resume();
      res.on('end', () => resolve({ at, ms: performance.now() - start, status: res.statusCode }));
      res.on('error', (err: NodeJS.ErrnoException) => resolve({ at, ms: performance.now() - start, error: err.code ?? err.message }));
    });
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ at, ms: performance.now() - start, error: err.code ?? err.message }));
  });
}

/** Connections the server holds, and bytes waiting in their send queues, by the client's source address (one per kind). */
async function heldByServer(port: number): Promise<Map<string, { count: number; queued: number }>> {
  const held = new Map<string, { count: number; queued: number }>();
  try {
    const { stdout } = await promisify(execFile)('ss', ['-Htn', 'state', 'established', `( sport = :${port} )`], { maxBuffer: 64 << 20 });
    for (const row of stdout.split('\n')) {
      const [, sendQ, , peer] = row.trim().split(/\s+/);
      if (!peer) continue;
      const address = peer.slice(0, peer.lastIndexOf(':'));
      const entry = held.get(address) ?? { count: 0, queued: 0 };
      entry.count++;
      entry.queued += Number(sendQ) || 0;
      held.set(address, entry);
    }
  } catch {
    // ss missing: the client-side view still stands
  }
  return held;
}

interface Group {
  kind: SlowKind;
  count: number;
  address: string;
}

function groups(slowloris: number, slowPosts: number, stalled: number): Group[] {
  const perWorker = 5000;
  const out: Group[] = [];
  for (let i = 0; i * perWorker < slowloris; i++)
    out.push({ kind: 'slowloris', count: Math.min(perWorker, slowloris - i * perWorker), address: `127.0.0.${10 + i}` });
  out.push({ kind: 'slow POST', count: slowPosts, address: '127.0.0.2' });
  out.push({ kind: 'stalled reader', count: stalled, address: '127.0.0.3' });
  return out.filter((g) => g.count > 0);
}

/** The kernel's count of connections dropped because a listen queue was full (all sockets of this namespace). */
function listenOverflows(): number {
  try {
    const rows = readFileSync('/proc/net/netstat', 'utf8')
      .split('\n')
      .filter((r) => r.startsWith('TcpExt:'));
    const names = rows[0]!.split(/\s+/);
    const values = rows[1]!.split(/\s+/);
    return Number(values[names.indexOf('ListenOverflows')] ?? NaN);
  } catch {
    return NaN;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Section 3: thousands of slow connections held open from child processes while a fresh
 * connection asks for /api/banner every 100 ms. Reports probe latency, and which slow
 * connections the server closed and when (from the clients' side and from `ss`).
 */
export async function runSlowClients(
  server: ServerUnderTest,
  opts: { slowloris: number; slowPosts: number; stalled: number; holdSeconds: number },
): Promise<void> {
  section(
    '3. Slow clients',
    `${fmtInt(opts.slowloris)} slowloris + ${fmtInt(opts.slowPosts)} slow 1 MB POSTs + ${opts.stalled} stalled readers, held ${opts.holdSeconds} s; /api/banner probed every ${PROBE_EVERY_MS} ms`,
  );
  // The stalled readers' songs are rendered first: this section measures the stall, not the encoder.
  await Promise.all(LOAD_SONGS.map((id) => fetchAll(`${server.base}/api/media/audio/${id}.mp3`)));
  const plan = groups(opts.slowloris, opts.slowPosts, opts.stalled);
  const addressKind = new Map(plan.map((g) => [g.address, g.kind]));
  const open = new Map<ChildProcess, number>();
  const attempted = new Map<ChildProcess, number>();
  const summaries: WorkerSummary[] = [];
  const ready = new Set<ChildProcess>();
  const workers = plan.map((g) => {
    const p: WorkerPlan = { ...g, port: server.port, localAddress: g.address, connectsPerSecond: 1000, trickleMs: 4000, songs: LOAD_SONGS };
    const child = fork(WORKER, [JSON.stringify(p)], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.on('message', (m: WorkerReady | WorkerTick | WorkerSummary) => {
      if (m.type === 'ready') return ready.add(child);
      if (m.type === 'summary') return summaries.push(m);
      open.set(child, m.open);
      attempted.set(child, m.attempted);
    });
    return child;
  });
  const cleanup = () => workers.forEach((w) => w.kill('SIGKILL'));
  process.once('exit', cleanup);
  // Workers load first (tsx compiling on two cores would otherwise slow the first probes), then
  // probes run alone for two seconds, then the slow connections start.
  while (ready.size < workers.length) await sleep(100);
  const t0 = Date.now();
  const overflowsBefore = listenOverflows();
  const since = () => (Date.now() - t0) / 1000;
  const probes: Promise<Probe>[] = [];
  const prober = setInterval(() => probes.push(probe(server.port, t0)), PROBE_EVERY_MS);
  await sleep(2000);
  for (const w of workers) w.send({ cmd: 'start', t0 });

  const total = plan.reduce((n, g) => n + g.count, 0);
  const openNow = () => [...open.values()].reduce((a, b) => a + b, 0);
  const timeline: string[] = [];
  const snapshot = async () => {
    const held = await heldByServer(server.port);
    const byKind = new Map<string, { count: number; queued: number }>();
    for (const [addr, h] of held) {
      const kind = addressKind.get(addr) ?? 'probes/other';
      const entry = byKind.get(kind) ?? { count: 0, queued: 0 };
      byKind.set(kind, { count: entry.count + h.count, queued: entry.queued + h.queued });
    }
    const holds = [...byKind]
      .map(([kind, h]) => `${kind} ×${fmtInt(h.count)}${h.queued > 1 << 20 ? ` (${(h.queued / (1 << 20)).toFixed(1)} MB unsent)` : ''}`)
      .join(', ');
    timeline.push(
      `t=${since().toFixed(0).padStart(3)} s  clients see ${fmtInt(openNow()).padStart(6)} open; server holds ${holds || 'none'}`,
    );
  };
  // Ramp: until every worker has tried all its connections (or 60 s), then hold.
  const rampStart = since();
  const triedAll = () => [...attempted.values()].reduce((a, b) => a + b, 0) >= total;
  while (!triedAll() && since() - rampStart < 60) {
    await sleep(WINDOW_S * 1000);
    await snapshot();
  }
  const holdStart = since();
  while (since() - holdStart < opts.holdSeconds) {
    await sleep(WINDOW_S * 1000);
    await snapshot();
  }
  const releaseAt = since();
  await Promise.all(
    workers.map(
      (w) =>
        new Promise<void>((resolve) => {
          w.once('exit', () => resolve());
          w.send({ cmd: 'stop' });
          setTimeout(() => w.kill('SIGKILL'), 10_000).unref();
        }),
    ),
  );
  process.off('exit', cleanup);
  await sleep(2000);
  clearInterval(prober);
  const results = await Promise.all(probes);
  report(results, summaries, timeline, { releaseAt, holdStart });
  line(
    `kernel: ${fmtInt(listenOverflows() - overflowsBefore)} connections dropped on a full listen queue (TcpExt ListenOverflows) during the section`,
  );
  goal('server alive after the slow clients', server.alive(), aliveFigure(server));
}

function report(probes: Probe[], summaries: WorkerSummary[], timeline: string[], t: { releaseAt: number; holdStart: number }): void {
  for (const row of timeline) line(row);
  const byKind = new Map<SlowKind, WorkerSummary[]>();
  for (const s of summaries) byKind.set(s.kind, [...(byKind.get(s.kind) ?? []), s]);
  for (const [kind, parts] of byKind) {
    const attempted = parts.reduce((n, p) => n + p.attempted, 0);
    const connected = parts.reduce((n, p) => n + p.connected, 0);
    const errors = new Map<string, number>();
    const answers = new Map<string, number>();
    for (const p of parts) {
      for (const [k, n] of Object.entries(p.connectErrors)) bump(errors, k, n);
      for (const [k, n] of Object.entries(p.answers)) bump(answers, k, n);
    }
    const at = parts.flatMap((p) => p.closedAt).sort((a, b) => a - b);
    const after = parts.flatMap((p) => p.closedAfter).sort((a, b) => a - b);
    const ramp = Math.max(...parts.map((p) => p.rampSeconds));
    line(
      `${kind}: ${fmtInt(connected)} of ${fmtInt(attempted)} connected (ramp ${ramp.toFixed(1)} s)${errors.size ? `, connect errors ${tally(errors)}` : ''}; ` +
        `closed by the server: ${fmtInt(at.length)}` +
        (at.length
          ? ` — at t=${at[0]!.toFixed(0)}…${at[at.length - 1]!.toFixed(0)} s (median ${percentile(at, 50).toFixed(0)} s), after ${percentile(after, 0).toFixed(0)}/${percentile(after, 50).toFixed(0)}/${after[after.length - 1]!.toFixed(0)} s open (min/median/max); answered first with ${tally(answers)}`
          : ''),
    );
  }
  const answered = probes.filter((p) => p.status !== undefined);
  const fast = answered.filter((p) => p.ms <= PROBE_GOAL_MS && p.status === 200);
  const lat = answered.map((p) => p.ms).sort((a, b) => a - b);
  const failures = new Map<string, number>();
  for (const p of probes) if (p.status !== 200) bump(failures, p.error ?? String(p.status));
  line(
    `probes: ${fmtInt(probes.length)} sent, ${fmtInt(answered.length)} answered; p50 ${fmtMs(percentile(lat, 50))}, p99 ${fmtMs(percentile(lat, 99))}, max ${fmtMs(lat[lat.length - 1] ?? NaN)}` +
      (failures.size ? `; failed: ${tally(failures)}` : ''),
  );
  // Per 5-second window: the worst probe and how many missed the goal.
  const windows = new Map<number, Probe[]>();
  for (const p of probes) windows.set(Math.floor(p.at / WINDOW_S), [...(windows.get(Math.floor(p.at / WINDOW_S)) ?? []), p]);
  const rows = [...windows]
    .sort((a, b) => a[0] - b[0])
    .map(([w, ps]) => {
      const missed = ps.filter((p) => p.status !== 200 || p.ms > PROBE_GOAL_MS).length;
      const worst = Math.max(...ps.map((p) => p.ms));
      return `${String(w * WINDOW_S).padStart(3)}s: worst ${fmtMs(worst)}${missed ? `, ${missed}/${ps.length} missed` : ''}`;
    });
  line(`probe windows (hold from t=${t.holdStart.toFixed(0)} s, release at t=${t.releaseAt.toFixed(0)} s):`);
  for (let i = 0; i < rows.length; i += 4) line(`  ${rows.slice(i, i + 4).join(' | ')}`);
  goal(
    `every probe answered 200 within ${PROBE_GOAL_MS / 1000} s`,
    fast.length === probes.length,
    `${fmtInt(fast.length)} of ${fmtInt(probes.length)} within ${PROBE_GOAL_MS / 1000} s; ${fmtInt(probes.length - fast.length)} slower or failed`,
  );
}
