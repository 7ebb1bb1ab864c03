import autocannon from 'autocannon';
import type { RunningServer } from '@cloudtune/e2e/server';
import { wrk } from './wrk.ts';

export interface LoadResult {
  label: string;
  p50: number;
  p99: number;
  rps: number;
  errors: number;
}

/** A bounded load run against loopback only: fixed connections and duration. */
export async function load(
  url: string,
  label: string,
  connections = 16,
  duration = 8,
  headers: Record<string, string> = {},
): Promise<LoadResult> {
  const r = await autocannon({ url, connections, duration, headers });
  return {
    label,
    p50: r.latency.p50,
    p99: r.latency.p99,
    rps: r.requests.average,
    errors: r.errors + r.non2xx,
  };
}

export function printLoad(results: LoadResult[], connections: number): void {
  console.log(`\n## API latency under load (${connections} concurrent connections, loopback)`);
  for (const r of results) {
    console.log(
      `  ${r.label.padEnd(44)} p50 ${String(r.p50).padStart(4)} ms  p99 ${String(r.p99).padStart(4)} ms  ${r.rps.toFixed(0).padStart(6)} req/s  errors ${r.errors}`,
    );
  }
}

export async function measureApi(server: RunningServer, bigPlaylistId: number): Promise<void> {
  const connections = 16;
  // Warm caches (cover art, SQLite pages) so the figures describe steady state.
  await fetch(`${server.url}/api/playlist/detail?id=${bigPlaylistId}`);
  const results = [
    await load(`${server.url}/`, 'static index.html (baseline)', connections),
    await load(`${server.url}/api/banner`, '/api/banner', connections),
    await load(`${server.url}/api/playlist/detail?id=${bigPlaylistId}`, '/api/playlist/detail (1,000 tracks)', connections),
    await load(`${server.url}/api/playlist/detail?id=${bigPlaylistId}`, '/api/playlist/detail (1,000 tracks, br)', connections, 8, {
      'accept-encoding': 'gzip, deflate, br',
    }),
  ];
  printLoad(results, connections);
  // Measured before the serialized-answer cache on this machine: 24 req/s under 16 connections.
  const goal = 24 * 10;
  const byWrk = wrk(`${server.url}/api/playlist/detail?id=${bigPlaylistId}`, connections, 8);
  const detail = byWrk?.rps ?? results[2]!.rps;
  const how = byWrk
    ? ` by wrk (${byWrk.mbps.toFixed(0)} MB/s; autocannon, itself CPU-bound on 1.25 MB answers, saw ${results[2]!.rps.toFixed(0)})`
    : '';
  console.log(
    `  /playlist/detail (1,000 tracks, plain JSON): ${detail.toFixed(0)} req/s${how}; goal ≥ ${goal} (10× the 24 req/s before): ${detail >= goal ? 'met' : 'MISSED'}`,
  );
}
