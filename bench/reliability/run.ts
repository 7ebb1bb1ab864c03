import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { runAttacks } from './attacks.ts';
import { runCrash } from './crash.ts';
import { runFuzz } from './fuzz.ts';
import { runLoad } from './load.ts';
import { goal, printGoalSummary } from './report.ts';
import { createRng } from './rng.ts';
import { printMemory, readMemory, type MemoryMark } from './rss.ts';
import { launchServer } from './server-process.ts';
import { runSlowClients, runSlowReaders } from './slow-clients.ts';

/**
 * `npm run bench:reliability`: the server seen from outside — fuzz, load, slow clients, crashes and
 * memory — each figure printed beside its goal (PASS/MISS). It prints; it never fails the process.
 *
 * BENCH_RELIABILITY_SECONDS  load duration (default 60; the slow-client hold is clamped to 30–60 s)
 * BENCH_RELIABILITY_FUZZ     fuzz requests (default 100,000)
 * BENCH_RELIABILITY_SLOWLORIS slowloris connections (default 20,000)
 * BENCH_RELIABILITY_READERS  slow readers (default 20,000)
 * BENCH_RELIABILITY_ONLY     sections to run, e.g. `fuzz,load` (default fuzz,load,slow,readers,crash,attacks)
 * BENCH_RELIABILITY_SEED     seed of the fuzz cases, kill moments and guesses
 */
const env = process.env;
const only = new Set((env.BENCH_RELIABILITY_ONLY ?? 'fuzz,load,slow,readers,crash,attacks').split(',').map((s) => s.trim()));
const seconds = Number(env.BENCH_RELIABILITY_SECONDS ?? 60);
const holdSeconds = Math.min(60, Math.max(30, seconds));
const seed = Number(env.BENCH_RELIABILITY_SEED ?? 20_250_101);
const openFiles = /Max open files\s+(\d+)\s+(\d+)/.exec(readFileSync('/proc/self/limits', 'utf8'));
const started = performance.now();

console.log(`# Cloudtune reliability — ${new Date().toISOString()}`);
console.log(`  node ${process.version}, ${cpus().length} cores, open-file limit ${openFiles?.[1]} (hard ${openFiles?.[2]}), seed ${seed}`);

const dataDir = mkdtempSync(join(tmpdir(), 'cloudtune-reliability-'));
// Also when the run is cut short (server-process.ts turns signals into an exit and kills the server first).
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
const server = await launchServer(dataDir);
console.log(`  server pid ${server.pid} at ${server.base} (fresh data directory, demo library seeded on start)`);
/** A section that throws (the server gone, a tool missing) is reported as a MISS, and the run goes on. */
async function attempt(name: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (err) {
    goal(`${name} ran to the end`, false, `stopped by ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  }
}

const marks: MemoryMark[] = [];
const mark = (label: string) => marks.push({ label, memory: readMemory(server.pid) });
mark('at start');
try {
  if (only.has('fuzz')) {
    await attempt('fuzz', () => runFuzz(server, { total: Number(env.BENCH_RELIABILITY_FUZZ ?? 100_000), concurrency: 32, seed }));
    mark('after the fuzz');
  }
  if (only.has('load')) {
    await attempt('load', () => runLoad(server, { seconds, connections: 200 }));
    mark('after the load');
  }
  if (only.has('slow')) {
    await attempt('slow clients', () =>
      runSlowClients(server, {
        slowloris: Number(env.BENCH_RELIABILITY_SLOWLORIS ?? 20_000),
        slowPosts: 1000,
        stalled: 200,
        holdSeconds,
      }),
    );
    mark('after the slow clients');
    // Whether the memory the slow connections took is given back once they are gone.
    await new Promise((r) => setTimeout(r, 10_000));
    mark('10 s later, idle');
  }
  if (only.has('readers')) {
    await attempt('slow readers', () => runSlowReaders(server, { readers: Number(env.BENCH_RELIABILITY_READERS ?? 20_000), holdSeconds }));
    mark('after the slow readers');
    await new Promise((r) => setTimeout(r, 10_000));
    mark('10 s after the slow readers, idle');
  }
} finally {
  await server.stop();
}
if (only.has('crash')) await attempt('crash safety', () => runCrash(createRng(seed + 1), { files: 200, rounds: 10 }));
if (only.has('attacks')) await attempt('attacks', () => runAttacks(createRng(seed + 2)));
printMemory(marks);
printGoalSummary();
console.log(`\n  whole run: ${((performance.now() - started) / 60_000).toFixed(1)} min`);
