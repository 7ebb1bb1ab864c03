import type { Database } from '../db/database.ts';

/** A live login: whose it is and which row, so logout can revoke exactly it. */
export interface SessionRecord {
  id: number;
  userId: number;
  expiresAt: number;
}

/** Sessions by the SHA-256 of their token (the token itself is never stored). */
export function createSessionRepo(db: Database) {
  const insert = db.prepare(
    'INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (@tokenHash, @userId, @createdAt, @expiresAt)',
  );
  const unrevoked = db.prepare<[string], SessionRecord>(
    'SELECT id, user_id AS userId, expires_at AS expiresAt FROM sessions WHERE token_hash = ? AND revoked_at IS NULL',
  );
  const revoke = db.prepare('UPDATE sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL');
  const extend = db.prepare('UPDATE sessions SET expires_at = ? WHERE id = ? AND revoked_at IS NULL');
  const revokeUser = db.prepare('UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL');
  const prune = db.prepare('DELETE FROM sessions WHERE expires_at <= ? OR revoked_at IS NOT NULL');
  const trimUser = db.prepare(`
    DELETE FROM sessions WHERE user_id = @userId AND id NOT IN (
      SELECT id FROM sessions WHERE user_id = @userId ORDER BY created_at DESC, id DESC LIMIT @keep)`);

  return {
    async insert(session: { tokenHash: string; userId: number; createdAt: number; expiresAt: number }): Promise<number> {
      return Number((await insert.run(session)).lastInsertId);
    },
    /** The session of this token hash unless revoked (whether it has expired is the caller's to compare, with expiresAt). */
    findUnrevoked: async (tokenHash: string): Promise<SessionRecord | undefined> => await unrevoked.get(tokenHash),
    async revoke(id: number, now: number): Promise<void> {
      await revoke.run(now, id);
    },
    /** A live session now ends at `expiresAt` (a revoked one stays revoked). */
    async extend(id: number, expiresAt: number): Promise<void> {
      await extend.run(expiresAt, id);
    },
    /** Every login of a user ends (their password changed). */
    async revokeAllOf(userId: number, now: number): Promise<void> {
      await revokeUser.run(now, userId);
    },
    /** Drops expired and revoked rows. */
    async prune(now: number): Promise<void> {
      await prune.run(now);
    },
    /** Drops a user's logins but the newest `keep`. */
    async keepNewest(userId: number, keep: number): Promise<void> {
      await trimUser.run({ userId, keep });
    },
  };
}
export type SessionRepo = Awaited<ReturnType<typeof createSessionRepo>>;
