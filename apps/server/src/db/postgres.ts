import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import type { BindParameters, Database, PrepareOptions, RunResult, Statement } from './database.ts';
import { aliasSpellings, hasReturning, insertTarget, numberPlaceholders, translateSqlite, withoutTrailingSemicolon } from './sql-text.ts';
import type { ParameterSource } from './sql-text.ts';

type Bound<P> = P extends unknown[] ? P : [P];

/** What runs a query: the pool (no transaction) or the client of an open transaction. */
type Executor = pg.Pool | pg.PoolClient;

/**
 * A transaction (or a savepoint inside one). Statements whose async context carries a frame of
 * an open root run on the root's client; every other statement runs on the pool.
 */
interface Frame {
  readonly root: Root;
  readonly depth: number;
  /** the savepoint opened last directly inside this frame: nested transactions take turns */
  tail: Promise<void>;
}

interface Root extends Frame {
  readonly client: pg.PoolClient;
  /** set before COMMIT or ROLLBACK is sent: later statements of this context run on the pool */
  closing: boolean;
  /** whether the transaction holds the write lock (writeTx, or a writeTx nested in it) */
  writeLocked: boolean;
}

/**
 * Advisory lock keys, one per purpose, in the single-bigint key space (the schema's
 * advance_id_sequence() uses the two-integer one, which never meets it). The values only need to
 * be constants no other code on the database uses.
 */
const WRITE_LOCK_KEY = 0x636c6f7564_01n; // writeTx: held to the end of its transaction
const MIGRATION_LOCK_KEY = 0x636c6f7564_02n; // lock(): held by a session of its own
/** How long lock() waits for another process (migrating a big library) before the start fails. */
const LOCK_WAIT = '10min';

