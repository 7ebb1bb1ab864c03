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

/** One worker per 5,000 connections of a kind, each from a loopback address of its own (so `ss` tells kinds apart). */
function split(kind: SlowKind, count: number, firstAddress: (i: number) => string): Group[] {
  const perWorker = 5000;
  const out: Group[] = [];
  for (let i = 0; i * perWorker < count; i++)
    out.push({ kind, count: Math.min(perWorker, count - i * perWorker), address: firstAddress(i) });
  return out;
}

function groups(slowloris: number, slowPosts: number, stalled: number): Group[] {
  return [
    ...split('slowloris', slowloris, (i) => `127.0.0.${10 + i}`),
    { kind: 'slow POST' as const, count: slowPosts, address: '127.0.0.2' },
    { kind: 'stalled reader' as const, count: stalled, address: '127.0.0.3' },
  ].filter((g) => g.count > 0);
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

interface WaveResult {
  probes: Probe[];
  summaries: WorkerSummary[];
  timeline: string[];
  /** every 5 s: connections the server held, by kind (from `ss`) */
  held: { at: number; byKind: Map<string, number> }[];
  holdStart: number;
  releaseAt: number;
  listenOverflows: number;
}

/**
 * Holds the groups' slow connections open from child processes while a fresh connection asks for
 * /api/banner every 100 ms: probes alone for two seconds, a ramp (until every worker has tried all
 * its connections, or 60 s), a hold of `holdSeconds`, then release. Every 5 s the timeline notes
 * what the clients see open and what the server holds, by kind (from `ss`).
 */
async function runWave(
  server: ServerUnderTest,
  plan: Group[],
  opts: { holdSeconds: number; trickleMs: number; readBytes?: number; connectsPerSecond: number },
): Promise<WaveResult> {
  // The readers' songs are rendered first: this section measures the readers, not the encoder.
  await Promise.all(LOAD_SONGS.map((id) => fetchAll(`${server.base}/api/media/audio/${id}.mp3`)));
  const addressKind = new Map(plan.map((g) => [g.address, g.kind]));
  const open = new Map<ChildProcess, number>();
  const attempted = new Map<ChildProcess, number>();
  const summaries: WorkerSummary[] = [];
  const ready = new Set<ChildProcess>();
  const workers = plan.map((g) => {
    const p: WorkerPlan = {
      ...g,
      port: server.port,
      localAddress: g.address,
      connectsPerSecond: opts.connectsPerSecond / plan.length,
      trickleMs: opts.trickleMs,
      readBytes: opts.readBytes ?? 0,
      songs: LOAD_SONGS,
    };
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
  const heldSeries: WaveResult['held'] = [];
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
    heldSeries.push({ at: since(), byKind: new Map([...byKind].map(([kind, h]) => [kind, h.count])) });
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
  return {
    probes: await Promise.all(probes),
    summaries,
    timeline,
    held: heldSeries,
    holdStart,
    releaseAt,
    listenOverflows: listenOverflows() - overflowsBefore,
  };
}

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
  // Each worker connects 1,000 a second.
  const plan = groups(opts.slowloris, opts.slowPosts, opts.stalled);
  const wave = await runWave(server, plan, { holdSeconds: opts.holdSeconds, trickleMs: 4000, connectsPerSecond: 1000 * plan.length });
  for (const row of wave.timeline) line(row);
  reportClosed(wave.summaries);
  const probes = reportProbes(wave);
  const fast = probes.filter((p) => p.ms <= PROBE_GOAL_MS && p.status === 200);
  goal(
    `every probe answered 200 within ${PROBE_GOAL_MS / 1000} s`,
    fast.length === probes.length,
    `${fmtInt(fast.length)} of ${fmtInt(probes.length)} within ${PROBE_GOAL_MS / 1000} s; ${fmtInt(probes.length - fast.length)} slower or failed`,
  );
  line(`kernel: ${fmtInt(wave.listenOverflows)} connections dropped on a full listen queue (TcpExt ListenOverflows) during the section`);
  goal('server alive after the slow clients', server.alive(), aliveFigure(server));
}

/** A slow reader reads this much… */
const READER_BYTES = 1024;
/** …this often. */
const READER_EVERY_MS = 10_000;
/**
 * Readers connect at this rate in all, so that 20,000 are in within 20 s: each is a whole audio
 * request, and this section measures holding them, not how many audio requests a second the
 * server answers (section 2 does). At 4,000 a second the accept queue overflows on a busy
 * 2-core machine and the probe's connections are dropped with everyone else's.
 */
const READERS_PER_SECOND = 500;

/**
 * Section 3b: thousands of audio GETs whose client reads 1 KiB every 10 s (a trickle that keeps
 * some traffic flowing), held open from child processes while the banner probe runs. Goal: the
 * probe's p90 under 1 s; the server should close the readers (when it did is reported).
 */
export async function runSlowReaders(server: ServerUnderTest, opts: { readers: number; holdSeconds: number }): Promise<void> {
  section(
    '3b. Slow readers',
    `${fmtInt(opts.readers)} audio GETs (${fmtInt(READERS_PER_SECOND)} a second) reading ${READER_BYTES / 1024} KiB every ${READER_EVERY_MS / 1000} s, held ${opts.holdSeconds} s; /api/banner probed every ${PROBE_EVERY_MS} ms`,
  );
  const plan = split('slow reader', opts.readers, (i) => `127.0.1.${1 + i}`);
  const wave = await runWave(server, plan, {
    holdSeconds: opts.holdSeconds,
    trickleMs: READER_EVERY_MS,
    readBytes: READER_BYTES,
    connectsPerSecond: READERS_PER_SECOND,
  });
  for (const row of wave.timeline) line(row);
  reportClosed(wave.summaries);
  const read = wave.summaries.reduce((n, s) => n + s.bytesRead, 0);
  line(`the readers read ${(read / (1 << 20)).toFixed(1)} MB in all`);
  // The server's side: the most readers it held at once, and whether it let go of them all before the release.
  const readers = wave.held.map((h) => ({ at: h.at, count: h.byKind.get('slow reader') ?? 0 }));
  const peak = readers.reduce((a, b) => (b.count > a.count ? b : a), { at: 0, count: 0 });
  const lastHeld = readers.findLastIndex((h) => h.count > 0);
  const noneFrom = lastHeld >= 0 && lastHeld < readers.length - 1 ? readers[lastHeld + 1] : undefined;
  line(
    `server side (ss): held at most ${fmtInt(peak.count)} slow readers at once (t=${peak.at.toFixed(0)} s); ` +
      (noneFrom
        ? `none from t=${noneFrom.at.toFixed(0)} s`
        : `${fmtInt(readers[readers.length - 1]?.count ?? 0)} still held at the release`),
  );
  const probes = reportProbes(wave);
  // A probe that failed counts as slower than any answer.
  const lat = probes.map((p) => (p.status === 200 ? p.ms : Infinity)).sort((a, b) => a - b);
  const failed = lat.filter((ms) => ms === Infinity).length;
  const shown = (ms: number) => (ms === Infinity ? 'failed' : fmtMs(ms));
  const p90 = percentile(lat, 90);
  goal(
    `probe p90 under ${PROBE_GOAL_MS / 1000} s`,
    p90 < PROBE_GOAL_MS,
    `p50 ${shown(percentile(lat, 50))}, p90 ${shown(p90)}, max ${shown(lat[lat.length - 1] ?? NaN)}; ${fmtInt(failed)} of ${fmtInt(lat.length)} failed (counted as slowest)`,
  );
  line(`kernel: ${fmtInt(wave.listenOverflows)} connections dropped on a full listen queue (TcpExt ListenOverflows) during the section`);
  goal('server alive after the slow readers', server.alive(), aliveFigure(server));
}

/** Per kind: how many connected, and which the server closed, when and after how long. */
function reportClosed(summaries: WorkerSummary[]): void {
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
}

/** Probe latency overall and per 5-second window (the worst probe, how many missed the goal); returns the probes. */
function reportProbes({ probes, holdStart, releaseAt }: WaveResult): Probe[] {
  const answered = probes.filter((p) => p.status !== undefined);
  const lat = answered.map((p) => p.ms).sort((a, b) => a - b);
  const failures = new Map<string, number>();
  for (const p of probes) if (p.status !== 200) bump(failures, p.error ?? String(p.status));
  line(
    `probes: ${fmtInt(probes.length)} sent, ${fmtInt(answered.length)} answered; p50 ${fmtMs(percentile(lat, 50))}, p90 ${fmtMs(percentile(lat, 90))}, p99 ${fmtMs(percentile(lat, 99))}, max ${fmtMs(lat[lat.length - 1] ?? NaN)}` +
      (failures.size ? `; failed: ${tally(failures)}` : ''),
  );
  const windows = new Map<number, Probe[]>();
  for (const p of probes) windows.set(Math.floor(p.at / WINDOW_S), [...(windows.get(Math.floor(p.at / WINDOW_S)) ?? []), p]);
  const rows = [...windows]
    .sort((a, b) => a[0] - b[0])
    .map(([w, ps]) => {
      const missed = ps.filter((p) => p.status !== 200 || p.ms > PROBE_GOAL_MS).length;
      const worst = Math.max(...ps.map((p) => p.ms));
      return `${String(w * WINDOW_S).padStart(3)}s: worst ${fmtMs(worst)}${missed ? `, ${missed}/${ps.length} missed` : ''}`;
    });
  line(`probe windows (hold from t=${holdStart.toFixed(0)} s, release at t=${releaseAt.toFixed(0)} s):`);
  for (let i = 0; i < rows.length; i += 4) line(`  ${rows.slice(i, i + 4).join(' | ')}`);
  return probes;
}
