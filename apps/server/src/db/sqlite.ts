import { AsyncLocalStorage } from 'node:async_hooks';
import type BetterSqlite3 from 'better-sqlite3';
import type { BindParameters, Database, RunResult, Statement } from './database.ts';

type Bound<P> = P extends unknown[] ? P : [P];

/**
 * A transaction (or a savepoint inside one). `root` is the outermost transaction: code runs inside
 * the open transaction when its async context carries a frame of that root.
 */
interface Frame {
  readonly root: Frame;
  readonly depth: number;
  /** settles when the transaction ends (only the root's is awaited) */
  readonly ended: Promise<void>;
  /** the savepoint opened last directly inside this frame: nested transactions take turns */
  tail: Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
/** How long the migration lock is waited for before the start fails (another process migrating a big library). */
const LOCK_WAIT_MS = 10 * 60_000;
const BUSY_TIMEOUT_MS = 5000;

/**
 * The Database interface over one better-sqlite3 connection. Statements run synchronously on
 * the event loop's thread, so one connection serves every request; what must be made safe is the
 * asynchronous transaction: between its statements other requests run, and their statements
 * must not land inside it. So while a transaction is open (`open`), a statement runs at once only
 * when the caller's async context (AsyncLocalStorage) belongs to it; any other waits until it
 * ends. With no transaction open, statements run at once. The async context is tracked only
 * while a transaction is open (it is switched off between them), so reads outside transactions
 * pay nothing for it.
 */
export class SqliteDatabase implements Database {
  readonly dialect = 'sqlite' as const;
  /** The better-sqlite3 connection, for SQLite-only tools (benchmarks generating catalogs, tests inspecting the file). */
  readonly connection: BetterSqlite3.Database;
  private readonly rows = new Map<string, BetterSqlite3.Statement>();
  private readonly plucked = new Map<string, BetterSqlite3.Statement>();
  private readonly context = new AsyncLocalStorage<Frame>();
  /** the open transaction, if any */
  open: Frame | null = null;
  private readonly begin: BetterSqlite3.Statement;
  private readonly beginImmediate: BetterSqlite3.Statement;
  private readonly commit: BetterSqlite3.Statement;
  private readonly rollback: BetterSqlite3.Statement;

  constructor(connection: BetterSqlite3.Database) {
    this.connection = connection;
    this.begin = connection.prepare('BEGIN');
    this.beginImmediate = connection.prepare('BEGIN IMMEDIATE');
    this.commit = connection.prepare('COMMIT');
    this.rollback = connection.prepare('ROLLBACK');
  }

  /** The engine statement for `sql`, prepared on first use and kept by its text. */
  statement(sql: string, pluck: boolean): BetterSqlite3.Statement {
    const cache = pluck ? this.plucked : this.rows;
    let stmt = cache.get(sql);
    if (!stmt) {
      stmt = this.connection.prepare(sql);
      if (pluck) stmt.pluck(true);
      cache.set(sql, stmt);
    }
    return stmt;
  }

  prepare<P extends BindParameters = unknown[], R = unknown>(sql: string): Statement<Bound<P>, R> {
    return new SqliteStatement<Bound<P>, R>(this, sql, this.statement(sql, false));
  }

  async all<R = unknown>(sql: string, ...params: unknown[]): Promise<R[]> {
    return await this.prepare<unknown[], R>(sql).all(...params);
  }

  async get<R = unknown>(sql: string, ...params: unknown[]): Promise<R | undefined> {
    return await this.prepare<unknown[], R>(sql).get(...params);
  }

  async run(sql: string, ...params: unknown[]): Promise<RunResult> {
    return await this.prepare(sql).run(...params);
  }

  exec(sql: string): Promise<void> {
    return this.call(() => void this.connection.exec(sql));
  }

  /** SQLite's PRAGMA, for SQLite-only tools and tests (the app sets its pragmas when opening). */
  pragma(source: string, options?: BetterSqlite3.PragmaOptions): unknown {
    return this.connection.pragma(source, options);
  }

  /**
   * Runs a statement now when no transaction is open or the caller is inside the open one;
   * otherwise once the open transaction has ended. The result is always a promise, a failure a
   * rejected one.
   */
  call<T>(fn: () => T): Promise<T> {
    if (this.open !== null && this.context.getStore()?.root !== this.open) return this.afterOpen(fn);
    try {
      return Promise.resolve(fn());
    } catch (err) {
      return Promise.reject(err as Error);
    }
  }

