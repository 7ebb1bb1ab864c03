import type { Db } from '../db/connection.ts';

/**
 * Runs `work` in one transaction (nested calls become savepoints). Every write goes through
 * here so a failure never leaves half a playlist or half a seeded library behind.
 */
export function withTx<T>(db: Db, work: () => T): T {
  return db.transaction(work)();
}
