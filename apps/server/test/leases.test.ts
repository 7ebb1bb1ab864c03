import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { openDatabase, type Db } from '../src/db/connection.ts';
import { createRepos } from '../src/repos/index.ts';
import { createLeases, type Leases } from '../src/services/leases.ts';
import { testClock } from './account-helpers.ts';
import { freshDataDir } from './helpers.ts';
import { rmSync } from 'node:fs';

/** Two connections to one database stand in for two server processes; the clock moves by hand. */
const clock = testClock();
let dataDir: string;
let dbs: Db[];
let a: Leases;
let b: Leases;
beforeAll(async () => {
  dataDir = freshDataDir();
  dbs = [await openDatabase(dataDir), await openDatabase(dataDir)];
  [a, b] = dbs.map((db) => createLeases(createRepos(db), clock.now)) as [Leases, Leases];
});
afterAll(async () => {
  for (const db of dbs ?? []) await db.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a lease', () => {
  test('is held by one process at a time; the other takes it once it is given up', async () => {
    const ran: string[] = [];
    await a.runOnce('rerank', async () => {
      ran.push('a');
      // b tries while a works: it does not run
      expect(await b.runOnce('rerank', () => ran.push('b'))).toBeUndefined();
      expect(await b.holds('rerank')).toBe(false);
      expect(await a.holds('rerank')).toBe(true);
    });
    expect(await b.runOnce('rerank', () => ran.push('b'))).toBe(2);
    expect(ran).toEqual(['a', 'b']);
  });

  test('whose holder died (never renewed it) expires, and the other takes it over', async () => {
    expect(await a.take('scan', 60_000)).toBe(true);
    expect(await a.take('scan', 60_000)).toBe(true); // renewed by its holder
    expect(await b.take('scan', 60_000)).toBe(false);
    clock.advance(59_999);
    expect(await b.take('scan', 60_000)).toBe(false);
    clock.advance(1);
    expect(await b.take('scan', 60_000)).toBe(true);
    expect(await a.holds('scan')).toBe(false);
    expect(await a.take('scan', 60_000)).toBe(false);
    await b.release('scan');
  });

  test('of periodic work: one process runs each tick; when it stops, the other carries on', async () => {
    const runs = { a: 0, b: 0 };
    const stopA = a.every('sweep', 10, () => void runs.a++);
    await vi.waitFor(() => expect(runs.a).toBeGreaterThanOrEqual(1), { timeout: 5000, interval: 5 });
    const stopB = b.every('sweep', 10, () => void runs.b++);
    // the clock stands still: a's lease never lapses while a ticks, so b never runs
    await vi.waitFor(() => expect(runs.a).toBeGreaterThanOrEqual(6), { timeout: 5000, interval: 5 });
    expect(runs.b).toBe(0);
    await stopA();
    const before = runs.a;
    await vi.waitFor(() => expect(runs.b).toBeGreaterThanOrEqual(3), { timeout: 5000, interval: 5 });
    expect(runs.a).toBe(before);
    await stopB();
  });

  test('of periodic work whose holder died runs elsewhere once the lease expires', async () => {
    // a took the lease and died: it neither renews nor gives it up
    expect(await a.take('sweep', 1000)).toBe(true);
    let runs = 0;
    const stop = b.every('sweep', 10, () => void runs++);
    try {
      expect(await b.holds('sweep')).toBe(false);
      expect(runs).toBe(0);
      clock.advance(1000);
      await vi.waitFor(() => expect(runs).toBeGreaterThanOrEqual(1), { timeout: 5000, interval: 5 });
      expect(await b.holds('sweep')).toBe(true);
    } finally {
      await stop();
    }
  });
});
