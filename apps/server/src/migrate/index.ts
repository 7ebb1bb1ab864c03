import { join } from 'node:path';
import type pg from 'pg';
import { migratePostgres } from '../db/migrate-postgres.ts';
import type { PostgresDatabase } from '../db/postgres.ts';
import { LocalStorage, type Storage } from '../media/storage.ts';
import { sourceSum, targetSum, type TableSum } from './checksums.ts';
import { copyFiles, verifyFiles, type FileMismatch, type SourceFile } from './copy-files.ts';
import { advanceSequences, claimTarget, copyTables, markFinished, type CopyProgress, type TargetState } from './copy-tables.ts';
import { MigrateError, shownUrl } from './errors.ts';
import { planTables } from './plan.ts';
import { SourceLibrary } from './source.ts';

export { MigrateError } from './errors.ts';

export interface MigrateOptions {
  /** the data directory whose cloudtune.db and media/ folder are moved (read only) */
  dataDir: string;
  /** the PostgreSQL database receiving the library (migrated here first) */
  target: PostgresDatabase;
  /** where the files go; absent, they stay in the data directory, which the new server keeps using */
  storage?: Storage;
  /** copy caches (rendered songs, transcodes, generated art) too */
  includeCaches?: boolean;
  /** start the copy again from nothing (a target this command was filling from the same library) */
  restart?: boolean;
  /** rows per INSERT (default 1000) */
  batchRows?: number;
  /** stops the move between two batches (or two files); a later run goes on from there */
  signal?: AbortSignal;
  /** after each committed batch */
  onBatch?: (progress: CopyProgress) => void;
  /** progress lines */
  log?: (line: string) => void;
}

export interface TableCheck {
  table: string;
  source: TableSum;
  target: TableSum;
  ok: boolean;
}

export interface FilesCheck {
  /** the files that belong in the target, with their checksums */
  files: SourceFile[];
  bytes: number;
  copied: number;
  skipped: number;
  /** caches not copied */
  leftBehind: number;
  mismatches: FileMismatch[];
}

export interface MigrateReport {
  state: TargetState;
  /** false when interrupted: nothing was checked; run again to go on */
  finished: boolean;
  tables: TableCheck[];
  files: FilesCheck | null;
  /** finished, and every table and file the same on both sides */
  ok: boolean;
  ms: number;
}

/** The PostgreSQL error codes of a server that cannot be reached or will not let us in. */
const CONNECT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', '3D000', '28P01', '28000']);

/**
 * Moves a SQLite library (and its files) into PostgreSQL (and S3-compatible storage), leaving the
 * source as it was. Under the target's migration lock (servers starting on it meanwhile wait):
 * the target schema is brought up to date; the target is claimed (refused if it holds a library
 * of its own); the tables are copied in batches with their progress; sequences are moved past
 * the copied ids; the files are copied; then every table's row count and checksum, and every
 * file's size and sha256, are compared between both sides. A run interrupted anywhere (a signal,
 * a crash, a lost connection) is taken up by the next from its last committed batch.
 */
export async function migrateLibrary(options: MigrateOptions): Promise<MigrateReport> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const source = new SourceLibrary(options.dataDir);
  if (source.inUse) {
    log(
      `${source.path}-wal holds writes not yet in the file: is a server still running on the library? Stop it for a copy that stays equal.`,
    );
  }
  try {
    return await withTarget(options.target, async (client) => {
      await migratePostgres(options.target);
      source.begin();
      const plans = await planTables(client, source);
      const applied = new Set(
        (await client.query<{ version: string }>('SELECT version FROM schema_migrations')).rows.map((r) => Number(r.version)),
      );
      const behind = source.versions.filter((v) => !applied.has(v));
      if (behind.length) throw new MigrateError(`The target's schema lacks versions ${behind.join(', ')} of the library's.`);
      const state = await claimTarget(client, source.path, plans, { restart: options.restart });
      log(state === 'resumed' ? 'Going on with the copy started before.' : `Copying ${plans.length} tables from ${source.path}.`);
      const copied = await copyTables(client, source, plans, {
        batchRows: options.batchRows,
        signal: options.signal,
        onBatch: options.onBatch,
        log,
      });
      if (!copied) return stopped(state, started);
      await advanceSequences(client, plans, source.sequences());
      // The planner's statistics, for a server about to start on a database filled in one go.
      await client.query('ANALYZE');
      // The search index is not copied (plan.ts) and the copy ran with the triggers that queue it
      // off: every document is queued, and the first server on the copy indexes the catalogue.
      await client.query('SELECT search_reindex()');

      let files: FilesCheck | null = null;
      if (options.storage) {
        const mediaRoot = new LocalStorage(join(options.dataDir, 'media'));
        const result = await copyFiles(client, mediaRoot, options.storage, {
          includeCaches: options.includeCaches,
          signal: options.signal,
          log,
        });
        if (!result.finished) return stopped(state, started);
        log(`Checking ${result.files.length} files in ${options.storage.location}.`);
        files = {
          files: result.files,
          bytes: result.files.reduce((sum, f) => sum + f.size, 0),
          copied: result.copied,
          skipped: result.skipped,
          leftBehind: result.leftBehind,
          mismatches: await verifyFiles(options.storage, result.files),
        };
      }

      log('Comparing every table on both sides.');
      const tables: TableCheck[] = [];
      for (const plan of plans) {
        const s = sourceSum(source, plan);
        const t = await targetSum(client, plan);
        tables.push({ table: plan.name, source: s, target: t, ok: s.rows === t.rows && s.sha256 === t.sha256 });
      }
      const ok = tables.every((t) => t.ok) && (files?.mismatches.length ?? 0) === 0;
      if (ok) await markFinished(client);
      return { state, finished: true, tables, files, ok, ms: Math.round(performance.now() - started) };
    });
  } finally {
    source.close();
  }
}

