import type { Database } from '../db/database.ts';

/** One failed credential check: where from, on which account, for which phone's SMS code. */
export interface LoginFailure {
  at: number;
  address: string;
  userId: number | null;
  /** `86 13900000001`: a wrong SMS code for that phone */
  phone: string | null;
}

/** What the limits ask of the failures; a key given as null matches nothing. */
export interface FailureQuery {
  address: string | null;
  userId: number | null;
  phone: string | null;
  /** the address's window: failures after `addressSince`, and which one, newest first, to report */
  addressSince: number;
  addressNth: number;
  /** the account's window: its failures after `accountSince`, counted up to `accountCap` */
  accountSince: number;
  accountCap: number;
  phoneSince: number;
  phoneNth: number;
}

export interface FailureState {
  /** when the address's `addressNth`-th newest failure in its window happened (0 = newest); null: fewer */
  addressNth: number | null;
  /** the account's failures in its window, at most `accountCap` */
  accountFailures: number;
  /** the address's last failure on the account within the account's window; null: none */
  pairLast: number | null;
  phoneNth: number | null;
}

/**
 * Every limit of one attempt read by one statement: four index seeks (the EXPLAIN in
 * test/login-limits.test.ts keeps it so), run before each login and each Subsonic request.
 */
export const FAILURE_STATE_SQL = `
  SELECT
    (SELECT at FROM login_failures WHERE address = @address AND at > @addressSince
      ORDER BY at DESC LIMIT 1 OFFSET @addressNth) AS addressNth,
    (SELECT COUNT(*) FROM (SELECT 1 FROM login_failures WHERE user_id = @userId AND at > @accountSince LIMIT @accountCap) AS recent)
      AS accountFailures,
    (SELECT MAX(at) FROM login_failures WHERE user_id = @userId AND address = @address AND at > @accountSince) AS pairLast,
    (SELECT at FROM login_failures WHERE phone = @phone AND at > @phoneSince
      ORDER BY at DESC LIMIT 1 OFFSET @phoneNth) AS phoneNth`;

/** Failed logins (migration 025); rows leave when older than the longest window or beyond a fixed number. */
export function createLoginFailureRepo(db: Database) {
  const state = db.prepare<FailureQuery, FailureState>(FAILURE_STATE_SQL);
  const insert = db.prepare('INSERT INTO login_failures (at, address, user_id, phone) VALUES (@at, @address, @userId, @phone)');
  const remove = db.prepare('DELETE FROM login_failures WHERE id = ?');
  const forgetPair = db.prepare('DELETE FROM login_failures WHERE user_id = ? AND address = ?');
  const pruneOld = db.prepare('DELETE FROM login_failures WHERE at <= ?');
  const pruneExtra = db.prepare('DELETE FROM login_failures WHERE id <= (SELECT MAX(id) FROM login_failures) - ?');

  return {
    state: async (query: FailureQuery): Promise<FailureState> => (await state.get(query))!,
    /** Returns the new row's id. */
    record: async (failure: LoginFailure): Promise<number> => Number((await insert.run(failure)).lastInsertId),
    async remove(id: number): Promise<void> {
      await remove.run(id);
    },
    /** The address's failures on the account are forgotten (its owner got in from there). */
    async forgetPair(userId: number, address: string): Promise<void> {
      await forgetPair.run(userId, address);
    },
    /** Deletes failures at or before `before`, and the oldest beyond the newest `keep`. */
    async prune(before: number, keep: number): Promise<void> {
      await pruneOld.run(before);
      await pruneExtra.run(keep);
    },
  };
}
export type LoginFailureRepo = Awaited<ReturnType<typeof createLoginFailureRepo>>;
