import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer } from '@cloudtune/e2e/server';
import { openDatabase, seedDemoLibrary } from '@cloudtune/server';
import { cpuSeconds } from './process-stats.ts';

/** Catalog sizes: the sync catalog (100,000 songs, a large personal library) and the big one (1,000,000 songs, ≥100,000 albums). */
const SYNC_SONGS = Number(process.env.BENCH_SUBSONIC_SYNC_SONGS ?? 100_000);
const BIG_SONGS = Number(process.env.BENCH_SUBSONIC_BIG_SONGS ?? 1_000_000);
/** Timed calls per figure, after WARMUP untimed ones. */
const REPEATS = 40;
const WARMUP = 3;
const AUTH = 'u=13800000000&p=subsonic&v=1.16.1&c=bench&f=json';

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (n: number): string => `${n.toFixed(1).padStart(6)} ms`;
const seconds = (fromMs: number): string => `${((performance.now() - fromMs) / 1000).toFixed(1)} s`;

/** Wall-clock samples of a series of calls, and the server's CPU time per call over the series. */
interface Timed {
  samples: number[];
  cpuMs: number;
}

/**
 * One line: p50, p95 and max of the samples, the server's CPU per call (what a busy machine
 * inflates least), and the verdict against the goal (on p95, or on max when every call must meet it).
 */
function line(label: string, { samples, cpuMs }: Timed, goal?: { ms: number; on: 'p95' | 'max' }): string {
  const s = [...samples].sort((a, b) => a - b);
  const judged = goal ? (goal.on === 'max' ? s.at(-1)! : percentile(s, 95)) : 0;
  const verdict = goal ? `  goal ${goal.on} ≤ ${goal.ms} ms: ${judged <= goal.ms ? 'met' : 'MISSED'}` : '';
  const cpu = Number.isNaN(cpuMs) ? '' : `  cpu ${ms(cpuMs)}`;
  return `  ${label.padEnd(62)} p50 ${ms(percentile(s, 50))}  p95 ${ms(percentile(s, 95))}  max ${ms(s.at(-1)!)}${cpu}  (${s.length})${verdict}`;
}

/** The server's CPU time in ms (NaN where /proc cannot tell). */
function serverCpuMs(server: RunningServer): number {
  try {
    return cpuSeconds(server.pid) * 1000;
  } catch {
    return NaN;
  }
}

/** A `subsonic-response` body, read loosely (the bench only pages through it). */
type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** GET a Subsonic method as the demo account; returns the time and the `subsonic-response` body. */
async function call(server: RunningServer, method: string, query: string): Promise<{ ms: number; body: Body }> {
  const start = performance.now();
  const res = await fetch(`${server.url}/rest/${method}?${AUTH}&${query}`);
  const json = (await res.json()) as { 'subsonic-response': Body };
  const took = performance.now() - start;
  const body = json['subsonic-response'];
  if (body.status !== 'ok') throw new Error(`${method}?${query}: ${JSON.stringify(body.error)}`);
  return { ms: took, body };
}

/** REPEATS timed calls (after WARMUP); `query` may vary per call. */
async function time(server: RunningServer, method: string, query: (i: number) => string): Promise<Timed> {
  for (let i = 0; i < WARMUP; i++) await call(server, method, query(i));
  const samples: number[] = [];
  const cpu = serverCpuMs(server);
  for (let i = 0; i < REPEATS; i++) samples.push((await call(server, method, query(i))).ms);
  return { samples, cpuMs: (serverCpuMs(server) - cpu) / REPEATS };
}

/**
 * A data directory holding the demo library grown to `songs` songs, no lyrics and no search index:
 * nothing timed here searches words (search3 with an empty query pages the tables), and indexing a
 * million songs would take longer than the rest of the run. The queue is emptied so the server does
 * not index them at start either.
 */
async function catalog(songs: number): Promise<{ dataDir: string; albums: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cloudtune-bench-subsonic-'));
  const start = performance.now();
  const db = await openDatabase(dataDir);
  try {
    const seeded = await seedDemoLibrary(db, { songCount: songs, withLyrics: false, indexSearch: false });
    await db.exec('DELETE FROM search_queue');
    console.log(
      `  catalog: ${seeded.songs.toLocaleString('en')} songs, ${seeded.albums.toLocaleString('en')} albums, seeded in ${seconds(start)}`,
    );
    return { dataDir, albums: seeded.albums };
  } finally {
    await db.close();
  }
}

