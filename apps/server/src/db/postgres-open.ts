import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import pg from 'pg';
import { DATA_DIR_PLACEHOLDER } from '../config.ts';
import { loadPostgresMigrations, migratePostgres } from './migrate-postgres.ts';
import { PostgresDatabase } from './postgres.ts';

/**
 * Serializes creating per-directory databases across processes (a key of the single-bigint
 * advisory space, taken on the maintenance database; db/postgres.ts's keys are held elsewhere).
 */
const CREATE_LOCK_KEY = 0x636c6f7564_03n;
/** The database every cluster has, where databases are created from. */
const MAINTENANCE_DATABASE = 'postgres';

/** The database name of a postgres:// URL (its path, without the slash). */
const databaseName = (url: string): string => decodeURIComponent(new URL(url).pathname.slice(1));

/** `url` naming database `name` instead. */
function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(name)}`;
  return u.toString();
}

const quoteName = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/**
 * The URL of the database of `dataDir` under a URL whose database name holds `{dataDir}`: the
 * placeholder becomes a short hash of the resolved directory, so each directory has a database
 * of its own and the same directory always the same one. (config.ts has checked that the
 * placeholder is in the name, among letters, digits and _.)
 */
export function directoryDatabaseUrl(url: string, dataDir: string): string {
  const key = createHash('sha256').update(resolve(dataDir)).digest('hex').slice(0, 16);
  // The placeholder is no URL character: it is replaced in the text, before anything parses it.
  return url.replace(DATA_DIR_PLACEHOLDER, key);
}

/**
 * Opens the PostgreSQL library of a data directory and brings its schema up to date (under the
 * database's lock: servers starting together migrate once). With `{dataDir}` in the URL's
 * database name, a directory met for the first time gets its database now: a copy of a template
 * database that holds the migrated schema (made once per set of migrations), which takes a
 * fraction of the time migrating an empty database does. That needs a role allowed to create
 * databases; a URL without the placeholder names a database that must exist.
 */
export async function openPostgresDatabase(url: string, dataDir: string): Promise<PostgresDatabase> {
  const perDirectory = url.includes(DATA_DIR_PLACEHOLDER);
  const target = perDirectory ? directoryDatabaseUrl(url, dataDir) : url;
  try {
    return await migrated(target);
  } catch (err) {
    // 3D000: no such database (yet).
    if (!perDirectory || (err as { code?: string }).code !== '3D000') throw err;
  }
  await createDirectoryDatabase(url, dataDir, target);
  return await migrated(target);
}

async function migrated(url: string): Promise<PostgresDatabase> {
  const db = new PostgresDatabase(url);
  try {
    await migratePostgres(db);
    return db;
  } catch (err) {
    await db.close();
    throw err;
  }
}

/**
 * Creates the database `target` (of `dataDir`) as a copy of the template, making the template
 * first if this set of migrations has none yet. One process at a time: the others wait on the
 * lock, then find what it made.
 */
async function createDirectoryDatabase(url: string, dataDir: string, target: string): Promise<void> {
  const name = databaseName(target);
  const admin = new pg.Client({ connectionString: withDatabase(url, MAINTENANCE_DATABASE), application_name: 'cloudtune' });
  admin.on('error', () => {});
  await admin.connect();
  try {
    // Session-level: released when this connection ends, whatever happens below.
    await admin.query('SELECT pg_advisory_lock($1)', [CREATE_LOCK_KEY.toString()]);
    const exists = async (datname: string) =>
      ((await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [datname])).rowCount ?? 0) > 0;
    if (await exists(name)) return;
    const template = templateName(url);
    if (!(await exists(template))) await createTemplate(admin, url, template);
    await admin.query(`CREATE DATABASE ${quoteName(name)} TEMPLATE ${quoteName(template)}`);
    // Which directory a database serves, for whoever lists the cluster's databases.
    await admin.query(`COMMENT ON DATABASE ${quoteName(name)} IS ${admin.escapeLiteral(`Cloudtune library of ${resolve(dataDir)}`)}`);
  } finally {
    await admin.end().catch(() => {});
  }
}

/**
 * The template's name: the URL's name with the placeholder standing for the migrations it holds
 * (a hash of their text), so a server with other migrations never copies a schema not its own.
 */
function templateName(url: string): string {
  const hash = createHash('sha256');
  for (const m of loadPostgresMigrations()) hash.update(`${m.name}\n${m.sql}\n`);
  return databaseName(url.replace(DATA_DIR_PLACEHOLDER, `template_${hash.digest('hex').slice(0, 12)}`));
}

async function createTemplate(admin: pg.Client, url: string, template: string): Promise<void> {
  await admin.query(`CREATE DATABASE ${quoteName(template)}`);
  const db = new PostgresDatabase(withDatabase(url, template), { max: 1 });
  try {
    await migratePostgres(db);
  } catch (err) {
    await db.close();
    await admin.query(`DROP DATABASE IF EXISTS ${quoteName(template)}`).catch(() => {});
    throw err;
  }
  // A database is copied only while nobody is connected to it.
  await db.close();
  await admin.query(
    `COMMENT ON DATABASE ${quoteName(template)} IS 'Cloudtune: the migrated schema new per-directory libraries are copied from'`,
  );
}
