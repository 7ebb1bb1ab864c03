import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteDatabase } from '../src/db/connection.ts';
import { loadMigrations } from '../src/db/migrate.ts';
import { loadPostgresMigrations, migratePostgres } from '../src/db/migrate-postgres.ts';
import { PostgresDatabase } from '../src/db/postgres.ts';
import { aliasSpellings, insertTarget, numberPlaceholders, translateSqlite, withoutTrailingSemicolon } from '../src/db/sql-text.ts';
import { createRepos } from '../src/repos/index.ts';
import { testDatabases, testPostgresCluster } from './postgres-databases.ts';
import type { TestDatabases } from './postgres-databases.ts';

// The PostgreSQL engine against a real server: CLOUDTUNE_TEST_POSTGRES_URL, or a throwaway cluster
// (scripts/postgres-cluster.mjs) started here. Each test has a fresh migrated database.
let cluster: Awaited<ReturnType<typeof testPostgresCluster>>;
let databases: TestDatabases;
const opened: PostgresDatabase[] = [];

beforeAll(async () => {
  cluster = await testPostgresCluster();
  databases = testDatabases(cluster.url);
});

afterAll(async () => {
  await Promise.all(opened.map((db) => db.close()));
  await databases?.dropAll();
  await cluster?.stop();
});

/** A PostgresDatabase over a fresh migrated database (closed after the file). */
async function freshDb(url?: string): Promise<PostgresDatabase> {
  const db = new PostgresDatabase(url ?? (await databases.create()));
  opened.push(db);
  return db;
}

/** A user row (users has many required columns). */
const newUser = (db: PostgresDatabase, nickname: string) =>
  db.run('INSERT INTO users (nickname, created_at) VALUES (?, ?)', nickname, Date.now());

describe('placeholders', () => {
  it('numbers ? in order and leaves literals, quoted names and comments alone', () => {
    const sql = `SELECT ? AS a, '?' AS "b?", 'it''s ?' -- what?
      /* a ? here */ FROM t WHERE x = ? AND y = $$ ? $$`;
    const { text, parameters } = numberPlaceholders(sql);
    expect(text).toBe(`SELECT $1 AS a, '?' AS "b?", 'it''s ?' -- what?
      /* a ? here */ FROM t WHERE x = $2 AND y = $$ ? $$`);
    expect(parameters).toEqual([{ index: 0 }, { index: 1 }]);
  });

  it('gives a name used twice one number, and reads ?NNN as that position', () => {
    expect(numberPlaceholders('SELECT @a, @b, @a, email@host').text).toBe('SELECT $1, $2, $1, email@host');
    expect(numberPlaceholders('SELECT ?2, ?1, ?').parameters).toEqual([{ index: 1 }, { index: 0 }, { index: 1 }]);
    expect(() => numberPlaceholders('SELECT ?, @a')).toThrow(/mixes/);
  });

  it('binds positional and named values on the server', async () => {
    const db = await freshDb();
    expect(await db.get("SELECT ?::text AS a, '?' AS q, ?::bigint + 1 AS b", 'x', 41)).toEqual({ a: 'x', q: '?', b: 42 });
    expect(await db.get('SELECT @n::bigint * 2 AS twice, @n::bigint AS once, @s::text AS s', { n: 21, s: "it's" })).toEqual({
      twice: 42,
      once: 21,
      s: "it's",
    });
    // undefined binds as NULL, as better-sqlite3 binds it; a named value left out is an error.
    expect(await db.get('SELECT ?::text IS NULL AS absent', undefined)).toEqual({ absent: 1 });
    await expect(db.get('SELECT @missing::text AS m', { other: 1 })).rejects.toThrow(/missing/);
    await expect(db.get('SELECT ?::text AS a, ?::text AS b', 'only one')).rejects.toThrow(/Too few/);
  });
});

