import type { Db } from '../db/connection.ts';

/**
 * Runs `work` in one transaction (nested calls become savepoints). Every write goes through
 * here so a failure never leaves half a playlist or half a seeded library behind.
 */
export function withTx<T>(db: Db, work: () => T): T {
  return db.transaction(work)();
}

/**
 * Like withTx, but takes the write lock at once: a read that decides a write (a limit checked,
 * then an attempt recorded) sees no other process's write slip in between.
 */
export function withWriteTx<T>(db: Db, work: () => T): T {
  return db.transaction(work).immediate();
}
