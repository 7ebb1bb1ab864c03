import type { Db } from '../db/connection.ts';

export type QrKeyState = 'waiting' | 'scanned' | 'approved';

export interface QrKeyRecord {
  createdAt: number;
  state: QrKeyState;
  /** who opened or approved it; null while waiting */
  userId: number | null;
}

/**
 * QR-login keys (migration 040), shared by every process on the database. A key is live while
 * created after `liveSince`; each change is one conditional statement, so two processes racing
 * on a key cannot both use it.
 */
export function createQrLoginKeyRepo(db: Db) {
  const insert = db.prepare("INSERT INTO qr_login_keys (key, created_at, state) VALUES (?, ?, 'waiting')");
  const find = db.prepare<[string, number], QrKeyRecord>(
    'SELECT created_at AS createdAt, state, user_id AS userId FROM qr_login_keys WHERE key = ? AND created_at >= ?',
  );
  const mark = db.prepare(`
    UPDATE qr_login_keys SET state = @state, user_id = @userId
    WHERE key = @key AND created_at >= @liveSince AND state <> 'approved'`);
  const takeApproved = db.prepare("DELETE FROM qr_login_keys WHERE key = ? AND state = 'approved' AND created_at >= ?");
  const remove = db.prepare('DELETE FROM qr_login_keys WHERE key = ?');
  const pruneOld = db.prepare('DELETE FROM qr_login_keys WHERE created_at < ?');
  // Everything but the newest `keep` (LIMIT -1 for "no limit" is SQLite's alone).
  const pruneExtra = db.prepare(`
    DELETE FROM qr_login_keys WHERE key NOT IN (
      SELECT key FROM qr_login_keys ORDER BY created_at DESC LIMIT ?)`);

  return {
    async insert(key: string, createdAt: number): Promise<void> {
      await insert.run(key, createdAt);
    },
    /** The key, if created at or after `liveSince`. */
    find: async (key: string, liveSince: number): Promise<QrKeyRecord | undefined> => await find.get(key, liveSince),
    /** Moves a live, not yet approved key to `state` for `userId`; false when it is expired, used or approved. */
    mark: async (key: string, state: 'scanned' | 'approved', userId: number, liveSince: number): Promise<boolean> =>
      (await mark.run({ key, state, userId, liveSince })).changes === 1,
    /** Uses an approved key up; true for exactly one caller. */
    takeApproved: async (key: string, liveSince: number): Promise<boolean> => (await takeApproved.run(key, liveSince)).changes === 1,
    async remove(key: string): Promise<void> {
      await remove.run(key);
    },
    /** Drops keys created before `before`, and the oldest beyond `keep`. */
    async prune(before: number, keep: number): Promise<void> {
      await pruneOld.run(before);
      await pruneExtra.run(keep);
    },
  };
}
export type QrLoginKeyRepo = Awaited<ReturnType<typeof createQrLoginKeyRepo>>;