describe('results look like SQLite’s', () => {
  it('answers integers, counts, sums and averages as numbers, comparisons as 1/0, JSON as text', async () => {
    const db = await freshDb();
    await newUser(db, 'a');
    await newUser(db, 'b');
    expect(await db.get('SELECT COUNT(*) AS n, SUM(id) AS total, AVG(id) AS mean, MAX(created_at) > 0 AS recent FROM users')).toEqual({
      n: 2,
      total: 3,
      mean: 1.5,
      recent: 1,
    });
    expect(await db.prepare('SELECT COUNT(*) FROM users').pluck().get()).toBe(2);
    expect(await db.get("SELECT json_build_object('a', 1) AS j")).toEqual({ j: '{"a" : 1}' });
  });

  it('keys rows as the statement spells its columns', async () => {
    const db = await freshDb();
    await newUser(db, 'a');
    const row = await db.get<Record<string, unknown>>(
      'SELECT id, nickname AS nickName, created_at AS createdAt, CAST(is_demo AS INTEGER) AS isDemo FROM users',
    );
    expect(Object.keys(row!)).toEqual(['id', 'nickName', 'createdAt', 'isDemo']);
    expect(aliasSpellings('SELECT CAST(x AS TEXT) AS text, y AS camelCase')).toEqual(new Map([['camelcase', 'camelCase']]));
  });

  it('reports rows changed and the id of the row inserted', async () => {
    const db = await freshDb();
    expect(await newUser(db, 'a')).toEqual({ changes: 1, lastInsertId: 1 });
    expect(await newUser(db, 'b')).toEqual({ changes: 1, lastInsertId: 2 });
    // An explicit id is reported as given, and ids handed out afterwards come after it.
    expect(await db.run('INSERT INTO users (id, nickname, created_at) VALUES (?, ?, ?)', 500, 'c', 0)).toEqual({
      changes: 1,
      lastInsertId: 500,
    });
    expect((await newUser(db, 'd')).lastInsertId).toBe(501);
    // Several rows: the last one's id, as SQLite's last_insert_rowid.
    const many = await db.run("INSERT INTO users (nickname, created_at) VALUES ('e', 0), ('f', 0)");
    expect(many).toEqual({ changes: 2, lastInsertId: 503 });
    // A table without an id reports 0; captcha_sends' rowid stands for SQLite's implicit one.
    expect(await db.run("INSERT INTO app_meta (key, value) VALUES ('k', 'v')")).toEqual({ changes: 1, lastInsertId: 0 });
    expect(await db.run('INSERT INTO captcha_sends (phone, at) VALUES (?, ?)', '86 1', 1)).toEqual({ changes: 1, lastInsertId: 1 });
    expect(await db.run('DELETE FROM captcha_sends WHERE rowid = ?', 1)).toEqual({ changes: 1, lastInsertId: 0 });
    // A statement's own RETURNING is its answer; the id of its last row is still reported.
    const returning = db.prepare<unknown[], { id: number }>('INSERT INTO users (nickname, created_at) VALUES (?, 0) RETURNING id');
    expect(await returning.get('g')).toEqual({ id: 504 });
    expect(await returning.run('h')).toEqual({ changes: 1, lastInsertId: 505 });
    expect(await db.run('UPDATE users SET city = 1')).toEqual({ changes: 8, lastInsertId: 0 });
  });

  it('keeps cloud ids in their own space, past 10^12', async () => {
    const db = await freshDb();
    const userId = (await newUser(db, 'a')).lastInsertId;
    const insert = `INSERT INTO cloud_songs (user_id, sha256, md5, file_name, file_size, name, artist, album, duration_ms, bitrate,
      type, mime_type, added_at) VALUES (?, ?, '', 'f', 1, 'n', 'a', 'b', 1, 1, 'mp3', 'audio/mpeg', 0)`;
    expect((await db.run(insert, userId, 'a'.repeat(64))).lastInsertId).toBe(1_000_000_000_001);
  });

  it('finds the table an INSERT writes, and appends clauses after a final semicolon', () => {
    expect(insertTarget('/* x */ INSERT INTO users (a) VALUES (1)')).toBe('users');
    expect(insertTarget('INSERT INTO "Odd Name" VALUES (1)')).toBe('Odd Name');
    expect(insertTarget('WITH x AS (SELECT 1) INSERT INTO t SELECT * FROM x')).toBe('t');
    expect(insertTarget("SELECT 'INSERT INTO t'")).toBeNull();
    expect(withoutTrailingSemicolon('INSERT INTO t VALUES (1); -- done\n')).toBe('INSERT INTO t VALUES (1)');
  });
});

