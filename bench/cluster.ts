import autocannon from 'autocannon';
import { cpus, loadavg } from 'node:os';
import { startCluster, type Cluster } from '@cloudtune/e2e/cluster';

/**
 * Throughput beyond one process: `/playlist/detail` and `/song/url` through nginx with one and
 * with two server processes on PostgreSQL and S3 (everything on this machine, sharing its
 * cores). The baseline is the one-process figure of the same run; the goal is two ≥ 1.3× one —
 * no shared bottleneck (a lock, a single connection, a cache that only one process warms).
 */
const CONNECTIONS = 32;
const SECONDS = 8;
const GOAL = 1.3;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function requestsPerSecond(cluster: Cluster): Promise<Record<string, number>> {
  const login = await fetch(`${cluster.origin}/api/login/cellphone?phone=13800000000&password=cloudtune`, { method: 'POST' });
  const cookie = /MUSIC_U=[^;]+/.exec(login.headers.get('set-cookie') ?? '')?.[0] ?? '';
  const playlists = ((await (await fetch(`${cluster.origin}/api/personalized?limit=1`)).json()) as Json).result as Json[];
  const playlistId = playlists[0]!.id as number;
  const songs = ((await (await fetch(`${cluster.origin}/api/top/song?type=0`)).json()) as Json).data as Json[];
  const paths: Record<string, string> = {
    '/playlist/detail': `/api/playlist/detail?id=${playlistId}`,
    '/song/url': `/api/song/url?id=${songs
      .slice(0, 20)
      .map((s) => s.id as number)
      .join(',')}`,
  };
  const figures: Record<string, number> = {};
  for (const [label, path] of Object.entries(paths)) {
    const url = `${cluster.origin}${path}`;
    await autocannon({ url, connections: CONNECTIONS, duration: 2, headers: { cookie } });
    const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: { cookie } });
    if (r.errors + r.non2xx > 0) console.log(`    (${label}: ${r.errors} errors, ${r.non2xx} non-2xx)`);
    figures[label] = r.requests.average;
  }
  return figures;
}

export async function measureCluster(): Promise<void> {
  console.log(`\n## Beyond one process: throughput through nginx, PostgreSQL + S3 (${cpus().length} cores, all on this machine)`);
  const runs: Record<string, number>[] = [];
  for (const processes of [1, 2]) {
    const cluster = await startCluster({ processes });
    try {
      console.log(`  ${processes} process${processes > 1 ? 'es' : ''} (load average ${loadavg()[0]!.toFixed(1)})`);
      runs.push(await requestsPerSecond(cluster));
    } finally {
      await cluster.stop();
    }
  }
  for (const label of Object.keys(runs[0]!)) {
    const [one, two] = [runs[0]![label]!, runs[1]![label]!];
    const ratio = two / one;
    console.log(
      `  ${label.padEnd(18)} one ${one.toFixed(0).padStart(5)} req/s   two ${two.toFixed(0).padStart(5)} req/s   ${ratio.toFixed(2)}×  goal ≥ ${GOAL}× ${ratio >= GOAL ? 'met' : 'NOT met'}`,
    );
  }
}
