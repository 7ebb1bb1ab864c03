import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { runMigrations } from './migrate.ts';
import { registerTextFunctions } from './text-functions.ts';

export type Db = Database.Database;

/** The SQLite file inside a data directory. */
export const databaseFile = (dataDir: string): string => join(dataDir, 'cloudtune.db');

/**
 * Opens (creating if needed) the library database of a data directory and brings its schema up
 * to date. WAL lets readers (API requests) run while a writer (seeding, generation bookkeeping)
 * holds the lock; foreign keys are off by default in SQLite, so they are switched on here.
 */
export function openDatabase(dataDir: string): Db {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(databaseFile(dataDir));
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  // Bounded memory: a 2 MB page cache per connection and no memory-mapped I/O (a mapped
  // 600 MB catalog would count toward the server's resident memory as it is read).
  db.pragma('cache_size = -2048');
  db.pragma('mmap_size = 0');
  registerTextFunctions(db);
  runMigrations(db);
  return db;
}