/** Values PostgreSQL returns as SQLite returns them to better-sqlite3. */
const SQLITE_LIKE_TYPES: Record<number, (text: string) => unknown> = {
  // int8 (COUNT(*), SUM of integers, every BIGINT column) and numeric (SUM of bigints, AVG): a JS
  // number, as SQLite's integers and reals are (ids and ms timestamps are far below 2^53).
  20: Number,
  1700: Number,
  // A comparison in a select list answers 1 or 0 in SQLite.
  16: (text) => (text === 't' ? 1 : 0),
  // SQLite has no JSON type: json_* functions answer text, which the repositories parse themselves.
  114: (text) => text,
  3802: (text) => text,
};
const types = {
  getTypeParser: ((oid: number, format?: string) =>
    SQLITE_LIKE_TYPES[oid] ?? pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

/** A statement's text for PostgreSQL, worked out once per SQL text. */
interface Prepared {
  /** the numbered, translated text */
  text: string;
  parameters: ParameterSource[];
  /** the table an INSERT writes, whose key lastInsertId reports */
  insertInto: string | null;
  hasReturning: boolean;
  /** the mixed-case column names, by the lower-case name PostgreSQL answers with; null when none */
  spellings: Map<string, string> | null;
}

export interface PostgresOptions {
  /** connections in the pool (transactions each hold one while open); 10 by default */
  max?: number;
}

/**
 * The Database interface over a pool of PostgreSQL connections.
 *
 * A transaction checks one client out of the pool and runs `work` with a frame of it in its
 * async context (AsyncLocalStorage): every statement issued from that context, however deep in
 * the calls and callbacks `work` makes, runs on that client, and every other statement runs on
 * the pool, beside the transaction rather than after it. A transaction opened inside another is
 * a savepoint on the same client.
 *
 * writeTx serializes "a read that decides a write" across processes with a transaction-level
 * advisory lock taken first thing, one key for the whole database, the way SQLite's BEGIN
 * IMMEDIATE takes its write lock: two writeTx never interleave, and under READ COMMITTED each
 * statement after the lock sees everything the previous holder committed. SERIALIZABLE would
 * let them run side by side but fail one at commit, and `work` is not ours to run twice (it may
 * have done things outside the database).
 *
 * lock() holds a session-level advisory lock on a connection of its own (not the pool's, so a
 * pool of one still runs the transactions inside it), released when `work` ends or, if the
 * process dies, when its connection closes.
 *
 * Results match SQLite's: bigint and numeric values are numbers, booleans 1 or 0, JSON text.
 * lastInsertId is read from `RETURNING <key>` appended to a run() of an INSERT into a table with an
 * `id` column (or the `rowid` column standing for SQLite's implicit one); which tables have one
 * is looked up once per table. Every statement is a named prepared statement, parsed once per
 * connection.
 */
export class PostgresDatabase implements Database {
  readonly dialect = 'postgres' as const;
  readonly pool: pg.Pool;
  private readonly config: pg.PoolConfig;
  private readonly context = new AsyncLocalStorage<Frame>();
  /** whether the caller is inside lock(): a lock() inside it does not ask again */
  private readonly locked = new AsyncLocalStorage<boolean>();
  private readonly prepared = new Map<string, Prepared>();
  private readonly names = new Map<string, string>();
  /** per table: the column lastInsertId reads, or null when it has none */
  private readonly keys = new Map<string, Promise<string | null>>();
  private readonly open = new Set<Promise<unknown>>();
  private closed: Promise<void> | undefined;

  constructor(url: string, options: PostgresOptions = {}) {
    this.config = { connectionString: url, max: options.max ?? 10, types, application_name: 'cloudtune' };
    this.pool = new pg.Pool(this.config);
    // An idle connection that breaks (server restart) is dropped by the pool; the next query
    // gets a new one. Without a listener the error would end the process.
    this.pool.on('error', () => {});
  }

  prepare<P extends BindParameters = unknown[], R = unknown>(sql: string, options: PrepareOptions = {}): Statement<Bound<P>, R> {
    return new PostgresStatement<Bound<P>, R>(this, this.translate(sql), false, options.planEachCall ?? false);
  }

  all<R = unknown>(sql: string, ...params: unknown[]): Promise<R[]> {
    return this.prepare<unknown[], R>(sql).all(...params);
  }

  get<R = unknown>(sql: string, ...params: unknown[]): Promise<R | undefined> {
    return this.prepare<unknown[], R>(sql).get(...params);
  }

  run(sql: string, ...params: unknown[]): Promise<RunResult> {
    return this.prepare(sql).run(...params);
  }

  /** A script in PostgreSQL's own SQL (migrations): sent as it is, in the caller's transaction if any. */
  async exec(sql: string): Promise<void> {
    await this.executor().query(sql);
    // A script may create or alter tables: which ones have an id is asked again.
    this.keys.clear();
  }

  /** The statement text for PostgreSQL, worked out once per SQL text. */
  translate(sql: string): Prepared {
    let prepared = this.prepared.get(sql);
    if (!prepared) {
      const { text, parameters } = numberPlaceholders(translateSqlite(sql));
      const spellings = aliasSpellings(text);
      prepared = {
        text,
        parameters,
        insertInto: insertTarget(text),
        hasReturning: hasReturning(text),
        spellings: spellings.size ? spellings : null,
      };
      this.prepared.set(sql, prepared);
    }
    return prepared;
  }

  /** Where a statement issued now runs: the open transaction of the caller's context, else the pool. */
  executor(): Executor {
    const frame = this.context.getStore();
    return frame && !frame.root.closing ? frame.root.client : this.pool;
  }

  /**
   * Runs one statement; each distinct text is a named prepared statement on every connection,
   * whose plan PostgreSQL may keep for any values. `planEachCall` sends it unnamed instead: the
   * server plans it for these values.
   */
  query(text: string, values: unknown[], arrayRows: boolean, planEachCall = false): Promise<pg.QueryResult> {
    let name: string | undefined;
    if (!planEachCall) {
      name = this.names.get(text);
      if (!name) this.names.set(text, (name = `cloudtune_${this.names.size + 1}`));
    }
    const config: pg.QueryConfig & { rowMode?: 'array' } = { name, text, values };
    if (arrayRows) config.rowMode = 'array';
    return this.executor().query(config);
  }

  /** The column lastInsertId reads for `table`: `id`, else `rowid`, else none. */
  keyColumn(table: string): Promise<string | null> {
    let key = this.keys.get(table);
    if (!key) {
      key = this.executor()
        .query<{ attname: string }>(
          `SELECT attname FROM pg_attribute WHERE attrelid = to_regclass($1) AND attname IN ('id', 'rowid')
           AND NOT attisdropped ORDER BY attname`,
          [table],
        )
        .then((r) => r.rows[0]?.attname ?? null);
      // A failed look-up is asked again next time.
      key.catch(() => this.keys.delete(table));
      this.keys.set(table, key);
    }
    return key;
  }

  tx<T>(work: () => Promise<T>): Promise<T> {
    return this.transaction(work, false);
  }

  writeTx<T>(work: () => Promise<T>): Promise<T> {
    return this.transaction(work, true);
  }

  private async transaction<T>(work: () => Promise<T>, write: boolean): Promise<T> {
    const inside = this.context.getStore();
    if (inside && !inside.root.closing) return this.savepoint(inside, work, write);
    const done = this.track();
    const client = await this.pool.connect();
    const root = { depth: 0, tail: Promise.resolve(), client, closing: false, writeLocked: write } as Omit<Root, 'root'> & {
      root: Root;
    };
    root.root = root;
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      if (write) await client.query('SELECT pg_advisory_xact_lock($1)', [WRITE_LOCK_KEY.toString()]);
      let result: T;
      try {
        result = await this.context.run(root, work);
      } catch (err) {
        root.closing = true;
        await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
        throw err;
      }
      root.closing = true;
      try {
        await client.query('COMMIT');
      } catch (err) {
        // A failed COMMIT has ended the transaction; a broken connection is not given back.
        broken = err as Error;
        throw err;
      }
      return result;
    } finally {
      root.closing = true;
      client.release(broken);
      done();
    }
  }

  /** A transaction inside the open one: a savepoint; nested transactions of one frame take turns. */
  private async savepoint<T>(parent: Frame, work: () => Promise<T>, write: boolean): Promise<T> {
    const before = parent.tail;
    let done!: () => void;
    parent.tail = new Promise<void>((resolve) => (done = resolve));
    await before;
    const root = parent.root;
    const frame: Frame = { root, depth: parent.depth + 1, tail: Promise.resolve() };
    const name = `sp${frame.depth}`;
    try {
      await root.client.query(`SAVEPOINT ${name}`);
      // A writeTx inside a plain tx takes the write lock where it starts, for the rest of the transaction.
      if (write && !root.writeLocked) {
        await root.client.query('SELECT pg_advisory_xact_lock($1)', [WRITE_LOCK_KEY.toString()]);
        root.writeLocked = true;
      }
      try {
        const result = await this.context.run(frame, work);
        await root.client.query(`RELEASE SAVEPOINT ${name}`);
        return result;
      } catch (err) {
        await root.client.query(`ROLLBACK TO SAVEPOINT ${name}; RELEASE SAVEPOINT ${name}`).catch(() => {});
        throw err;
      }
    } finally {
      done();
    }
  }

  async lock<T>(work: () => Promise<T>): Promise<T> {
    if (this.locked.getStore()) return work();
    const done = this.track();
    const client = new pg.Client({ ...this.config, types });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query(`SET lock_timeout = '${LOCK_WAIT}'`);
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
      try {
        // Outside any caller's transaction: work's own tx() calls commit one by one.
        return await this.context.exit(() => this.locked.run(true, work));
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]).catch(() => {});
      }
    } finally {
      await client.end().catch(() => {});
      done();
    }
  }

  /** Notes an open transaction or lock; close() waits for each. */
  private track(): () => void {
    let settle!: () => void;
    const ended = new Promise<void>((resolve) => (settle = resolve));
    this.open.add(ended);
    return () => {
      this.open.delete(ended);
      settle();
    };
  }

  close(): Promise<void> {
    this.closed ??= (async () => {
      while (this.open.size) await Promise.all(this.open);
      await this.pool.end();
    })();
    return this.closed;
  }
}

