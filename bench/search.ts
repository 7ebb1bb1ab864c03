import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, createSearch, databaseFile, openDatabase, seedDemoLibrary, type Db, type SearchService } from '@cloudtune/server';

/** Catalog size; `BENCH_SEARCH_SONGS=100000 npm run bench` for a quicker run, 0 skips. */
const DEFAULT_SONGS = 1_000_000;
/** Timed calls per query after its first (cold) one. */
const REPEATS = 40;
const SEARCH_TYPES = [1, 10, 100, 1000] as const;

type Urls = Parameters<SearchService['search']>[1];
const urls: Urls = {
  image: (kind, id) => `http://127.0.0.1/api/media/image/${kind}/${id}.jpg`,
  audio: (id) => `http://127.0.0.1/api/media/audio/${id}.mp3`,
};

interface Query {
  label: string;
  keywords: string;
}

/** The fixed query set, anchored on the catalog's first three-character 周… artist. */
function pickQueries(db: Db): Query[] {
  const zhou = db
    .prepare<[], { name: string; full: string; initials: string }>(
      "SELECT name, pinyin_full(name) AS full, pinyin_initials(name) AS initials FROM artists WHERE name LIKE '周__' ORDER BY id LIMIT 1",
    )
    .get() ?? { name: '周星野', full: 'zhouxingye', initials: 'zxy' };
  return [
    { label: 'Chinese, 1 character', keywords: '夜' },
    { label: 'Chinese, 2 characters', keywords: '月光' },
    { label: 'Chinese, 3 characters', keywords: zhou.name },
    { label: 'Latin word', keywords: 'Dreams' },
    { label: 'Latin substring', keywords: 'ight' },
    { label: 'pinyin, full', keywords: zhou.full },
    { label: 'pinyin, initials', keywords: zhou.initials },
    { label: 'mixed (name + number)', keywords: `${zhou.name} 2` },
  ];
}

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (n: number): string => `${n.toFixed(2).padStart(7)} ms`;

function summary(label: string, samples: number[]): string {
  const s = [...samples].sort((a, b) => a - b);
  return `  ${label.padEnd(40)} p50 ${ms(percentile(s, 50))}  p95 ${ms(percentile(s, 95))}  p99 ${ms(percentile(s, 99))}  (${s.length} calls)`;
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

/**
 * Search latency on a generated catalog (metadata only): seed time, index build time and size,
 * then p50/p95/p99 of the fixed query set through the service (no HTTP) and through a real
 * server on loopback. Prints figures; never fails on a time.
 */
export async function measureSearch(songCount = Number(process.env.BENCH_SEARCH_SONGS ?? DEFAULT_SONGS)): Promise<void> {
  console.log(`\n## Search (${songCount.toLocaleString('en')} songs)`);
  if (!(songCount > 0)) return console.log('  skipped (BENCH_SEARCH_SONGS=0)');
  const dataDir = mkdtempSync(join(tmpdir(), 'cloudtune-bench-search-'));
  try {
    const db = openDatabase(dataDir);
    let start = performance.now();
    const seeded = seedDemoLibrary(db, { songCount, withLyrics: false });
    console.log(
      `  catalog: ${seeded.songs} songs, ${seeded.albums} albums, ${seeded.artists} artists, seeded in ${((performance.now() - start) / 1000).toFixed(1)} s`,
    );
    start = performance.now();
    const search = createSearch(db);
    const buildMs = performance.now() - start;
    db.pragma('wal_checkpoint(TRUNCATE)');
    const bytes = (table: string) => db.prepare<[], number>(`SELECT COALESCE(SUM(length(block)), 0) FROM ${table}_data`).pluck().get() ?? 0;
    const indexMb =
      ['song_names', 'song_credits', 'album_names', 'album_credits', 'artist_names', 'playlist_names', 'playlist_tags'].reduce(
        (n, t) => n + bytes(`search_${t}`),
        0,
      ) / 1e6;
    console.log(
      `  index build: ${(buildMs / 1000).toFixed(1)} s; index ${indexMb.toFixed(0)} MB of a ${(statSync(databaseFile(dataDir)).size / 1e6).toFixed(0)} MB database`,
    );

    const queries = pickQueries(db);
    const songSamples: number[] = [];
    const allSamples: number[] = [];
    console.log('  service call, songs (type 1, limit 30): cold first call / warm median, matches');
    for (const q of queries) {
      let count = 0;
      const { cold, warm } = await timeQuery(() => {
        count = (search.search({ keywords: q.keywords }, urls).result as { songCount: number }).songCount;
      });
      songSamples.push(...warm);
      console.log(
        `    ${q.label.padEnd(24)} ${q.keywords.padEnd(12)} cold ${ms(cold)}  warm ${ms([...warm].sort((a, b) => a - b)[warm.length >> 1]!)}  ${count} songs`,
      );
      for (const type of SEARCH_TYPES)
        allSamples.push(...(await timeQuery(() => search.search({ keywords: q.keywords, type }, urls))).warm);
    }
    const suggestSamples: number[] = [];
    for (const q of queries) suggestSamples.push(...(await timeQuery(() => search.suggest(q.keywords.slice(0, 2), 'web', urls))).warm);
    db.close();
    console.log(summary('service, songs', songSamples));
    console.log(summary('service, songs/albums/artists/playlists', allSamples));
    console.log(summary('service, /search/suggest (first 2 chars)', suggestSamples));

    const app = await buildApp({ dataDir });
    try {
      const base = await app.listen({ port: 0, host: '127.0.0.1' });
      const httpSamples: number[] = [];
      for (const q of queries) {
        const url = `${base}/api/search?keywords=${encodeURIComponent(q.keywords)}&type=1&limit=30`;
        httpSamples.push(...(await timeQuery(async () => (await fetch(url)).json())).warm);
      }
      console.log(summary('HTTP GET /api/search (loopback)', httpSamples));
    } finally {
      await app.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
