import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { databaseUrl } from '../config.ts';
import { runMigrations } from './migrate.ts';
import { BUSY_TIMEOUT_MS, SqliteDatabase } from './sqlite.ts';
import { registerTextFunctions } from './text-functions.ts';

import type { Database } from './database.ts';
export type { Database, Dialect, RunResult, Statement } from './database.ts';
export { SqliteDatabase } from './sqlite.ts';
/** The library database as services and repositories see it, whatever the engine. */
export type Db = Database;

/** The SQLite file inside a data directory. */
export const databaseFile = (dataDir: string): string => join(dataDir, 'cloudtune.db');

export interface OpenDatabaseOptions {
  /**
   * A postgres:// URL: the library is in PostgreSQL (db/postgres-open.ts); null: the SQLite file
   * of the data directory. Absent: CLOUDTUNE_DATABASE_URL of the environment decides, as
   * loadConfig reads it, so every part of a process (server, CLI, tests) opens the same engine.
   */
  url?: string | null;
}

/**
 * Opens the library database of a data directory, on the engine the URL chooses (SQLite when
 * there is none), and brings its schema up to date under the database's lock.
 */
export async function openDatabase(dataDir: string, options: OpenDatabaseOptions = {}): Promise<Database> {
  const url = options.url === undefined ? databaseUrl(process.env) : options.url;
  if (!url) return await openSqliteDatabase(dataDir);
  // The data directory still keeps generated media; the PostgreSQL code loads only when used.
  mkdirSync(dataDir, { recursive: true });
  const { openPostgresDatabase } = await import('./postgres-open.ts');
  return await openPostgresDatabase(url, dataDir);
}

/**
 * Opens (creating if needed) the SQLite library of a data directory and brings its schema up
 * to date. WAL lets readers (API requests) run while a writer (seeding, generation bookkeeping)
 * holds the lock; foreign keys are off by default in SQLite, so they are switched on here.
 */
export async function openSqliteDatabase(dataDir: string): Promise<SqliteDatabase> {
  mkdirSync(dataDir, { recursive: true });
  const connection = new BetterSqlite3(databaseFile(dataDir));
  try {
    connection.pragma('journal_mode = WAL');
    connection.pragma('foreign_keys = ON');
    connection.pragma('synchronous = NORMAL');
    connection.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    // Bounded memory: a 2 MB page cache per connection and no memory-mapped I/O (a mapped
    // 600 MB catalog would count toward the server's resident memory as it is read).
    connection.pragma('cache_size = -2048');
    connection.pragma('mmap_size = 0');
    registerTextFunctions(connection);
    const db = new SqliteDatabase(connection);
    await runMigrations(db);
    return db;
  } catch (err) {
    connection.close();
    throw err;
  }
}
