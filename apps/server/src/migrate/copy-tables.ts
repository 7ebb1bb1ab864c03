import type pg from 'pg';
import { MigrateError } from './errors.ts';
import { quoteName, type TablePlan } from './plan.ts';
import type { SourceLibrary } from './source.ts';

/**
 * The command's record in the target, written in the same transaction as the rows it describes,
 * so after any interruption it tells exactly what is there: which library is being copied, each
 * table's last key copied and whether it is finished, and each file copied with its checksum.
 */
const BOOKKEEPING = `
  CREATE TABLE IF NOT EXISTS migration_source (
    id          BIGINT PRIMARY KEY CHECK (id = 1),
    path        TEXT   NOT NULL,
    started_at  BIGINT NOT NULL,
    finished_at BIGINT
  );
  CREATE TABLE IF NOT EXISTS migration_progress (
    table_name TEXT   PRIMARY KEY,
    last_key   TEXT,
    rows       BIGINT NOT NULL DEFAULT 0,
    done       BIGINT NOT NULL DEFAULT 0 CHECK (done IN (0, 1)),
    updated_at BIGINT NOT NULL
  );
  CREATE TABLE IF NOT EXISTS migration_files (
    key       TEXT   PRIMARY KEY,
    size      BIGINT NOT NULL,
    sha256    TEXT   NOT NULL,
    copied_at BIGINT NOT NULL
  );`;

/** Rows the schema itself inserts (migrations-postgres/040_baseline.sql): a fresh database has them, and they are replaced by the library's. */
const SCHEMA_ROWS: Record<string, number> = { library_scan: 1 };

export type TargetState = 'new' | 'resumed' | 'restarted';

const countRows = async (client: pg.ClientBase, table: string): Promise<number> =>
  Number((await client.query<{ n: string }>(`SELECT COUNT(*) AS n FROM ${quoteName(table)}`)).rows[0]!.n);

/**
 * Makes the target this library's: a database this command has been filling from the same file
 * goes on where it stopped (or starts again, with `restart`); an empty one gets the bookkeeping
 * tables; one holding a library of its own — a server already ran on it, or another library was
 * moved there — is refused, and nothing is written.
 */
export async function claimTarget(
  client: pg.ClientBase,
  sourcePath: string,
  plans: readonly TablePlan[],
  { restart = false, now = Date.now() }: { restart?: boolean; now?: number } = {},
): Promise<TargetState> {
  const claimed = (await client.query<{ t: string | null }>("SELECT to_regclass('migration_source')::text AS t")).rows[0]!.t !== null;
  if (claimed) {
    const from = (await client.query<{ path: string }>('SELECT path FROM migration_source WHERE id = 1')).rows[0]?.path;
    if (from !== undefined && from !== sourcePath) {
      throw new MigrateError(
        `This database is being filled from another library (${from}), not ${sourcePath}: ` +
          'finish that move, or migrate into another (empty) database.',
      );
    }
    if (!restart) return 'resumed';
    await transaction(client, async () => {
      // Every table at once: TRUNCATE checks that no table outside the list refers to them.
      await client.query(`TRUNCATE ${[...plans.map((p) => p.name), 'migration_progress', 'migration_files'].map(quoteName).join(', ')}`);
      await client.query(
        'INSERT INTO migration_source (id, path, started_at) VALUES (1, $1, $2) ON CONFLICT (id) DO UPDATE SET started_at = $2, finished_at = NULL',
        [sourcePath, now],
      );
    });
    return 'restarted';
  }
  const occupied: string[] = [];
  for (const plan of plans) {
    const rows = await countRows(client, plan.name);
    if (rows > (SCHEMA_ROWS[plan.name] ?? 0)) occupied.push(`${plan.name}: ${rows} rows`);
  }
  if (occupied.length) {
    throw new MigrateError(
      `The target database already holds a library that this command did not copy (${occupied.slice(0, 6).join(', ')}` +
        `${occupied.length > 6 ? ', …' : ''}). Nothing was written. Migrate into a new, empty database ` +
        '(createdb cloudtune), or drop this one first if its contents are not needed.',
    );
  }
  await transaction(client, async () => {
    await client.query(BOOKKEEPING);
    await client.query('INSERT INTO migration_source (id, path, started_at) VALUES (1, $1, $2)', [sourcePath, now]);
    for (const table of Object.keys(SCHEMA_ROWS))
      if (plans.some((p) => p.name === table)) await client.query(`DELETE FROM ${quoteName(table)}`);
  });
  return 'new';
}

