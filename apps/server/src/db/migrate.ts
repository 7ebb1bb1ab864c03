import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.ts';

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));
const FILE_RE = /^(\d{3})_[\w-]+\.sql$/;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Numbered `NNN_name.sql` files, in order. */
export function loadMigrations(dir = migrationsDir): Migration[] {
  return readdirSync(dir)
    .filter((f) => FILE_RE.test(f))
    .sort()
    .map((name) => ({ version: Number(FILE_RE.exec(name)![1]), name, sql: readFileSync(dir + name, 'utf8') }));
}

/**
 * Applies every migration not yet recorded in `schema_migrations`, each in its own transaction
 * so a failing file leaves the database at the previous version. Returns the versions applied.
 * The whole run holds the database's lock, and what is done is read inside it: of two processes
 * starting together, the second waits, then finds every migration applied.
 */
export async function runMigrations(db: Database, migrations = loadMigrations()): Promise<number[]> {
  return await db.lock(async () => {
    await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)`);
    const done = new Set(await db.prepare<[], number>('SELECT version FROM schema_migrations').pluck().all());
    const applied: number[] = [];
    for (const m of migrations) {
      if (done.has(m.version)) continue;
      await db.tx(async () => {
        await db.exec(m.sql);
        await db.run('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', m.version, m.name, Date.now());
      });
      applied.push(m.version);
    }
    return applied;
  });
}
