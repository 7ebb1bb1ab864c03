import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  buildApp,
  createSearch,
  databaseFile,
  mediaUrls,
  migrateLibrary,
  openSqliteDatabase,
  PostgresDatabase,
  seedDemoLibrary,
  type Db,
} from '@cloudtune/server';
import { findPostgresBin, startPostgresCluster } from '../scripts/postgres-cluster.mjs';

/** Catalog size; `BENCH_SEARCH_SONGS=100000 npm run bench:search` for a quicker run, 0 skips. */
const DEFAULT_SONGS = 1_000_000;
/** Timed calls per query after its first (cold) one. */
const REPEATS = 40;
const SEARCH_TYPES = [1, 10, 100, 1000] as const;
/** The goals for a search on a million songs: SQLite's FTS5 index, and PostgreSQL's over HTTP. */
const GOAL_P95_MS = { SQLite: 20, PostgreSQL: 30 } as const;
type Engine = keyof typeof GOAL_P95_MS;

const urls = mediaUrls('http://127.0.0.1/api');

interface Query {
  label: string;
  keywords: string;
}
interface QueryGroup {
  title: string;
  queries: Query[];
}

/** The fixed query sets, anchored on the catalog's first three-character 周… artist. */
async function pickQueries(db: Db): Promise<QueryGroup[]> {
  const zhou = (await db
    .prepare<[], { name: string; full: string; initials: string }>(
      "SELECT name, pinyin_full(name) AS full, pinyin_initials(name) AS initials FROM artists WHERE name LIKE '周__' ORDER BY id LIMIT 1",
    )
    .get()) ?? { name: '周星野', full: 'zhouxingye', initials: 'zxy' };
  return [
    {
      title: 'one word',
      queries: [
        { label: 'Chinese, 1 character', keywords: '夜' },
        { label: 'Chinese, 2 characters', keywords: '月光' },
        { label: 'Chinese, 3 characters', keywords: zhou.name },
        { label: 'Latin word', keywords: 'Dreams' },
        { label: 'Latin substring', keywords: 'ight' },
        { label: 'pinyin, full', keywords: zhou.full },
        { label: 'pinyin, initials', keywords: zhou.initials },
      ],
    },
    {
      title: 'several words, hits',
      queries: [
        { label: 'artist + title', keywords: `${zhou.name} 月光` },
        { label: 'initials + title', keywords: `${zhou.initials} 月光` },
        { label: 'pinyin + title word', keywords: `${zhou.full} 夜` },
        { label: 'title + album number', keywords: 'Dreams 2' },
        { label: 'two title words', keywords: 'Midnight Dreams' },
        { label: 'two 1-character words', keywords: '夜 光' },
        { label: 'artist + number', keywords: `${zhou.name} 2` },
      ],
    },
    {
      title: 'several words, misses',
      queries: [
        { label: 'artist + foreign title', keywords: `${zhou.name} Dreams` },
        { label: 'two common words apart', keywords: 'Midnight 月光' },
        { label: 'word + 1 character', keywords: 'Dreams 夜' },
        { label: 'a word absent', keywords: 'night love' },
        { label: 'three words', keywords: `${zhou.name} 月光 Dreams` },
      ],
    },
  ];
}

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (n: number): string => `${n.toFixed(2).padStart(7)} ms`;

function summary(label: string, samples: number[], goal?: number): string {
  const s = [...samples].sort((a, b) => a - b);
  const p95 = percentile(s, 95);
  const verdict = goal === undefined ? '' : `  goal p95 ≤ ${goal} ms: ${p95 <= goal ? 'met' : 'MISSED'}`;
  return `  ${label.padEnd(54)} p50 ${ms(percentile(s, 50))}  p95 ${ms(p95)}  p99 ${ms(percentile(s, 99))}  (${s.length} calls)${verdict}`;
}

/** Times `call` once cold, then REPEATS times; returns the warm samples. */
async function timeQuery(call: () => unknown): Promise<{ cold: number; warm: number[] }> {
  let start = performance.now();
  await call();
  const cold = performance.now() - start;
  const warm: number[] = [];
  for (let i = 0; i < REPEATS; i++) {
    start = performance.now();
    await call();
    warm.push(performance.now() - start);
  }
  return { cold, warm };
}

const seconds = (fromMs: number): string => `${((performance.now() - fromMs) / 1000).toFixed(1)} s`;

/**
 * Search latency on a generated catalog (metadata only): seed time, then index build time and
 * size (the seed leaves the index to be built apart, as the server builds it at start), then
 * p50/p95/p99 of the fixed query sets — one word, several words found, several words not found
 * — through the service (no HTTP) and through a real server on loopback. Prints figures; never
 * fails on a time.
 */