export async function transaction<T>(client: pg.ClientBase, work: () => Promise<T>): Promise<T> {
  await client.query('BEGIN');
  try {
    const result = await work();
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  }
}

/** PostgreSQL binds at most 65,535 values per statement. */
const MAX_VALUES = 65_535;
export const DEFAULT_BATCH_ROWS = 1000;

export interface CopyProgress {
  table: string;
  /** rows of this table copied so far, in every run */
  copied: number;
  /** rows copied by this batch */
  batch: number;
}

export interface CopyTablesOptions {
  batchRows?: number;
  signal?: AbortSignal;
  /** after each committed batch */
  onBatch?: (progress: CopyProgress) => void;
  log?: (line: string) => void;
}

/**
 * A key as stored in migration_progress: each value tagged with its kind, because SQLite compares
 * the integer 5 and the text '5' differently and the next batch must bind the same one.
 */
const encodeKey = (key: unknown[]): string =>
  JSON.stringify(key.map((v) => (typeof v === 'bigint' || typeof v === 'number' ? ['i', String(v)] : ['s', v])));
const decodeKey = (text: string): unknown[] => (JSON.parse(text) as [string, string][]).map(([kind, v]) => (kind === 'i' ? BigInt(v) : v));

/** A value as pg sends it: 64-bit integers as their digits (pg cannot bind a bigint). */
const bindable = (v: unknown): unknown => (typeof v === 'bigint' ? v.toString() : v);

/**
 * Copies every table not finished yet, parents first, each in batches ordered by its primary key:
 * a batch is read from the source after the last key copied, then written in one transaction with
 * its progress row, through a prepared multi-row INSERT. The schema's triggers (genre counts,
 * id sequences) are switched off inside that transaction — the copied rows already hold what
 * they would compute — and are back on when it commits, or when it rolls back. Returns false
 * when `signal` stopped it between two batches.
 */
export async function copyTables(
  client: pg.ClientBase,
  source: SourceLibrary,
  plans: readonly TablePlan[],
  options: CopyTablesOptions = {},
): Promise<boolean> {
  const progress = new Map(
    (
      await client.query<{ table_name: string; last_key: string | null; rows: string; done: string }>('SELECT * FROM migration_progress')
    ).rows.map((r) => [r.table_name, r]),
  );
  for (const plan of plans) {
    const known = progress.get(plan.name);
    if (known && Number(known.done) === 1) continue;
    const batchRows = Math.max(1, Math.min(options.batchRows ?? DEFAULT_BATCH_ROWS, Math.floor(MAX_VALUES / plan.columns.length)));
    const finished = await copyTable(
      client,
      source,
      plan,
      batchRows,
      known ? { lastKey: known.last_key, copied: Number(known.rows) } : null,
      options,
    );
    if (!finished) return false;
  }
  return true;
}

