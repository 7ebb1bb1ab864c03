import { parseArgs } from 'node:util';
import { storageConfig, type Config } from '../config.ts';
import { PostgresDatabase } from '../db/postgres.ts';
import { openStorage } from '../media/open-storage.ts';
import type { S3StorageConfig, Storage } from '../media/storage.ts';
import { formatReport, migrateLibrary, MigrateError, type MigrateReport } from '../migrate/index.ts';

export const MIGRATE_USAGE = 'usage: cloudtune migrate --to postgres://user:password@host/database [--storage s3://bucket/prefix] [--include-caches] [--restart]';

/** `--to`: a postgres:// URL, checked before anything is opened. */
export function targetUrl(text: string | undefined): string {
  if (!text?.trim()) throw new MigrateError(`--to is required: the PostgreSQL database to move the library into\n${MIGRATE_USAGE}`);
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new MigrateError(`--to must be a postgres:// URL (postgres://user:password@host:5432/database), got "${text}"`);
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new MigrateError(`--to must be a postgres:// URL (postgres://user:password@host:5432/database), got "${text}"`);
  }
  return text.trim();
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
 * `cloudtune migrate --to <postgres url> [--storage s3://bucket/prefix]`: moves the library of
 * CLOUDTUNE_DATA into PostgreSQL (and its files into S3-compatible storage), prints a table of
 * what was compared, and fails (exit code 1) when anything differs. Ctrl-C stops it after the
 * current batch; running it again goes on from there.
 */
export async function migrateCommand(
  args: string[],
  config: Config,
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
  const url = targetUrl(values.to);
  const s3 = values.storage !== undefined ? targetStorage(values.storage, env) : null;
  let storage: Storage | undefined;
  if (s3) {
    storage = await openStorage(s3, config.dataDir);
    try {
      await storage.check();
    } catch (err) {
      storage.close();
      throw new MigrateError((err as Error).message.replaceAll('CLOUDTUNE_STORAGE_URL', '--storage'));
    }
  } else if (config.storage.kind === 'local') {
    print(`The files stay in ${config.dataDir}/media: servers on the new database keep reading them there (--storage moves them).`);
  }
  const target = new PostgresDatabase(url, { max: 2 });
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
