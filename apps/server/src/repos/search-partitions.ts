import type { Database } from '../db/database.ts';
import { textArrayParam } from './json.ts';

/**
 * PostgreSQL's search tables are partitioned by ranges of doc_id (migrations-postgres/042), so a
 * page of the most popular matches is read partition by partition (repos/search-trigram.ts). A
 * partition is cut to hold PARTITION_ROWS documents; once one holds twice that, its table is cut
 * again from its current documents. Growth of the catalogue doubles what must be copied at most
 * once per doubling, so each document is copied a bounded number of times.
 */
export const PARTITION_ROWS = 32_768;

/** A refresh that wrote at least this many documents to a table counts its partitions exactly. */
const COUNT_AFTER = 1000;

export interface Partitions {
  /** Each partition's lowest doc_id, in order (the first partition's is unbounded and reads as null). */
  starts(table: string): Promise<(number | null)[]>;
  /** Cuts `table` again when one of its partitions has outgrown PARTITION_ROWS; `written`: documents this refresh wrote to it. */
  keepBalanced(table: string, written: number): Promise<void>;
}

export function createPartitions(db: Database): Partitions {
  const starts = db.prepare<[string], number>('SELECT lo FROM search_partitions WHERE tbl = ? ORDER BY lo').pluck();
  const estimated = db.prepare<[string], { name: string; rows: number }>(
    `SELECT c.relname AS name, GREATEST(c.reltuples, 0)::bigint AS rows
       FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = ?::regclass`,
  );
  const nextGeneration = db
    .prepare<[], number>("UPDATE search_state SET value = value + 1 WHERE key = 'partitioning' RETURNING value")
    .pluck();
  const forget = db.prepare<[string]>('DELETE FROM search_partitions WHERE tbl = ?');
  const record = db.prepare<[string, string]>('INSERT INTO search_partitions SELECT ?, unnest(?::text[])::bigint');

  async function largest(table: string, written: number): Promise<number> {
    const parts = await estimated.all(table);
    if (written < COUNT_AFTER) return Math.max(0, ...parts.map((p) => p.rows));
    // Rows written in this transaction are not in the planner's estimates yet.
    let most = 0;
    for (const { name } of parts) most = Math.max(most, Number(await db.prepare(`SELECT COUNT(*) FROM ${name}`).pluck().get()));
    return most;
  }

  /** The table rebuilt with partitions of PARTITION_ROWS documents each, under the caller's transaction. */
  async function cut(table: string): Promise<void> {
    const generation = await nextGeneration.get();
    const cuts = await db
      .prepare<[number], number>(
        `SELECT doc_id FROM (SELECT doc_id, row_number() OVER (ORDER BY doc_id) AS r FROM ${table}) d
         WHERE r % ? = 1 AND r > 1 ORDER BY doc_id`,
      )
      .pluck()
      .all(PARTITION_ROWS);
    const next = `${table}_next`;
    const edges = ['MINVALUE', ...cuts.map(String), 'MAXVALUE'];
    const partitions = edges
      .slice(1)
      .map((to, i) => `CREATE TABLE ${table}_${generation}_${i} PARTITION OF ${next} FOR VALUES FROM (${edges[i]}) TO (${to});`);
    // Filled before its indexes are made: each is then built in one pass, not row by row.
    await db.exec(`
      CREATE TABLE ${next} (doc_id BIGINT NOT NULL, doc TEXT NOT NULL, grams INTEGER[] NOT NULL) PARTITION BY RANGE (doc_id);
      ${partitions.join('\n')}
      INSERT INTO ${next} SELECT doc_id, doc, grams FROM ${table};
      DROP TABLE ${table};
      ALTER TABLE ${next} RENAME TO ${table};
      ALTER TABLE ${table} ADD CONSTRAINT ${table}_pkey PRIMARY KEY (doc_id);
      CREATE INDEX ${table}_grams ON ${table} USING gin (grams);`);
    await forget.run(table);
    await record.run(table, textArrayParam([String(-(2n ** 63n)), ...cuts.map(String)]));
  }

  return {
    async starts(table) {
      return (await starts.all(table)).map((lo, i) => (i === 0 ? null : lo));
    },
    async keepBalanced(table, written) {
      if ((await largest(table, written)) > 2 * PARTITION_ROWS) await cut(table);
    },
  };
}
