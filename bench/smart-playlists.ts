import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SmartNode, SmartRules } from '@cloudtune/contract';
import { createSmartPlaylists, migrateLibrary, openSqliteDatabase, PostgresDatabase, seedDemoLibrary, type Db } from '@cloudtune/server';
import { findPostgresBin, startPostgresCluster } from '../scripts/postgres-cluster.mjs';

/** Library size and rule count of the goal (`BENCH_SMART_SONGS=0` skips). */
const SONGS = Number(process.env.BENCH_SMART_SONGS ?? 100_000);
const RULES = 100;
/** The goal: a smart playlist of 100 rules on a 100,000-song library evaluated in ≤ 50 ms (p95). */
const GOAL_MS = 50;
const REPEATS = 40;
const WARMUP = 3;
/** The owner's history: plays of this many songs (1–5 each), likes and ratings of a share of them. */
const PLAYED = 20_000;

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (n: number): string => `${n.toFixed(2).padStart(7)} ms`;
const seconds = (fromMs: number): string => `${((performance.now() - fromMs) / 1000).toFixed(1)} s`;

const GENRES = ['流行', '摇滚', '民谣', '电子', '说唱', 'R&B/Soul', '轻音乐', '爵士', '古典'];

/**
 * 100 rules of every field, as a listener's long playlist would have them: the top group "all"
 * of groups "any" (genres, artist names containing a character, year and length ranges, plays,
 * last played) and single tests (not liked, rating, added, file type, bitrate), sorted by play
 * count descending, no limit.
 */
function hundredRules(likedPlaylistId: number): SmartRules {
  const any = (rules: SmartNode[]): SmartNode => ({ match: 'any', rules });
  const range = (n: number) => Array.from({ length: n }, (_, i) => i);
  const groups: SmartNode[] = [
    any(range(18).map((i) => ({ field: 'genre', op: 'is', value: i < 9 ? GENRES[i]! : `没有的风格 ${i}` }))),
    any(range(16).map((i) => ({ field: 'artist', op: 'contains', value: '星月夜光风云雨雪花山海天心梦爱人'[i]! }))),
    any(range(12).map((i) => ({ field: 'year', op: 'between', value: [1990 + i * 3, 1992 + i * 3] }))),
    any(range(12).map((i) => ({ field: 'duration', op: i % 2 ? 'gt' : 'lt', value: 120 + i * 15 }))),
    any(range(12).map((i) => ({ field: 'playCount', op: i % 3 ? 'gt' : 'is', value: i % 6 }))),
    any(range(10).map((i) => ({ field: 'lastPlayed', op: i % 2 ? 'inLast' : 'notInLast', value: 1 + i * 30 }))),
    any(range(10).map((i) => ({ field: 'album', op: 'notContains', value: `第${i + 1}张` }))),
  ];
  const singles: SmartNode[] = [
    { field: 'liked', op: 'isNot' },
    { field: 'rating', op: 'lt', value: 5 },
    { field: 'addedAt', op: 'inLast', value: 100_000 },
    { field: 'fileType', op: 'isNot', value: 'flac' },
    { field: 'bitrate', op: 'gt', value: 64 },
    { field: 'playlist', op: 'notIn', value: likedPlaylistId },
    { field: 'artist', op: 'isNot', value: '没有的歌手' },
    { field: 'genre', op: 'isNot', value: '没有的风格' },
    { field: 'year', op: 'isNot', value: 1900 },
    { field: 'addedAt', op: 'after', value: '1970-01-02' },
  ];
  const rules: SmartRules = { match: 'all', rules: [...groups, ...singles], sort: { field: 'playCount', order: 'desc' }, limit: null };
  const count = (node: SmartNode): number => ('match' in node ? node.rules.reduce((n, r) => n + count(r), 0) : 1);
  if (count(rules) !== RULES) throw new Error(`the bench's playlist has ${count(rules)} rules, not ${RULES}`);
  return rules;
}

/** The playlists listeners make most, beside the 100 rules: few rules, a sort, a short limit. */
function everydayPlaylists(): { name: string; rules: SmartRules }[] {
  return [
    {
      name: '流行, played, not liked, most played first, 25',
      rules: {
        match: 'all',
        rules: [
          { field: 'genre', op: 'is', value: '流行' },
          { field: 'playCount', op: 'gt', value: 0 },
          { field: 'liked', op: 'isNot' },
        ],
        sort: { field: 'playCount', order: 'desc' },
        limit: 25,
      },
    },
    { name: 'the 50 most played', rules: { match: 'all', rules: [], sort: { field: 'playCount', order: 'desc' }, limit: 50 } },
    {
      name: 'played in the last 30 days, latest first, 100',
      rules: {
        match: 'all',
        rules: [{ field: 'lastPlayed', op: 'inLast', value: 30 }],
        sort: { field: 'lastPlayed', order: 'desc' },
        limit: 100,
      },
    },
  ];
}

