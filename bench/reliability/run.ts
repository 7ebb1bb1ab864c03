import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { runFuzz } from './fuzz.ts';
import { printGoalSummary } from './report.ts';
import { launchServer } from './server-process.ts';

/**
 * `npm run bench:reliability`: the server seen from outside, each figure printed beside its goal
 * (PASS/MISS). It prints; it never fails the process.
 *
 * BENCH_RELIABILITY_FUZZ     fuzz requests (default 100,000)
 * BENCH_RELIABILITY_ONLY     sections to run (default fuzz)
 * BENCH_RELIABILITY_SEED     seed of the fuzz cases
 */
const env = process.env;
const only = new Set((env.BENCH_RELIABILITY_ONLY ?? 'fuzz').split(',').map((s) => s.trim()));
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
try {
  if (only.has('fuzz')) await runFuzz(server, { total: Number(env.BENCH_RELIABILITY_FUZZ ?? 100_000), concurrency: 32, seed });
} finally {
  await server.stop();
}
printGoalSummary();
console.log(`\n  whole run: ${((performance.now() - started) / 60_000).toFixed(1)} min`);
