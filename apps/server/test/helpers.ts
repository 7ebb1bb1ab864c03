import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { endpoints, type EndpointPath, type ResponseOf } from '@cloudtune/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { buildApp, type BuildAppOptions } from '../src/app.ts';
import { databaseUrl } from '../src/config.ts';
import type { Database } from '../src/db/database.ts';
import type { SqliteDatabase } from '../src/db/sqlite.ts';

export const freshDataDir = (): string => mkdtempSync(join(tmpdir(), 'cloudtune-test-'));

/** Whether this run's libraries are in PostgreSQL (CLOUDTUNE_DATABASE_URL, the server-postgres project). */
export const onPostgres = databaseUrl(process.env) !== null;

/**
 * A mark that moves whenever a write by another connection (the app's) is committed: what "a
 * read never writes" is checked with. SQLite counts commits (data_version); on PostgreSQL every
 * table's row count and newest row version (xmin) are read (a write adds a row version).
 */
export async function writeMark(db: Database): Promise<string> {
  if (db.dialect === 'sqlite') return String((db as SqliteDatabase).pragma('data_version', { simple: true }));
  const tables = await db
    .prepare<[], string>('SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename')
    .pluck()
    .all();
  const parts = tables.map((t) => `SELECT '${t}:' || COUNT(*) || ':' || COALESCE(MAX(xmin::text::bigint), 0) AS mark FROM ${t}`);
  return (
    (await db
      .prepare<[], string>(`SELECT string_agg(mark, ' ') FROM (${parts.join(' UNION ALL ')}) AS marks`)
      .pluck()
      .get()) ?? ''
  );
}

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  close(): Promise<void>;
}

/** An app over a fresh temporary data dir (migrated and seeded; demo mode unless told); close() removes the dir. */
export async function startTestApp(options: Partial<BuildAppOptions> = {}): Promise<TestApp> {
  const dataDir = options.dataDir ?? freshDataDir();
  const app = await buildApp({ dataDir, demo: true, ...options });
  return {
    app,
    dataDir,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** GET a JSON endpoint; returns status and parsed body. */
export async function getJson(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> & { code: number; msg?: string } };
}

/** Asserts a body satisfies the contract's response schema and returns the parsed value. */
export function expectContract<P extends EndpointPath>(path: P, body: unknown): ResponseOf<P> {
  const result = endpoints[path].response.safeParse(body);
  expect(result.error?.issues ?? []).toEqual([]);
  return result.data as ResponseOf<P>;
}

/** Asserts an error body `{code, msg}` with the HTTP status equal to code. */
export function expectError(res: { status: number; body: { code: number; msg?: string } }, code: number, msg?: string | RegExp) {
  expect(res.status).toBe(code);
  expect(res.body.code).toBe(code);
  expect(typeof res.body.msg).toBe('string');
  if (typeof msg === 'string') expect(res.body.msg).toBe(msg);
  else if (msg) expect(res.body.msg).toMatch(msg);
}

/** A value's wire shape (field names and value types, not values), for golden snapshots. */
export type Shape = string | Shape[] | { [key: string]: Shape };
export function shapeOf(value: unknown): Shape {
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.length ? [shapeOf(value[0])] : [];
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, shapeOf((value as Record<string, unknown>)[k])]),
    );
  }
  return typeof value;
}

/** `items.filter(test)` for a test that reads the database (asynchronous), one item after another. */
export async function filterAsync<T>(items: readonly T[], test: (item: T) => Promise<boolean>): Promise<T[]> {
  const kept: T[] = [];
  for (const item of items) if (await test(item)) kept.push(item);
  return kept;
}

/** `items.find(test)` for an asynchronous test. */
export async function findAsync<T>(items: readonly T[], test: (item: T) => Promise<boolean>): Promise<T | undefined> {
  for (const item of items) if (await test(item)) return item;
  return undefined;
}

/** `items.some(test)` for an asynchronous test. */
export const someAsync = async <T>(items: readonly T[], test: (item: T) => Promise<boolean>): Promise<boolean> =>
  (await findAsync(items, test)) !== undefined;
