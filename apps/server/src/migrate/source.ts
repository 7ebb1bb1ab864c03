import { existsSync, realpathSync, statSync } from 'node:fs';
import BetterSqlite3 from 'better-sqlite3';
import { databaseFile } from '../db/connection.ts';
import { loadMigrations } from '../db/migrate.ts';
import { MigrateError } from './errors.ts';

/**
 * The SQLite library being moved, opened read-only: no migration runs on it, nothing is written
 * to it, and since a read-only connection can neither write pages nor checkpoint, the file's
 * bytes stay as they were (SQLite may leave an empty `-wal` and `-shm` beside it, as any reader
 * of a WAL database does). Every read of one run happens inside one read transaction, so the
 * tables copied and then checked are one consistent snapshot even if a server writes meanwhile.
 */
export class SourceLibrary {
  readonly path: string;
  readonly connection: BetterSqlite3.Database;
  /** the schema versions the library records */
  readonly versions: number[];
  /** whether a server seems to have the library open: its copy may not be the last word */
  readonly inUse: boolean;

  constructor(dataDir: string) {
    const file = databaseFile(dataDir);
    if (!existsSync(file)) {
      throw new MigrateError(`There is no library to move: ${file} does not exist (CLOUDTUNE_DATA names the data directory).`);
    }
    this.path = realpathSync(file);
    // A write-ahead log with something in it: a server has the library open (or stopped without closing it).
    this.inUse = (statSync(`${this.path}-wal`, { throwIfNoEntry: false })?.size ?? 0) > 0;
    this.connection = new BetterSqlite3(this.path, { readonly: true, fileMustExist: true });
    try {
      // A second guard beside the read-only open: any statement that would write fails.
      this.connection.pragma('query_only = ON');
      this.versions = this.#schemaVersions();
    } catch (err) {
      this.connection.close();
      throw err;
    }
  }

  /** The library's schema must be exactly this Cloudtune's: it is copied as it is, never migrated here. */
  #schemaVersions(): number[] {
    let versions: number[];
    try {
      versions = this.connection.prepare<[], number>('SELECT version FROM schema_migrations ORDER BY version').pluck().all();
    } catch {
      throw new MigrateError(`${this.path} is not a Cloudtune library (it has no schema_migrations table).`);
    }
    const known = loadMigrations().map((m) => m.version);
    const newer = versions.filter((v) => !known.includes(v));
    if (newer.length) {
      throw new MigrateError(
        `${this.path} was made by a newer Cloudtune (schema versions ${newer.join(', ')} are unknown here): update Cloudtune, then migrate.`,
      );
    }
    const missing = known.filter((v) => !versions.includes(v));
    if (missing.length) {
      throw new MigrateError(
        `${this.path} predates this Cloudtune (schema versions ${missing.join(', ')} are not applied): ` +
          'start `cloudtune serve` on it once to bring it up to date, stop it, then migrate.',
      );
    }
    return versions;
  }

  /** Starts the read transaction every later read of this run shares. */
  begin(): void {
    this.connection.exec('BEGIN');
    // The snapshot is taken at the first read, now rather than at whichever read comes first.
    this.connection.prepare('SELECT COUNT(*) FROM sqlite_master').get();
  }

  end(): void {
    if (this.connection.inTransaction) this.connection.exec('ROLLBACK');
  }

  /** The library's tables, SQLite's own (sqlite_*) left out. */
  tables(): string[] {
    return this.connection
      .prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name")
      .pluck()
      .all();
  }

  /** A table's declared columns, in order (not the implicit rowid). */
  columns(table: string): string[] {
    return this.connection.prepare<[string], string>('SELECT name FROM pragma_table_info(?) ORDER BY cid').pluck().all(table);
  }

  /**
   * AUTOINCREMENT's high-water marks (sqlite_sequence): the largest id each such table ever
   * handed out, deleted rows included, which the target's sequences must stay past too.
   */
  sequences(): Map<string, bigint> {
    const exists = this.connection.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_sequence'").get();
    if (!exists) return new Map();
    const rows = this.connection.prepare<[], [string, bigint]>('SELECT name, seq FROM sqlite_sequence').raw(true).safeIntegers(true).all();
    return new Map(rows.map(([name, seq]) => [name, BigInt(seq)]));
  }

  close(): void {
    this.end();
    this.connection.close();
  }
}
