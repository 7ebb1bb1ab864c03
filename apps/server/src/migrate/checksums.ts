import { createHash, type Hash } from 'node:crypto';
import pg from 'pg';
import { quoteName, type TablePlan } from './plan.ts';
import type { SourceLibrary } from './source.ts';

/**
 * One value as both engines' drivers may answer it, in one spelling: every integer (a JS number,
 * or a bigint where the driver reads 64-bit integers exactly) as its decimal digits, other numbers
 * as JavaScript prints them (the shortest text that reads back as the same double), text quoted,
 * NULL apart from them all. An integer column therefore hashes the same whether a driver answered
 * `5`, `5n` or `5.0`, and the text '5' never hashes like the number 5.
 */
export function normalise(value: unknown): string {
  if (value === null || value === undefined) return 'N';
  if (typeof value === 'bigint') return `I${value.toString()}`;
  if (typeof value === 'number') return Number.isInteger(value) ? `I${BigInt(value).toString()}` : `R${String(value)}`;
  if (typeof value === 'boolean') return value ? 'I1' : 'I0';
  if (typeof value === 'string') return `S${JSON.stringify(value)}`;
  if (value instanceof Uint8Array) return `B${Buffer.from(value).toString('hex')}`;
  return `S${JSON.stringify(String(value))}`;
}

/** A table's rows in key order, counted and hashed as one stream of normalised values. */
export class RowDigest {
  rows = 0;
  readonly #hash: Hash = createHash('sha256');

  add(row: readonly unknown[]): void {
    this.rows++;
    this.#hash.update(row.map(normalise).join(','));
    this.#hash.update('\n');
  }

  digest(): string {
    return this.#hash.digest('hex');
  }
}

export interface TableSum {
  rows: number;
  sha256: string;
}

const columnList = (plan: TablePlan) => plan.columns.map((c) => quoteName(c.name)).join(', ');

/**
 * The order rows are hashed in, the same on both engines: by the primary key, text keys byte by
 * byte (SQLite's BINARY collation, PostgreSQL's "C"), whatever collation the column or the
 * database would otherwise sort by.
 */
const keyOrder = (plan: TablePlan, binary: string) =>
  plan.key.map((c) => (c.text ? `${quoteName(c.name)} COLLATE ${binary}` : quoteName(c.name))).join(', ');

/** The source table's sum, read inside the run's snapshot. */
export function sourceSum(source: SourceLibrary, plan: TablePlan): TableSum {
  const digest = new RowDigest();
  const rows = source.connection
    .prepare(`SELECT ${columnList(plan)} FROM ${quoteName(plan.name)} ORDER BY ${keyOrder(plan, 'BINARY')}`)
    .raw(true)
    .safeIntegers(true)
    .iterate() as IterableIterator<unknown[]>;
  for (const row of rows) digest.add(row);
  return { rows: digest.rows, sha256: digest.digest() };
}

/** 64-bit integers read exactly (as bigints), numerics as their text; everything else as pg reads it. */
const exactTypes = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === 20 ? BigInt : oid === 1700 ? String : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};
const FETCH_ROWS = 2000;

/**
 * The target table's sum: its rows in key order through a cursor (one sort, read a page at a
 * time), inside a read-only transaction so the pages are one snapshot.
 */
export async function targetSum(client: pg.ClientBase, plan: TablePlan): Promise<TableSum> {
  const digest = new RowDigest();
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    await client.query(
      `DECLARE migrate_rows NO SCROLL CURSOR FOR SELECT ${columnList(plan)} FROM ${quoteName(plan.name)} ORDER BY ${keyOrder(plan, '"C"')}`,
    );
    for (;;) {
      const page = await client.query<unknown[]>({ text: `FETCH ${FETCH_ROWS} FROM migrate_rows`, rowMode: 'array', types: exactTypes });
      for (const row of page.rows) digest.add(row);
      if (page.rows.length < FETCH_ROWS) break;
    }
  } finally {
    await client.query('ROLLBACK');
  }
  return { rows: digest.rows, sha256: digest.digest() };
}
