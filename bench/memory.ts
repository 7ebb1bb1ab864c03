import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startServer } from '@cloudtune/e2e/server';
import { openDatabase, seedDemoLibrary } from '@cloudtune/server';
import { fmt, pause, rssMb } from './process-stats.ts';

/** The goal: ≤ 100 MB resident with 100,000 songs after a load test. */
const GOAL_MB = 100;
const LOAD_SECONDS = Number(process.env.BENCH_MEMORY_SECONDS ?? 20);
/** V8 gives memory back after some idle seconds; "settled" is read after this pause. */
const SETTLE_MS = 15_000;

const KEYWORDS = ['a', 'love', '周', 'xing', 'de', '月', 'sun', 'zx', '海', 'night', '风', 'rain'];

/** A browsing mix: search, suggestions, songs, playlists, albums, artists, charts, home. */
function requestMix(songs: number, albums: number, artists: number): { path: string }[] {
  return Array.from({ length: 240 }, (_, i) => {
    const k = encodeURIComponent(KEYWORDS[i % KEYWORDS.length]!);
    switch (i % 8) {
      case 0:
        return { path: `/api/search?keywords=${k}&type=${[1, 10, 100, 1000][i % 4]}&offset=${(i * 7) % 90}` };
      case 1:
        return { path: `/api/song/detail?ids=${[1, 2, 3].map((x) => 1 + ((x + i * 131) % songs)).join(',')}` };
      case 2:
        return { path: `/api/playlist/detail?id=${1 + (i % 48)}` };
      case 3:
        return { path: `/api/album?id=${1 + ((i * 37) % albums)}` };
      case 4:
        return { path: `/api/artist/detail?id=${1 + ((i * 31) % artists)}` };
      case 5:
        return { path: `/api/search/suggest?keywords=${k}` };
      case 6:
        return { path: '/api/toplist/detail' };
      default:
        return { path: '/api/personalized?limit=14' };
    }
  });
}

async function measureLibrary(label: string, songs: number): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cloudtune-memory-'));
  let albums = 64;
  let artists = 36;
  if (songs !== 480) {
    const db = await openDatabase(dataDir);
    const summary = await seedDemoLibrary(db, { songCount: songs });
    await db.close();
    [albums, artists] = [summary.albums, summary.artists];
  }
  const server = await startServer({}, { dataDir });
  try {
    await pause(3000);
    const rest = rssMb(server.pid);
    const r = await autocannon({ url: server.url, connections: 16, duration: LOAD_SECONDS, requests: requestMix(songs, albums, artists) });
    const loaded = rssMb(server.pid);
    await pause(SETTLE_MS);
    const settled = rssMb(server.pid);
    const goal =
      songs >= 100_000
        ? ` (goal ≤ ${GOAL_MB} MB: ${settled <= GOAL_MB ? 'met' : 'MISSED'} settled, ${loaded <= GOAL_MB ? 'met' : 'missed'} at the end of the load)`
        : '';
    console.log(
      `  ${label.padEnd(14)} at rest ${rest.toFixed(0)} MB; after ${LOAD_SECONDS} s of load (${fmt(r.requests.average)} req/s, ` +
        `${r.errors + r.non2xx} errors) ${loaded.toFixed(0)} MB, settled ${settled.toFixed(0)} MB${goal}`,
    );
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Server memory (RSS) at rest and after a browsing load, for the demo library and for 100,000 songs. */
export async function measureMemory(): Promise<void> {
  console.log(`\n## Server memory (RSS of the production server; 16 connections of a browsing mix)`);
  await measureLibrary('480 songs', 480);
  await measureLibrary('100,000 songs', 100_000);
}
