import type { Db } from '../db/connection.ts';

export interface RateWindowRecord {
  /** tokens left (a bucket) or requests counted (a window) */
  amount: number;
  /** ms: last refill (a bucket) or the window's start */
  at: number;
}

/**
 * Request budgets (migration 040), one row per limiter and key, shared by every process on the
 * database. A bucket is read and written inside the caller's write transaction; a fixed window is
 * counted by one statement.
 */
export function createRateWindowRepo(db: Db) {
  const find = db.prepare<[string, string, number], RateWindowRecord>(
    'SELECT amount, at FROM rate_windows WHERE limiter = ? AND key = ? AND expires_at > ?',
  );
  const put = db.prepare(`
    INSERT INTO rate_windows (limiter, key, amount, at, expires_at) VALUES (@limiter, @key, @amount, @at, @expiresAt)
    ON CONFLICT (limiter, key) DO UPDATE SET amount = excluded.amount, at = excluded.at, expires_at = excluded.expires_at`);
  const hit = db.prepare<{ limiter: string; key: string; now: number; windowMs: number }, { count: number; endsAt: number }>(`
    INSERT INTO rate_windows (limiter, key, amount, at, expires_at) VALUES (@limiter, @key, 1, @now, CAST(@now AS BIGINT) + @windowMs)
    ON CONFLICT (limiter, key) DO UPDATE SET
      amount = CASE WHEN rate_windows.expires_at <= @now THEN 1 ELSE rate_windows.amount + 1 END,
      at = CASE WHEN rate_windows.expires_at <= @now THEN @now ELSE rate_windows.at END,
      expires_at = CASE WHEN rate_windows.expires_at <= @now THEN @now + @windowMs ELSE rate_windows.expires_at END
    RETURNING amount AS count, expires_at AS endsAt`);
  const prune = db.prepare('DELETE FROM rate_windows WHERE expires_at <= ?');

  return {
    /** The row of `key` in `limiter`, unless it expired by `now`. */
    find: async (limiter: string, key: string, now: number): Promise<RateWindowRecord | undefined> => await find.get(limiter, key, now),
    async put(limiter: string, key: string, record: RateWindowRecord, expiresAt: number): Promise<void> {
      await put.run({ limiter, key, ...record, expiresAt });
    },
    /** Counts one request in the fixed window of `key` (a new window once the last ended): the count so far and when it ends. */
    hit: async (limiter: string, key: string, now: number, windowMs: number): Promise<{ count: number; endsAt: number }> =>
      (await hit.get({ limiter, key, now, windowMs }))!,
    /** Forgets rows that expired by `now`. */
    async prune(now: number): Promise<number> {
      return (await prune.run(now)).changes;
    },
  };
}
export type RateWindowRepo = Awaited<ReturnType<typeof createRateWindowRepo>>;