/** Binds the arguments of a call to the `$n` of a statement. */
function bind(parameters: ParameterSource[], args: unknown[]): unknown[] {
  if (parameters.length === 0) return [];
  const named = args.length === 1 && isPlainObject(args[0]) ? (args[0] as Record<string, unknown>) : null;
  return parameters.map((p) => {
    if ('name' in p) {
      if (!named) throw new TypeError(`@${p.name} needs an object of named values`);
      if (!(p.name in named)) throw new RangeError(`Missing named parameter "${p.name}"`);
      return value(named[p.name]);
    }
    if (p.index >= args.length) throw new RangeError('Too few parameter values were provided');
    return value(args[p.index]);
  });
}

const isPlainObject = (v: unknown): boolean =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !Buffer.isBuffer(v) && !(v instanceof Date);

/** Values bound as better-sqlite3 binds them: undefined is NULL, a boolean 1 or 0 (the repositories' flags are integers). */
function value(v: unknown): unknown {
  if (v === undefined) return null;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'bigint') return v.toString();
  return v;
}

class PostgresStatement<P extends unknown[], R> implements Statement<P, R> {
  constructor(
    private readonly db: PostgresDatabase,
    private readonly sql: Prepared,
    private readonly plucked: boolean,
    private readonly planEachCall: boolean,
  ) {}

  async all(...params: P): Promise<R[]> {
    const { spellings } = this.sql;
    const result = await this.db.query(
      this.sql.text,
      bind(this.sql.parameters, params),
      this.plucked || spellings !== null,
      this.planEachCall,
    );
    if (this.plucked) return result.rows.map((row: unknown[]) => row[0] as R);
    if (!spellings) return result.rows as R[];
    // Rows keyed as the statement spells its columns (`durationMs`, not PostgreSQL's `durationms`).
    const names = result.fields.map((f) => spellings.get(f.name) ?? f.name);
    return result.rows.map((row: unknown[]) => {
      const out: Record<string, unknown> = {};
      for (let i = 0; i < names.length; i++) out[names[i]!] = row[i];
      return out as R;
    });
  }

  async get(...params: P): Promise<R | undefined> {
    return (await this.all(...params))[0];
  }

  async run(...params: P): Promise<RunResult> {
    const { text, insertInto } = this.sql;
    const values = bind(this.sql.parameters, params);
    const key = insertInto && !this.sql.hasReturning ? await this.db.keyColumn(insertInto) : null;
    const result = await this.db.query(key ? `${withoutTrailingSemicolon(text)} RETURNING ${key}` : text, values, !!key, this.planEachCall);
    const changes = result.rowCount ?? 0;
    if (key) return { changes, lastInsertId: Number((result.rows.at(-1) as unknown[] | undefined)?.[0] ?? 0) };
    const last = insertInto && this.sql.hasReturning ? (result.rows.at(-1) as { id?: unknown } | undefined) : undefined;
    return { changes, lastInsertId: Number(last?.id ?? 0) };
  }

  pluck(): Statement<P, R> {
    return new PostgresStatement<P, R>(this.db, this.sql, true, this.planEachCall);
  }
}