  private async afterOpen<T>(fn: () => T): Promise<T> {
    while (this.open !== null && this.context.getStore()?.root !== this.open) await this.open.ended;
    return fn();
  }

  tx<T>(work: () => Promise<T>): Promise<T> {
    return this.transaction(work, this.begin);
  }

  writeTx<T>(work: () => Promise<T>): Promise<T> {
    return this.transaction(work, this.beginImmediate);
  }

  private async transaction<T>(work: () => Promise<T>, begin: BetterSqlite3.Statement): Promise<T> {
    const inside = this.open !== null ? this.context.getStore() : undefined;
    if (inside && inside.root === this.open) return this.savepoint(inside, work);
    while (this.open !== null) await this.open.ended;
    const end = this.openFrame();
    try {
      begin.run();
    } catch (err) {
      end();
      throw err;
    }
    try {
      const result = await this.context.run(this.open!, work);
      this.commit.run();
      return result;
    } catch (err) {
      if (this.connection.inTransaction) this.rollback.run();
      throw err;
    } finally {
      end();
    }
  }

  /** Opens a root frame; the function returned closes it and lets the next caller in. */
  private openFrame(): () => void {
    let settle!: () => void;
    const ended = new Promise<void>((resolve) => (settle = resolve));
    const frame = { depth: 0, ended, tail: Promise.resolve() } as Omit<Frame, 'root'> & { root: Frame };
    frame.root = frame;
    this.open = frame;
    return () => {
      this.open = null;
      // No transaction open: stop tracking async contexts until the next one (see the class comment).
      this.context.disable();
      settle();
    };
  }

  /** A transaction inside the open one: a savepoint; nested transactions of one frame take turns. */
  private async savepoint<T>(parent: Frame, work: () => Promise<T>): Promise<T> {
    const before = parent.tail;
    let done!: () => void;
    parent.tail = new Promise<void>((resolve) => (done = resolve));
    await before;
    const frame: Frame = { root: parent.root, depth: parent.depth + 1, ended: parent.ended, tail: Promise.resolve() };
    const name = `sp${frame.depth}`;
    try {
      this.connection.exec(`SAVEPOINT ${name}`);
      try {
        const result = await this.context.run(frame, work);
        this.connection.exec(`RELEASE ${name}`);
        return result;
      } catch (err) {
        if (this.connection.inTransaction) this.connection.exec(`ROLLBACK TO ${name}; RELEASE ${name}`);
        throw err;
      }
    } finally {
      done();
    }
  }

  /**
   * SQLite's database-wide lock is the write lock: an immediate transaction held while `work`
   * runs, its transactions savepoints inside it. Another process holding it is waited for without
   * blocking the event loop (no busy timeout while asking; retried every 50 ms).
   */
  async lock<T>(work: () => Promise<T>): Promise<T> {
    while (this.open !== null) await this.open.ended;
    const end = this.openFrame();
    try {
      const deadline = Date.now() + LOCK_WAIT_MS;
      this.connection.pragma('busy_timeout = 0');
      try {
        for (;;) {
          try {
            this.beginImmediate.run();
            break;
          } catch (err) {
            if ((err as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() > deadline) throw err;
            await sleep(50);
          }
        }
      } finally {
        this.connection.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
      }
      try {
        return await this.context.run(this.open!, work);
      } finally {
        // What work's own transactions completed is kept, whether or not a later one failed.
        if (this.connection.inTransaction) this.commit.run();
      }
    } finally {
      end();
    }
  }

  async close(): Promise<void> {
    while (this.open !== null) await this.open.ended;
    this.connection.close();
  }
}

/** A prepared statement: the row form now, the plucked form (first column) prepared on pluck(). */
class SqliteStatement<P extends unknown[], R> implements Statement<P, R> {
  constructor(
    private readonly db: SqliteDatabase,
    private readonly sql: string,
    private readonly stmt: BetterSqlite3.Statement,
  ) {}

  all(...params: P): Promise<R[]> {
    return this.db.call(() => this.stmt.all(...params) as R[]);
  }

  get(...params: P): Promise<R | undefined> {
    return this.db.call(() => this.stmt.get(...params) as R | undefined);
  }

  run(...params: P): Promise<RunResult> {
    return this.db.call(() => {
      const r = this.stmt.run(...params);
      return { changes: r.changes, lastInsertId: Number(r.lastInsertRowid) };
    });
  }

  pluck(): Statement<P, R> {
    return new SqliteStatement<P, R>(this.db, this.sql, this.db.statement(this.sql, true));
  }
}

export { BUSY_TIMEOUT_MS };
