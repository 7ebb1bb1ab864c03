import autocannon from 'autocannon';
import type { RunningServer } from '@cloudtune/e2e/server';

export interface LoadResult {
  label: string;
  p50: number;
  p99: number;
  rps: number;
  errors: number;
}

/** A bounded load run against loopback only: fixed connections and duration. */
export async function load(url: string, label: string, connections = 16, duration = 8): Promise<LoadResult> {
  const r = await autocannon({ url, connections, duration });
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
  ];
  printLoad(results, connections);
}