/** The demo library grown to SONGS songs (no lyrics, no search index) and the demo owner's plays, likes and ratings. */
async function library(dataDir: string): Promise<{ ownerId: number; likedId: number }> {
  const db = await openSqliteDatabase(dataDir);
  try {
    const start = performance.now();
    await seedDemoLibrary(db, { songCount: SONGS, withLyrics: false, indexSearch: false });
    await db.exec('DELETE FROM search_queue');
    const ownerId = (await db.prepare<[], number>('SELECT MIN(id) FROM users').pluck().get())!;
    const likedId = (await db
      .prepare<[number], number>('SELECT id FROM playlists WHERE creator_id = ? AND special_type = 5')
      .pluck()
      .get(ownerId))!;
    const now = Date.now();
    await db.exec(`
      WITH RECURSIVE k(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM k WHERE n < 5),
        picked AS (SELECT id AS song_id, ROW_NUMBER() OVER (ORDER BY (id * 7919) % 100003) AS i FROM songs)
      INSERT INTO play_records (song_id, user_id, played_at, seconds)
        SELECT p.song_id, ${ownerId}, ${now} - (p.i * 3600000) % (400 * 86400000) - k.n, 30
        FROM picked p JOIN k ON k.n <= 1 + p.i % 5 WHERE p.i <= ${PLAYED}`);
    await db.exec(`INSERT OR IGNORE INTO song_ratings (user_id, song_id, rating, rated_at)
      SELECT ${ownerId}, song_id, 1 + song_id % 5, ${now} FROM play_records WHERE user_id = ${ownerId} AND song_id % 3 = 0 GROUP BY song_id`);
    await db.exec(`INSERT OR IGNORE INTO playlist_tracks (playlist_id, song_id, position, added_at)
      SELECT ${likedId}, song_id, song_id, ${now} FROM play_records WHERE user_id = ${ownerId} AND song_id % 4 = 0 GROUP BY song_id`);
    const plays = await db.prepare<[], number>('SELECT COUNT(*) FROM play_records').pluck().get();
    console.log(`  library: ${SONGS.toLocaleString('en')} songs, ${plays?.toLocaleString('en')} plays, seeded in ${seconds(start)}`);
    return { ownerId, likedId };
  } finally {
    await db.close();
  }
}

async function timed(call: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < WARMUP; i++) await call();
  const samples: number[] = [];
  for (let i = 0; i < REPEATS; i++) {
    const start = performance.now();
    await call();
    samples.push(performance.now() - start);
  }
  return samples.sort((a, b) => a - b);
}

/** The evaluation as playlist reads run it, beside the baseline: a plain SELECT by the primary key of as many songs. */
async function measureOn(engine: string, db: Db, ownerId: number, likedId: number): Promise<void> {
  const rules = hundredRules(likedId);
  const smart = createSmartPlaylists(db);
  const songs = (await smart.smartTracks(rules, ownerId)).length;
  const evaluation = await timed(() => smart.smartTracks(rules, ownerId));
  const plain = db.prepare<[number], unknown>(
    'SELECT id, duration_ms AS durationMs, created_at AS createdAt FROM songs ORDER BY id LIMIT ?',
  );
  const baseline = await timed(() => plain.all(songs));
  const p95 = percentile(evaluation, 95);
  for (const everyday of everydayPlaylists()) {
    const count = (await smart.smartTracks(everyday.rules, ownerId)).length;
    const samples = await timed(() => smart.smartTracks(everyday.rules, ownerId));
    const few = await timed(() => plain.all(count));
    console.log(
      `  ${engine.padEnd(10)} ${everyday.name} → ${count} songs: p50 ${ms(percentile(samples, 50))}  p95 ${ms(percentile(samples, 95))}` +
        `  (goal p95 ≤ ${GOAL_MS} ms: ${percentile(samples, 95) <= GOAL_MS ? 'met' : 'MISSED'})` +
        `  baseline SELECT of ${count} songs by id: p95 ${ms(percentile(few, 95))}`,
    );
  }
  console.log(
    `  ${engine.padEnd(10)} ${RULES} rules → ${songs.toLocaleString('en')} songs: p50 ${ms(percentile(evaluation, 50))}  p95 ${ms(p95)}` +
      `  (goal p95 ≤ ${GOAL_MS} ms: ${p95 <= GOAL_MS ? 'met' : 'MISSED'})` +
      `  baseline SELECT of ${songs.toLocaleString('en')} songs by id: p50 ${ms(percentile(baseline, 50))}  p95 ${ms(percentile(baseline, 95))}` +
      `  (${REPEATS} calls, load ${loadavg()[0]!.toFixed(1)})`,
  );
}

/**
 * Smart playlists (decision 0048): one playlist of 100 rules evaluated on a 100,000-song library
 * with the owner's history, on SQLite, then on the same library moved to a throwaway PostgreSQL.
 * Prints figures; never fails on a time.
 */
export async function measureSmartPlaylists(): Promise<void> {
  console.log(`\n## Smart playlists (${RULES} rules, ${SONGS.toLocaleString('en')} songs)`);
  if (!(SONGS > 0)) return console.log('  skipped (BENCH_SMART_SONGS=0)');
  const dataDir = mkdtempSync(join(tmpdir(), 'cloudtune-bench-smart-'));
  try {
    const { ownerId, likedId } = await library(dataDir);
    const db = await openSqliteDatabase(dataDir);
    try {
      await measureOn('SQLite', db, ownerId, likedId);
    } finally {
      await db.close();
    }
    // The move to PostgreSQL takes a few minutes: `BENCH_SMART_POSTGRES=0` skips it.
    if (process.env.BENCH_SMART_POSTGRES === '0') return console.log('  PostgreSQL: skipped (BENCH_SMART_POSTGRES=0)');
    if (!findPostgresBin()) return console.log('  PostgreSQL: skipped (no PostgreSQL server binaries)');
    const cluster = await startPostgresCluster();
    try {
      const target = new PostgresDatabase(cluster.url);
      try {
        await migrateLibrary({ dataDir, target });
        await target.run('ANALYZE');
        await measureOn('PostgreSQL', target, ownerId, likedId);
      } finally {
        await target.close();
      }
    } finally {
      await cluster.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
