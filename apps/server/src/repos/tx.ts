import type { Database } from '../db/database.ts';

/**
 * Runs `work` in one transaction (nested calls become savepoints). Every write goes through
 * here so a failure never leaves half a playlist or half a seeded library behind.
 */
export async function withTx<T>(db: Database, work: () => Promise<T>): Promise<T> {
  return await db.tx(work);
}

/**
 * Like withTx, but takes the write lock at once: a read that decides a write (a limit checked,
 * then an attempt recorded) sees no other process's write slip in between.
 */
export async function withWriteTx<T>(db: Database, work: () => Promise<T>): Promise<T> {
  return await db.writeTx(work);
}