/** The production server over the catalog; the catalog goes when it stops (or fails to start). */
async function serve(dataDir: string): Promise<RunningServer> {
  try {
    return await startServer({}, { dataDir });
  } catch (err) {
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}

/** Times `sql` on the catalog's database directly: the baseline an approach we did not take would cost. */
async function sqlTimes(dataDir: string, sql: string, params: unknown[] = []): Promise<Timed> {
  const db = await openDatabase(dataDir);
  try {
    const stmt = db.prepare(sql);
    const samples: number[] = [];
    for (let i = 0; i < WARMUP + 10; i++) {
      const start = performance.now();
      await stmt.all(...params);
      if (i >= WARMUP) samples.push(performance.now() - start);
    }
    return { samples, cpuMs: NaN };
  } finally {
    await db.close();
  }
}

/** Full-library sync as offline-first clients do it (search3, empty query, 500 a page), and search3 deep in the list. */
async function measureSync(): Promise<void> {
  console.log(`\n### Full-library sync and search3 paging (${SYNC_SONGS.toLocaleString('en')} songs)`);
  const { dataDir } = await catalog(SYNC_SONGS);
  const server = await serve(dataDir);
  try {
    console.log(`  load average ${loadavg()[0]!.toFixed(1)}`);
    for (const kind of ['song', 'album', 'artist'] as const) {
      const samples: number[] = [];
      let total = 0;
      const start = performance.now();
      const cpu = serverCpuMs(server);
      for (let offset = 0; ; offset += 500) {
        const counts = { song: 0, album: 0, artist: 0, [kind]: 500 };
        const query = `query=%22%22&songCount=${counts.song}&albumCount=${counts.album}&artistCount=${counts.artist}&${kind}Offset=${offset}`;
        const { ms: took, body } = await call(server, 'search3', query);
        const page = (body.searchResult3[kind] ?? []) as unknown[];
        samples.push(took);
        total += page.length;
        if (page.length < 500) break;
      }
      const cpuMs = (serverCpuMs(server) - cpu) / samples.length;
      const label = `sync: every ${kind} (${total.toLocaleString('en')}) in pages of 500, in ${seconds(start)}`;
      console.log(line(label, { samples, cpuMs }, { ms: 50, on: 'max' }));
    }
    const deep = SYNC_SONGS / 2;
    console.log(
      line(
        'search3 query="" songCount=20 songOffset=0 (baseline)',
        await time(server, 'search3', () => 'query=&songCount=20&albumCount=0&artistCount=0'),
      ),
    );
    console.log(
      line(
        `search3 query="" songCount=20 songOffset=${deep.toLocaleString('en')}`,
        await time(server, 'search3', (i) => `query=&songCount=20&albumCount=0&artistCount=0&songOffset=${deep + i}`),
        { ms: 30, on: 'p95' },
      ),
    );
    console.log(
      line(
        `search3 query="" songCount=500 songOffset=${deep.toLocaleString('en')}`,
        await time(server, 'search3', (i) => `query=&songCount=500&albumCount=0&artistCount=0&songOffset=${deep + i}`),
      ),
    );
  } finally {
    await server.stop();
  }
}

/** getRandomSongs and getAlbumList2 alphabeticalByName on the big catalog. */
async function measureBig(): Promise<void> {
  console.log(`\n### Random songs and album lists (${BIG_SONGS.toLocaleString('en')} songs)`);
  const { dataDir, albums } = await catalog(BIG_SONGS);
  const baseline = await sqlTimes(dataDir, 'SELECT id FROM songs ORDER BY random() LIMIT 10');
  const server = await serve(dataDir);
  try {
    console.log(`  load average ${loadavg()[0]!.toFixed(1)}`);
    console.log(line('baseline: SELECT … ORDER BY random() LIMIT 10 (SQL alone, not taken)', baseline));
    const random = (query: string) => time(server, 'getRandomSongs', () => query);
    console.log(line('getRandomSongs (size 10)', await random(''), { ms: 50, on: 'p95' }));
    console.log(line('getRandomSongs size=50', await random('size=50'), { ms: 50, on: 'p95' }));
    console.log(line('getRandomSongs size=10 genre=流行', await random(`genre=${encodeURIComponent('流行')}`), { ms: 50, on: 'p95' }));
    console.log(line('getRandomSongs size=10 fromYear=2015 toYear=2016', await random('fromYear=2015&toYear=2016'), { ms: 50, on: 'p95' }));
    console.log(
      line(
        'getRandomSongs size=10 genre=说唱 fromYear=2020 toYear=2020 (~1 in 200 pass)',
        await random(`genre=${encodeURIComponent('说唱')}&fromYear=2020&toYear=2020`),
        { ms: 50, on: 'p95' },
      ),
    );
    const list = (offset: number, size = 10) =>
      time(server, 'getAlbumList2', (i) => `type=alphabeticalByName&size=${size}&offset=${offset === 0 ? 0 : offset + i}`);
    console.log(`  (${albums.toLocaleString('en')} albums)`);
    console.log(line('getAlbumList2 alphabeticalByName size=10 offset=0', await list(0), { ms: 30, on: 'p95' }));
    console.log(line('getAlbumList2 alphabeticalByName size=10 offset=50,000', await list(50_000), { ms: 30, on: 'p95' }));
    console.log(line('getAlbumList2 alphabeticalByName size=50 offset=100,000', await list(100_000, 50), { ms: 30, on: 'p95' }));
    console.log(line('getAlbumList2 alphabeticalByName size=500 offset=0', await list(0, 500)));
  } finally {
    await server.stop();
  }
}

/**
 * The Subsonic API over HTTP against the production build (`npm run build` first): full-library
 * sync pages, search3 deep in the list, getRandomSongs and getAlbumList2 by name, each beside its
 * goal (and a same-run baseline where one means something). Prints figures; never fails on a time.
 * BENCH_SUBSONIC_SYNC_SONGS / BENCH_SUBSONIC_BIG_SONGS set the sizes, 0 skips a part.
 */
export async function measureSubsonic(): Promise<void> {
  // Wall-clock figures: a busy machine inflates them, so its load is printed beside them.
  console.log(
    `\n## Subsonic (HTTP, production build; load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')})`,
  );
  if (SYNC_SONGS > 0) await measureSync();
  if (BIG_SONGS > 0) await measureBig();
}