export async function measureSearch(songCount = Number(process.env.BENCH_SEARCH_SONGS ?? DEFAULT_SONGS)): Promise<void> {
  console.log(`\n## Search (${songCount.toLocaleString('en')} songs)`);
  if (!(songCount > 0)) return console.log('  skipped (BENCH_SEARCH_SONGS=0)');
  const dataDir = mkdtempSync(join(tmpdir(), 'cloudtune-bench-search-'));
  try {
    const db = await openSqliteDatabase(dataDir);
    let start = performance.now();
    const seeded = await seedDemoLibrary(db, { songCount, withLyrics: false, indexSearch: false });
    console.log(`  catalog: ${seeded.songs} songs, ${seeded.albums} albums, ${seeded.artists} artists, seeded in ${seconds(start)}`);
    start = performance.now();
    const search = await createSearch(db);
    const built = seconds(start);
    db.pragma('wal_checkpoint(TRUNCATE)');
    const bytes = async (table: string) =>
      (await db.prepare<[], number>(`SELECT COALESCE(SUM(length(block)), 0) FROM ${table}_data`).pluck().get()) ?? 0;
    let indexBytes = 0;
    for (const t of ['songs', 'albums', 'artists', 'playlists', 'lyrics', 'song_names', 'album_names', 'playlist_names'])
      indexBytes += await bytes(`search_${t}`);
    const indexMb = indexBytes / 1e6;
    console.log(
      `  index build: ${built}; index ${indexMb.toFixed(0)} MB of a ${(statSync(databaseFile(dataDir)).size / 1e6).toFixed(0)} MB database`,
    );

    const groups = await pickQueries(db);
    const songSamples = new Map<string, number[]>();
    const allSamples: number[] = [];
    console.log('  service call, songs (type 1, limit 30): cold first call / warm median, matches');
    for (const group of groups) {
      console.log(`   ${group.title}`);
      const samples: number[] = [];
      for (const q of group.queries) {
        let count = 0;
        const { cold, warm } = await timeQuery(async () => {
          count = ((await search.search({ keywords: q.keywords }, urls)).result as { songCount: number }).songCount;
        });
        samples.push(...warm);
        console.log(
          `    ${q.label.padEnd(24)} ${q.keywords.padEnd(16)} cold ${ms(cold)}  warm ${ms([...warm].sort((a, b) => a - b)[warm.length >> 1]!)}  ${count} songs`,
        );
        for (const type of SEARCH_TYPES)
          allSamples.push(...(await timeQuery(async () => await search.search({ keywords: q.keywords, type }, urls))).warm);
      }
      songSamples.set(group.title, samples);
    }
    const suggestSamples: number[] = [];
    for (const q of groups[0]!.queries)
      suggestSamples.push(...(await timeQuery(async () => await search.suggest(q.keywords.slice(0, 2), 'web', urls))).warm);
    await db.close();
    for (const [title, samples] of songSamples) console.log(summary(`service, songs, ${title}`, samples, GOAL_P95_MS.SQLite));
    console.log(summary('service, songs/albums/artists/playlists, all', allSamples, GOAL_P95_MS.SQLite));
    console.log(summary('service, /search/suggest (first 2 chars)', suggestSamples));

    const app = await buildApp({ dataDir, demo: false });
    try {
      await timeHttp(app, groups, 'SQLite');
    } finally {
      await app.close();
    }
    await measurePostgres(dataDir, groups);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** p50/p95/p99 of `GET /api/search` (songs, limit 30) for each query group, on a real server on loopback. */
async function timeHttp(app: Awaited<ReturnType<typeof buildApp>>, groups: QueryGroup[], engine: Engine): Promise<void> {
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const all: number[] = [];
  for (const group of groups) {
    const httpSamples: number[] = [];
    for (const q of group.queries) {
      const url = `${base}/api/search?keywords=${encodeURIComponent(q.keywords)}&type=1&limit=30`;
      httpSamples.push(...(await timeQuery(async () => (await fetch(url)).json())).warm);
      for (const type of SEARCH_TYPES.slice(1)) {
        const typed = `${base}/api/search?keywords=${encodeURIComponent(q.keywords)}&type=${type}&limit=30`;
        all.push(...(await timeQuery(async () => (await fetch(typed)).json())).warm);
      }
    }
    all.push(...httpSamples);
    console.log(summary(`${engine}: HTTP GET /api/search (loopback), ${group.title}`, httpSamples, GOAL_P95_MS[engine]));
  }
  console.log(summary(`${engine}: HTTP GET /api/search, songs/albums/artists/playlists, all`, all, GOAL_P95_MS[engine]));
}

/**
 * The same catalog on PostgreSQL (a throwaway cluster): moved there by `cloudtune migrate`, its
 * search index built from scratch (timed), then the same HTTP figures as SQLite's above. The
 * database's LC_CTYPE is C.UTF-8, under which pg_trgm indexes CJK characters.
 */
async function measurePostgres(sqliteDir: string, groups: QueryGroup[]): Promise<void> {
  if (!findPostgresBin()) return console.log('  PostgreSQL: skipped (no PostgreSQL server binaries)');
  const cluster = await startPostgresCluster();
  const dataDir = mkdtempSync(join(tmpdir(), 'cloudtune-bench-search-pg-'));
  try {
    const admin = new PostgresDatabase(cluster.url, { max: 1 });
    await admin.exec(`CREATE DATABASE cloudtune_bench TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C.UTF-8'`);
    await admin.close();
    const url = cluster.url.replace(/\/postgres$/, '/cloudtune_bench');
    const target = new PostgresDatabase(url);
    let start = performance.now();
    try {
      const moved = await migrateLibrary({ dataDir: sqliteDir, target });
      console.log(
        `  PostgreSQL: catalog moved by cloudtune migrate in ${seconds(start)} (${moved.ok ? 'every table the same' : 'DIFFERENT'})`,
      );
      start = performance.now();
      await createSearch(target);
      await target.run('ANALYZE');
      const size = await target
        .prepare<[], number>(
          "SELECT SUM(pg_total_relation_size(c.oid)) FROM pg_class c WHERE c.relname LIKE 'search\\_%' AND c.relkind = 'r'",
        )
        .pluck()
        .get();
      console.log(`  PostgreSQL: index build ${seconds(start)}; index tables ${((size ?? 0) / 1e6).toFixed(0)} MB`);
    } finally {
      await target.close();
    }
    const app = await buildApp({ dataDir, databaseUrl: url, demo: false });
    try {
      await timeHttp(app, groups, 'PostgreSQL');
    } finally {
      await app.close();
    }
  } finally {
    await cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