describe('transactions', () => {
  const count = async (db: PostgresDatabase) => db.prepare<[], number>('SELECT COUNT(*) FROM users').pluck().get();

  it('commits what work did, and rolls all of it back when work throws', async () => {
    const db = await freshDb();
    expect(await db.tx(async () => (await newUser(db, 'a')).lastInsertId)).toBe(1);
    await expect(
      db.tx(async () => {
        await newUser(db, 'b');
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(await count(db)).toBe(1);
  });

  it('rolls a nested transaction back to its savepoint and keeps the rest', async () => {
    const db = await freshDb();
    await db.tx(async () => {
      await newUser(db, 'outer');
      await expect(
        db.tx(async () => {
          await newUser(db, 'inner');
          throw new Error('inner fails');
        }),
      ).rejects.toThrow('inner fails');
      await db.tx(() => newUser(db, 'second inner'));
    });
    expect(await db.prepare('SELECT nickname FROM users ORDER BY id').pluck().all()).toEqual(['outer', 'second inner']);
  });

  it('runs statements from outside an open transaction beside it, not in it', async () => {
    const db = await freshDb();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedInside = new Promise<void>((resolve) => (inserted = resolve));
    const tx = db.tx(async () => {
      await newUser(db, 'inside');
      // A callback started inside the transaction is inside it too.
      await new Promise<void>((resolve) => setTimeout(() => void newUser(db, 'inside later').then(() => resolve()), 1));
      inserted();
      await held;
      throw new Error('rolled back');
    });
    await insertedInside;
    // Outside: the transaction's rows are not visible yet, and this write does not wait for it.
    expect(await count(db)).toBe(0);
    await newUser(db, 'outside');
    release();
    await expect(tx).rejects.toThrow('rolled back');
    expect(await db.prepare('SELECT nickname FROM users').pluck().all()).toEqual(['outside']);
  });

  it('loses no increment when writeTx read-then-writes from two connections at once', async () => {
    const url = await databases.create();
    const [a, b] = [await freshDb(url), await freshDb(url)];
    await a.run("INSERT INTO app_meta (key, value) VALUES ('n', '0')");
    const increment = (db: PostgresDatabase) =>
      db.writeTx(async () => {
        const n = Number(await db.prepare<[], string>("SELECT value FROM app_meta WHERE key = 'n'").pluck().get());
        // Let the other connection try to read in between.
        await new Promise((resolve) => setTimeout(resolve, 2));
        await db.run("UPDATE app_meta SET value = ? WHERE key = 'n'", String(n + 1));
      });
    await Promise.all(Array.from({ length: 20 }, (_, i) => increment(i % 2 ? a : b)));
    expect(await a.get("SELECT value FROM app_meta WHERE key = 'n'")).toEqual({ value: '20' });
  });

  it('closes once the open transaction has ended', async () => {
    const db = new PostgresDatabase(await databases.create());
    const tx = db.tx(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return newUser(db, 'late');
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await db.close();
    expect((await tx).changes).toBe(1);
  });
});

describe('lock and migrations', () => {
  it('applies each migration once when two servers start together', async () => {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    const name = `cloudtune_race_${process.pid}`;
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(cluster.url);
    url.pathname = `/${name}`;
    const [a, b] = [await freshDb(url.toString()), await freshDb(url.toString())];
    const applied = await Promise.all([migratePostgres(a), migratePostgres(b)]);
    const sqliteVersions = loadMigrations().map((m) => m.version);
    expect(applied.map((v) => v.length).sort()).toEqual([0, sqliteVersions.length]);
    expect(await a.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all()).toEqual(sqliteVersions);
    await Promise.all([a.close(), b.close()]);
    const cleanup = new pg.Client({ connectionString: cluster.url });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE ${name} WITH (FORCE)`);
    await cleanup.end();
  });

  it('lets one holder at a time in, across connections', async () => {
    const url = await databases.create();
    const [a, b] = [await freshDb(url), await freshDb(url)];
    const events: string[] = [];
    const hold = (db: PostgresDatabase, who: string) =>
      db.lock(async () => {
        events.push(`${who} in`);
        await new Promise((resolve) => setTimeout(resolve, 30));
        await db.tx(() => db.run('INSERT INTO app_meta (key, value) VALUES (?, ?)', who, who));
        events.push(`${who} out`);
      });
    await Promise.all([hold(a, 'a'), hold(b, 'b')]);
    expect([events.slice(0, 2), events.slice(2)].map((pair) => pair.map((e) => e.split(' ')[1]))).toEqual([
      ['in', 'out'],
      ['in', 'out'],
    ]);
    // A lock taken inside the lock is the same lock.
    expect(await a.lock(() => a.lock(async () => 'nested'))).toBe('nested');
  });

  it('has a PostgreSQL migration for every SQLite migration after the baseline, under the same name', () => {
    const postgres = loadPostgresMigrations();
    const covered = new Set(postgres.flatMap((m) => (m.covers.length ? m.covers : [m]).map((c) => c.name)));
    expect(loadMigrations().filter((m) => !covered.has(m.name))).toEqual([]);
    const sqliteNames = new Set(loadMigrations().map((m) => m.name));
    expect(postgres.filter((m) => !m.covers.length && !sqliteNames.has(m.name)).map((m) => m.name)).toEqual([]);
    const dir = fileURLToPath(new URL('../src/db/migrations-postgres/', import.meta.url));
    expect(readdirSync(dir).filter((f) => f.endsWith('.sql')).length).toBe(postgres.length);
  });
});

describe('SQLite’s SQL on PostgreSQL', () => {
  it('rewrites LIKE and CAST AS INTEGER, outside literals', () => {
    expect(translateSqlite("SELECT 1 WHERE a LIKE 'x%' AND b NOT LIKE ? AND c = 'LIKE'")).toBe(
      "SELECT 1 WHERE a ILIKE 'x%' AND b NOT ILIKE ? AND c = 'LIKE'",
    );
    expect(translateSqlite("SELECT CAST(x AS INTEGER), 'AS INTEGER'")).toBe("SELECT CAST(x AS BIGINT), 'AS INTEGER'");
  });

  it('answers these statements as SQLite does', async () => {
    const db = await freshDb();
    const one = (sql: string, ...params: unknown[]) =>
      db
        .prepare(sql)
        .pluck()
        .get(...params);
    // LIKE ignores case; CAST to INTEGER holds ms timestamps.
    await newUser(db, 'Alice');
    expect(await one("SELECT nickname FROM users WHERE nickname LIKE 'ali%'")).toBe('Alice');
    expect(await one('SELECT CAST(? AS INTEGER)', 1_735_689_600_000)).toBe(1_735_689_600_000);
    // COLLATE NOCASE: equality and the unique index ignore case.
    expect(await one('SELECT id FROM users WHERE nickname = ? COLLATE NOCASE', 'ALICE')).toBe(1);
    await expect(newUser(db, 'alice')).rejects.toThrow(/users_by_nickname/);
    // Two-argument max and min are scalars (NULL when an argument is); one argument is the aggregate.
    expect(await db.get('SELECT max(1, 3) AS a, min(1, 3) AS b, max(2, NULL) AS c, MAX(id) AS d FROM users')).toEqual({
      a: 3,
      b: 1,
      c: null,
      d: 1,
    });
    // A list of ids bound as one JSON text.
    expect(
      await db
        .prepare('SELECT value FROM json_each(?) ORDER BY value DESC')
        .pluck()
        .all(JSON.stringify([3, 1, 2])),
    ).toEqual([3, 2, 1]);
    expect(await one('SELECT COUNT(*) FROM users WHERE id IN (SELECT value FROM json_each(?))', '[1, 7]')).toBe(1);
    expect(await one('SELECT value FROM json_each(?)', '5')).toBe(5);
    expect(await one('SELECT key FROM json_each(\'{"k": 1}\'::json)')).toBe('k');
    // json_group_array keeps the aggregate's order and answers text ('[]' for no rows).
    expect(
      await one("SELECT json_group_array(name) FROM (SELECT name FROM (VALUES ('b', 2), ('a', 1)) v(name, n) ORDER BY n) AS ordered"),
    ).toBe('["a","b"]');
    expect(await one('SELECT json_group_array(id) FROM users WHERE id < 0')).toBe('[]');
    // string_agg is SQLite's too (3.44): the portable group_concat.
    expect(await one("SELECT string_agg(x, '/' ORDER BY x DESC) FROM (VALUES ('a'), ('b')) v(x)")).toBe('b/a');
    // strftime of a Unix time in seconds.
    expect(await one("SELECT CAST(strftime('%Y', CAST(? AS BIGINT) / 1000, 'unixepoch') AS INTEGER)", 1_735_689_599_000)).toBe(2024);
    expect(await one("SELECT strftime('%Y-%m-%d %H:%M:%S %j %w %%', 86400 * 59.5, 'unixepoch')")).toBe('1970-03-01 12:00:00 060 0 %');
    await expect(one("SELECT strftime('%Y', 0, 'localtime')")).rejects.toThrow(/unixepoch/);
    // SUM over a comparison counts where it holds.
    expect(await db.get('SELECT SUM(x > 1) AS more, SUM(x > 9) AS none FROM (VALUES (1), (2), (3)) v(x)')).toEqual({ more: 2, none: 0 });
    expect(await one('SELECT SUM(x > 1) FROM (VALUES (1)) v(x) WHERE false')).toBeNull();
    // INSERT … ON CONFLICT DO NOTHING, the portable INSERT OR IGNORE.
    const follow = 'INSERT INTO app_meta (key, value) VALUES (?, ?) ON CONFLICT DO NOTHING';
    expect((await db.run(follow, 'a', '1')).changes).toBe(1);
    expect((await db.run(follow, 'a', '2')).changes).toBe(0);
    // WHERE TRUE and a subquery's alias, as both engines read them.
    expect(await one('SELECT COUNT(*) FROM (SELECT id FROM users WHERE TRUE) AS s')).toBe(1);
  });

  it('moves the data version with every write, from any connection', async () => {
    const url = await databases.create();
    const [a, b] = [await freshDb(url), await freshDb(url)];
    const version = (db: PostgresDatabase) =>
      db.prepare<[], string>("SELECT (SELECT data_version FROM pragma_data_version) || '.' || total_changes()").pluck().get();
    const before = await version(a);
    await newUser(b, 'writer');
    expect(await version(a)).not.toBe(before);
  });

  it('keeps genre counts and stored covers as SQLite’s triggers do', async () => {
    const db = await freshDb();
    const artist = (await db.run("INSERT INTO artists (name, area, type, created_at) VALUES ('A', 7, 1, 0)")).lastInsertId;
    const album = (await db.run('INSERT INTO albums (name, artist_id, publish_time, created_at) VALUES (?, ?, 0, 0)', 'X', artist))
      .lastInsertId;
    const song = (
      await db.run(
        'INSERT INTO songs (id, name, album_id, track_no, duration_ms, audio_seed, publish_time, created_at) VALUES (7, ?, ?, 1, 1, 1, 0, 0)',
        's',
        album,
      )
    ).lastInsertId;
    const genre = (await db.run("INSERT INTO genres (name) VALUES ('Rock')")).lastInsertId;
    expect(await db.prepare("SELECT id FROM genres WHERE name = 'ROCK'").pluck().get()).toBe(genre);
    await db.run('INSERT INTO song_genres (song_id, genre_id, position) VALUES (?, ?, 0)', song, genre);
    expect(await db.get('SELECT song_count AS songs, album_count AS albums FROM genres')).toEqual({ songs: 1, albums: 1 });
    await db.run("INSERT INTO stored_covers (kind, owner_id, hash) VALUES ('album', ?, 'h')", album);
    await db.run('DELETE FROM songs WHERE id = ?', song);
    expect(await db.get('SELECT song_count AS songs, album_count AS albums FROM genres')).toEqual({ songs: 0, albums: 0 });
    await db.run('DELETE FROM albums WHERE id = ?', album);
    expect(await db.prepare('SELECT COUNT(*) FROM stored_covers').pluck().get()).toBe(0);
    // The explicit song id moved the songs sequence past it.
    const next = await db.run(
      "INSERT INTO songs (name, album_id, track_no, duration_ms, audio_seed, publish_time, created_at) VALUES ('t', ?, 1, 1, 1, 0, 0)",
      (await db.run('INSERT INTO albums (name, artist_id, publish_time, created_at) VALUES (?, ?, 0, 0)', 'Y', artist)).lastInsertId,
    );
    expect(next.lastInsertId).toBe(8);
  });

  it('accepts every statement the repositories prepare, but the search index’s', async () => {
    const db = await freshDb();
    // The repositories over a stand-in connection that only notes what they prepare.
    const prepared: string[] = [];
    const statement: object = new Proxy(() => statement, { get: () => () => statement });
    const recorder = new Proxy(
      {},
      {
        get: (_target, key) =>
          key === 'prepare'
            ? (sql: string) => (prepared.push(sql), statement)
            : key === 'transaction'
              ? (work: () => unknown) => work
              : () => undefined,
      },
    );
    createRepos(recorder as never);
    // Search (FTS5 tables, MATCH) has a PostgreSQL design of its own.
    const checked = prepared.filter((sql) => !/\bsearch_\w+|\bMATCH\b/.test(sql));
    expect(checked.length).toBeGreaterThan(300);
    const client = new pg.Client({ connectionString: await databases.create() });
    await client.connect();
    const refused: string[] = [];
    for (const sql of checked) {
      try {
        await client.query(`PREPARE statement_check AS ${db.translate(sql).text}`);
        await client.query('DEALLOCATE statement_check');
      } catch (err) {
        refused.push(`${(err as Error).message}: ${sql.trim()}`);
      }
    }
    await client.end();
    expect(refused).toEqual([]);
    // The same statements are SQLite's: the repositories prepare on a SQLite database too.
    const dir = mkdtempSync(join(tmpdir(), 'cloudtune-sqlite-'));
    try {
      const sqlite = await openSqliteDatabase(dir);
      expect(() => createRepos(sqlite)).not.toThrow();
      await sqlite.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
