/**
 * The database as every repository sees it, whatever the engine: asynchronous statements,
 * transactions and a database-wide lock. SQLite (db/sqlite.ts) is the engine today; another one
 * implements the same interface.
 *
 * SQL written against it follows these rules, so one text serves every engine:
 * - placeholders are `?` (positional) or `@name` (one object of values); an engine whose driver
 *   numbers them (`$1`) rewrites the text once, when the statement is prepared;
 * - a new row's id is read from `RunResult.lastInsertId`, or with `INSERT … RETURNING id` and get();
 * - what only SQLite understands (FTS5 tables and MATCH, the text functions of
 *   db/text-functions.ts, `INSERT OR IGNORE`/`OR REPLACE`, `json_each`, `rowid`) stays in the few
 *   repositories that need it, each such statement marked `SQLite:` in a comment beside it.
 */

export type Dialect = 'sqlite' | 'postgres';

/** What a write did: rows changed, and the id of the last row inserted (0 when none). */
export interface RunResult {
  changes: number;
  lastInsertId: number;
}

/** The values bound to a statement: one per `?`, or a single object whose keys name the `@name` placeholders. */
export type BindParameters = unknown[] | object;
type Bound<P> = P extends unknown[] ? P : [P];

/**
 * A statement prepared once (when its repository is built) and run any number of times. R is a
 * row, or, after pluck(), the type of the first column.
 */
export interface Statement<P extends unknown[] = unknown[], R = unknown> {
  all(...params: P): Promise<R[]>;
  get(...params: P): Promise<R | undefined>;
  run(...params: P): Promise<RunResult>;
  /** This statement answering with each row's first column instead of the row. */
  pluck(): Statement<P, R>;
}

export interface PrepareOptions {
  /**
   * Planned for each call's own values instead of once for any values: for a statement whose best
   * plan depends on them (a search pattern found in most documents, or in a handful). An engine
   * that plans every call anyway (SQLite) ignores it.
   */
  planEachCall?: boolean;
}

export interface Database {
  readonly dialect: Dialect;
  /** Prepares `sql` once; preparing the same text again gives the same engine statement. */
  prepare<P extends BindParameters = unknown[], R = unknown>(sql: string, options?: PrepareOptions): Statement<Bound<P>, R>;
  /** One-off statements (prepared and kept by their text, like prepare). */
  all<R = unknown>(sql: string, ...params: unknown[]): Promise<R[]>;
  get<R = unknown>(sql: string, ...params: unknown[]): Promise<R | undefined>;
  run(sql: string, ...params: unknown[]): Promise<RunResult>;
  /** Runs a script of several statements without parameters (migrations, bulk deletes). */
  exec(sql: string): Promise<void>;
  /**
   * Runs `work` in one transaction: committed when it resolves, rolled back when it throws. A
   * transaction opened inside another (by any code `work` calls) is a savepoint of it. While it is
   * open, statements from outside it wait: nothing else runs inside it by accident.
   */
  tx<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Like tx, but takes the write lock at once: a read that decides a write (a limit checked, then
   * an attempt recorded) sees no other process's write slip in between.
   */
  writeTx<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Holds a lock over the whole database, across processes, while `work` runs (migrations: two
   * servers starting together apply each migration once). Work inside it is done in tx() calls;
   * what they committed stays when a later one fails.
   */
  lock<T>(work: () => Promise<T>): Promise<T>;
  /** Closes the connection once the open transaction, if any, has ended. */
  close(): Promise<void>;
}