async function copyTable(
  client: pg.ClientBase,
  source: SourceLibrary,
  plan: TablePlan,
  batchRows: number,
  resume: { lastKey: string | null; copied: number } | null,
  { signal, onBatch, log }: CopyTablesOptions,
): Promise<boolean> {
  const table = quoteName(plan.name);
  const columns = plan.columns.map((c) => quoteName(c.name)).join(', ');
  // Text keys compare byte by byte, in the order and in the comparison alike, so "after the last key" is exact.
  const keys = plan.key.map((c) => (c.text ? `${quoteName(c.name)} COLLATE BINARY` : quoteName(c.name)));
  const order = keys.join(', ');
  const after = keys.length === 1 ? `${keys[0]} > ?` : `(${order}) > (${keys.map(() => '?').join(', ')})`;
  const first = source.connection.prepare(`SELECT ${columns} FROM ${table} ORDER BY ${order} LIMIT ?`).raw(true).safeIntegers(true);
  const next = source.connection
    .prepare(`SELECT ${columns} FROM ${table} WHERE ${after} ORDER BY ${order} LIMIT ?`)
    .raw(true)
    .safeIntegers(true);
  const overriding = plan.identity ? 'OVERRIDING SYSTEM VALUE ' : '';
  const insert = (rows: number) => {
    const width = plan.columns.length;
    const tuples = Array.from({ length: rows }, (_, r) => `(${plan.columns.map((_c, i) => `$${r * width + i + 1}`).join(', ')})`);
    return { name: `migrate_${plan.name}_${rows}`, text: `INSERT INTO ${table} (${columns}) ${overriding}VALUES ${tuples.join(', ')}` };
  };
  const record = `INSERT INTO migration_progress (table_name, last_key, rows, done, updated_at) VALUES ($1, $2, $3, $4, $5)
    ON CONFLICT (table_name) DO UPDATE SET last_key = COALESCE(EXCLUDED.last_key, migration_progress.last_key),
      rows = migration_progress.rows + EXCLUDED.rows, done = EXCLUDED.done, updated_at = EXCLUDED.updated_at`;

  let lastKey = resume?.lastKey ? decodeKey(resume.lastKey) : null;
  let copied = resume?.copied ?? 0;
  if (resume) log?.(`${plan.name}: going on after ${copied} rows copied before`);
  for (;;) {
    if (signal?.aborted) return false;
    const rows = (lastKey ? next.all(...lastKey, batchRows) : first.all(batchRows)) as unknown[][];
    const done = rows.length < batchRows ? 1 : 0;
    const last = rows.at(-1);
    const key = last ? plan.keyIndexes.map((i) => last[i]) : null;
    try {
      await transaction(client, async () => {
        if (rows.length) {
          if (plan.triggers) await client.query(`ALTER TABLE ${table} DISABLE TRIGGER USER`);
          await client.query({ ...insert(rows.length), values: rows.flat().map(bindable) });
          if (plan.triggers) await client.query(`ALTER TABLE ${table} ENABLE TRIGGER USER`);
        }
        await client.query(record, [plan.name, key ? encodeKey(key) : null, rows.length, done, Date.now()]);
      });
    } catch (err) {
      const where = lastKey ? `after key ${JSON.stringify(lastKey.map(String))}` : 'at its start';
      throw new MigrateError(`Copying ${plan.name} failed ${where}: ${(err as Error).message}`, { cause: err });
    }
    copied += rows.length;
    if (rows.length) onBatch?.({ table: plan.name, copied, batch: rows.length });
    if (done) {
      log?.(`${plan.name}: ${copied} rows copied`);
      return true;
    }
    lastKey = key;
  }
}

/**
 * Moves every identity sequence past the ids copied (and past SQLite's AUTOINCREMENT high-water
 * mark, so a deleted cloud song's id is never handed out again): the target's next insert takes
 * the id the library's next insert would have.
 */
export async function advanceSequences(
  client: pg.ClientBase,
  plans: readonly TablePlan[],
  highWater: ReadonlyMap<string, bigint>,
): Promise<void> {
  for (const plan of plans) {
    for (const column of plan.columns.filter((c) => c.identity)) {
      const max = (
        await client.query<{ max: string | null }>(`SELECT MAX(${quoteName(column.name)})::text AS max FROM ${quoteName(plan.name)}`)
      ).rows[0]!.max;
      let top = max === null ? 0n : BigInt(max);
      const mark = highWater.get(plan.name);
      if (mark !== undefined && mark > top) top = mark;
      if (top < 1n) continue;
      await client.query('SELECT setval(pg_get_serial_sequence($1, $2), $3::bigint, true)', [
        quoteName(plan.name),
        column.name,
        top.toString(),
      ]);
    }
  }
}

/** Marks the move finished (a later run then only checks it again). */
export async function markFinished(client: pg.ClientBase, now = Date.now()): Promise<void> {
  await client.query('UPDATE migration_source SET finished_at = $1 WHERE id = 1', [now]);
}
