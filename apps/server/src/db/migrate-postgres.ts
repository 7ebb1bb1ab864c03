import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.ts';
import { loadMigrations } from './migrate.ts';
import type { Migration } from './migrate.ts';

const postgresDir = fileURLToPath(new URL('./migrations-postgres/', import.meta.url));
const FILE_RE = /^(\d{3})_[\w-]+\.sql$/;
/** The baseline: PostgreSQL's schema as SQLite's migrations up to its number leave it. */
const BASELINE_RE = /^(\d{3})_baseline\.sql$/;

export interface PostgresMigration extends Migration {
  /** for the baseline: the SQLite migrations it stands for, recorded as applied with it */
  covers: Migration[];
}

/**
 * PostgreSQL's migrations: the baseline, then one file per SQLite migration numbered after it
 * (a schema change is a pair, one file per engine, same number and name). The baseline is
 * recorded as the SQLite migrations it covers, so schema_migrations lists the same versions and
 * names on both engines.
 */
export function loadPostgresMigrations(dir = postgresDir, sqlite = loadMigrations()): PostgresMigration[] {
  return readdirSync(dir)
    .filter((f) => FILE_RE.test(f))
    .sort()
    .map((name) => {
      const version = Number(FILE_RE.exec(name)![1]);
      const sql = readFileSync(dir + name, 'utf8');
      const covers = BASELINE_RE.test(name) ? sqlite.filter((m) => m.version <= version) : [];
      return { version, name, sql, covers };
    });
}

/**
 * Brings a PostgreSQL database up to date under the database-wide lock, so two servers starting
 * together apply each migration once: the second waits, then finds it recorded. Each migration
 * runs in its own transaction with its record, so a failing file leaves the previous version.
 * Returns the versions applied (a baseline's covered versions).
 */
export async function migratePostgres(db: Database, migrations = loadPostgresMigrations()): Promise<number[]> {
  return db.lock(async () => {
    // Migration 041 made the search index's first indexes with pg_trgm (042 replaced them), so a
    // database is migrated from the start only where the extension exists.
    await db.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version BIGINT PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)`);
    const done = new Set(await db.prepare<[], number>('SELECT version FROM schema_migrations').pluck().all());
    const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
    const applied: number[] = [];
    for (const m of migrations) {
      const records = m.covers.length ? m.covers : [m];
      if (records.every((r) => done.has(r.version))) continue;
      await db.tx(async () => {
        await db.exec(m.sql);
        const at = Date.now();
        for (const r of records) await record.run(r.version, r.name, at);
      });
      applied.push(...records.map((r) => r.version));
    }
    return applied;
  });
}
