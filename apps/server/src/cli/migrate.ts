import { parseArgs } from 'node:util';
import { DATA_DIR_PLACEHOLDER, databaseUrl, loadConfig, storageConfig } from '../config.ts';
import { openPostgresDatabase } from '../db/postgres-open.ts';
import { PostgresDatabase } from '../db/postgres.ts';
import { openStorage } from '../media/open-storage.ts';
import type { S3StorageConfig, Storage } from '../media/storage.ts';
import { formatReport, migrateLibrary, MigrateError, targetUnreachable, type MigrateReport } from '../migrate/index.ts';

export const MIGRATE_USAGE =
  'usage: cloudtune migrate --to postgres://user:password@host/database [--storage s3://bucket/prefix] [--include-caches] [--restart]';

/**
 * `--to` (else CLOUDTUNE_DATABASE_URL, the database the new server will use): a postgres:// URL,
 * checked before anything is opened. `{dataDir}` in its database name works as it does for the
 * server: the data directory's own database, created when missing.
 */
export function targetUrl(text: string | undefined): string {
  if (!text?.trim()) {
    throw new MigrateError(
      `--to (or CLOUDTUNE_DATABASE_URL) is required: the PostgreSQL database to move the library into\n${MIGRATE_USAGE}`,
    );
  }
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(text.trim())?.[1]?.toLowerCase();
  if (scheme !== 'postgres' && scheme !== 'postgresql') {
    throw new MigrateError(`--to must be a postgres:// URL (postgres://user:password@host:5432/database), got "${text}"`);
  }
  try {
    return databaseUrl({ CLOUDTUNE_DATABASE_URL: text })!;
  } catch (err) {
    throw new MigrateError((err as Error).message.replace(/^CLOUDTUNE_DATABASE_URL/, '--to'));
  }
}

/** `--storage`: an s3:// URL, reached with the same endpoint and credentials variables the server reads. */
export function targetStorage(text: string, env: NodeJS.ProcessEnv): S3StorageConfig {
  try {
    const { storage } = storageConfig({ ...env, CLOUDTUNE_STORAGE_URL: text });
    if (storage.kind !== 's3') throw new Error(`--storage must look like s3://bucket/prefix, got "${text}"`);
    return storage;
  } catch (err) {
    throw new MigrateError((err as Error).message.replaceAll('CLOUDTUNE_STORAGE_URL', '--storage'));
  }
}

/**
 * `cloudtune migrate [--to <postgres url>] [--storage s3://bucket/prefix]`: moves the library of
 * CLOUDTUNE_DATA into PostgreSQL (and its files into S3-compatible storage), prints a table of
 * what was compared, and fails (exit code 1) when anything differs. The target is read as the new
 * server will read it: --to and --storage stand for CLOUDTUNE_DATABASE_URL and
 * CLOUDTUNE_STORAGE_URL (either may be set instead), beside the same S3 endpoint and credential
 * variables. Ctrl-C stops it after the current batch; running it again goes on from there.
 */
export async function migrateCommand(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  print: (line: string) => void = console.log,
): Promise<MigrateReport> {
  const { values } = parseArgs({
    args,
    options: {
      to: { type: 'string' },
      storage: { type: 'string' },
      'include-caches': { type: 'boolean' },
      restart: { type: 'boolean' },
    },
  });
  // Everything given is checked before anything is opened or written.
  const url = targetUrl(values.to ?? env.CLOUDTUNE_DATABASE_URL);
  if (values.storage !== undefined) targetStorage(values.storage, env);
  const config = loadConfig({
    ...env,
    CLOUDTUNE_DATABASE_URL: url,
    ...(values.storage !== undefined ? { CLOUDTUNE_STORAGE_URL: values.storage } : {}),
  });
  let storage: Storage | undefined;
  if (config.storage.kind === 's3') {
    storage = await openStorage(config.storage, config.dataDir);
    try {
      await storage.check();
    } catch (err) {
      storage.close();
      throw new MigrateError(
        (err as Error).message.replaceAll('CLOUDTUNE_STORAGE_URL', values.storage !== undefined ? '--storage' : 'CLOUDTUNE_STORAGE_URL'),
      );
    }
  } else {
    print(`The files stay in ${config.dataDir}/media: servers on the new database keep reading them there (--storage moves them).`);
  }
  let target: PostgresDatabase;
  try {
    target = url.includes(DATA_DIR_PLACEHOLDER) ? await openPostgresDatabase(url, config.dataDir) : new PostgresDatabase(url, { max: 2 });
  } catch (err) {
    storage?.close();
    throw targetUnreachable(err, url);
  }
  const controller = new AbortController();
  const stop = () => {
    console.error('Stopping after the current batch…');
    controller.abort();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    const report = await migrateLibrary({
      dataDir: config.dataDir,
      target,
      storage,
      includeCaches: values['include-caches'] ?? false,
      restart: values.restart ?? false,
      signal: controller.signal,
      log: (line) => console.error(line),
    });
    for (const line of formatReport(report)) print(line);
    if (!report.ok) process.exitCode = report.finished ? 1 : 130;
    return report;
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    await target.close();
    storage?.close();
  }
}