const stopped = (state: TargetState, started: number): MigrateReport => ({
  state,
  finished: false,
  tables: [],
  files: null,
  ok: false,
  ms: Math.round(performance.now() - started),
});

/**
 * Runs `work` under the target's migration lock with a connection of the pool; a target that
 * cannot be reached is told as such, with the URL (its password hidden).
 */
async function withTarget<T>(target: PostgresDatabase, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  try {
    return await target.lock(async () => {
      const client = await target.pool.connect();
      try {
        return await work(client);
      } finally {
        client.release();
      }
    });
  } catch (err) {
    const url = (target.pool.options as { connectionString?: string }).connectionString ?? '';
    throw targetUnreachable(err, url);
  }
}

/** A failure to reach the target told as such, with its URL (password hidden); any other error as it is. */
export function targetUnreachable(err: unknown, url: string): unknown {
  const code = (err as { code?: string }).code;
  if (!code || !CONNECT_CODES.has(code)) return err;
  // Node answers a refused connection to a name with two addresses as an AggregateError, message and all in its parts.
  const parts = (err as { errors?: Error[] }).errors?.map((e) => e.message) ?? [];
  const why = (err as Error).message || parts.join('; ') || code;
  return new MigrateError(`Cannot use the PostgreSQL database ${shownUrl(url)}: ${why}`, { cause: err });
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The report as the command prints it: one line per table, then the files, then the verdict. */
export function formatReport(report: MigrateReport): string[] {
  if (!report.finished) return ['Stopped before the copy was finished: run the same command again to go on from here.'];
  const width = Math.max(5, ...report.tables.map((t) => t.table.length));
  const lines = [`${'table'.padEnd(width)}  ${'source rows'.padStart(11)}  ${'target rows'.padStart(11)}  checksum`];
  for (const t of report.tables) {
    const verdict = t.ok ? 'same' : t.source.rows !== t.target.rows ? 'DIFFERENT (rows)' : 'DIFFERENT';
    lines.push(`${t.table.padEnd(width)}  ${String(t.source.rows).padStart(11)}  ${String(t.target.rows).padStart(11)}  ${verdict}`);
  }
  const { files } = report;
  if (files) {
    lines.push(
      `files: ${files.files.length} (${megabytes(files.bytes)}): ${files.copied} copied, ${files.skipped} already there` +
        `${files.leftBehind ? `, ${files.leftBehind} cache files left behind` : ''}; ` +
        (files.mismatches.length ? `${files.mismatches.length} DIFFERENT:` : 'every one the same size and sha256'),
    );
    for (const m of files.mismatches.slice(0, 20)) lines.push(`  ${m.key}: ${m.why}`);
    if (files.mismatches.length > 20) lines.push(`  … and ${files.mismatches.length - 20} more`);
  }
  const bad = report.tables.filter((t) => !t.ok).length;
  lines.push(
    report.ok
      ? `The library was moved and checked in ${(report.ms / 1000).toFixed(1)} s: every table and file is the same on both sides.`
      : `The copy differs from the library (${bad} tables, ${files?.mismatches.length ?? 0} files). Was a server writing to it? ` +
          'Stop it, then run again with --restart to copy everything afresh.',
  );
  return lines;
}
