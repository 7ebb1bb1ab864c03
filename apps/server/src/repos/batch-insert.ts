import type { Database } from '../db/database.ts';

/** Rows per statement: a few fixed sizes keep the prepared statements few. */
const BATCH_ROWS = [250, 25, 1];

/**
 * An INSERT of many rows into `table`, several hundred per statement: one round trip per batch
 * on a database server, instead of one per row. Rows are written in the order given (ids are
 * handed out in that order). A batch binds at most 250 × columns values, far below either
 * engine's limit. Call inside the caller's transaction when the rows belong together.
 */
export function batchInsert(db: Database, table: string, columns: readonly string[]): (rows: readonly unknown[][]) => Promise<void> {
  const row = `(${columns.map(() => '?').join(', ')})`;
  const batches = BATCH_ROWS.map((size) => ({
    size,
    stmt: db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${Array<string>(size).fill(row).join(', ')}`),
  }));
  return async (rows) => {
    let at = 0;
    for (const { size, stmt } of batches) {
      for (; at + size <= rows.length; at += size) await stmt.run(...rows.slice(at, at + size).flat());
    }
  };
}
