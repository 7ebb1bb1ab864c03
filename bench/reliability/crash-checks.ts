import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

/** A process killed before it created the database left nothing to check. */
export const NO_DATABASE = 'no database yet';

/** What `PRAGMA integrity_check` says about a data directory's database, opened read-only. */
export function integrity(dataDir: string): string {
  if (!existsSync(join(dataDir, 'cloudtune.db'))) return NO_DATABASE;
  let db: Database.Database | undefined;
  try {
    db = new Database(join(dataDir, 'cloudtune.db'), { readonly: true, fileMustExist: true });
    db.pragma('busy_timeout = 5000');
    const rows = db.pragma('integrity_check') as { integrity_check: string }[];
    return rows.map((r) => r.integrity_check).join('; ');
  } catch (err) {
    return `cannot check: ${(err as Error).message}`;
  } finally {
    db?.close();
  }
}

export interface LibraryCounts {
  songs: number;
  importedFiles: number;
  albums: number;
  artists: number;
}

export function libraryCounts(dataDir: string): LibraryCounts | string {
  let db: Database.Database | undefined;
  try {
    db = new Database(join(dataDir, 'cloudtune.db'), { readonly: true, fileMustExist: true });
    const count = (sql: string) => (db!.prepare(sql).pluck().get() as number) ?? 0;
    return {
      songs: count('SELECT COUNT(*) FROM songs'),
      importedFiles: count('SELECT COUNT(*) FROM library_files'),
      albums: count('SELECT COUNT(*) FROM albums'),
      artists: count('SELECT COUNT(*) FROM artists'),
    };
  } catch (err) {
    return `cannot count: ${(err as Error).message}`;
  } finally {
    db?.close();
  }
}

/** Files under `dir` whose name ends in `.tmp`, relative to it. */
export function tmpFiles(dir: string): string[] {
  try {
    return (readdirSync(dir, { recursive: true, withFileTypes: true }) as Dirent[])
      .filter((e) => e.isFile() && e.name.endsWith('.tmp'))
      .map((e) => join(e.parentPath, e.name).slice(dir.length + 1));
  } catch {
    return [];
  }
}

/** Processes (other than the server) whose command line names `dir`: encoders a killed server left running. */
export function processesUsing(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ');
      if (cmd.includes(dir)) found.push(`${entry} ${cmd.slice(0, 120)}`);
    } catch {
      // gone
    }
  }
  return found;
}

/** Whether an audio file decodes from start to end (a file cut short by a crash does not). */
export function decodes(ffmpeg: string, file: string): boolean {
  const r = spawnSync(ffmpeg, ['-v', 'error', '-nostdin', '-i', file, '-f', 'null', '-'], { encoding: 'utf8' });
  return r.status === 0 && r.stderr.trim() === '';
}
