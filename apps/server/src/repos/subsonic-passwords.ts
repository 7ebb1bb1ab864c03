import type { Database } from '../db/database.ts';

/** A user's app password for Subsonic clients, as stored: encrypted, plus its hash for apiKey lookup. */
export interface StoredAppPassword {
  userId: number;
  /** the encrypted password (services/subsonic/secrets.ts) */
  secret: string;
  /** null: a password a person chose, which never works as an apiKey */
  keyHash: string | null;
  createdAt: number;
}

/** Subsonic app passwords (migration 024): one per user, replaced when made again, deleted when revoked. */
export function createSubsonicPasswordRepo(db: Database) {
  const ofUser = db.prepare<[number], StoredAppPassword>(
    'SELECT user_id AS userId, secret, key_hash AS keyHash, created_at AS createdAt FROM subsonic_passwords WHERE user_id = ?',
  );
  const byKey = db.prepare<[string], StoredAppPassword>(
    'SELECT user_id AS userId, secret, key_hash AS keyHash, created_at AS createdAt FROM subsonic_passwords WHERE key_hash = ?',
  );
  const upsert = db.prepare(`
    INSERT INTO subsonic_passwords (user_id, secret, key_hash, created_at) VALUES (@userId, @secret, @keyHash, @createdAt)
    ON CONFLICT (user_id) DO UPDATE SET secret = excluded.secret, key_hash = excluded.key_hash, created_at = excluded.created_at`);
  const remove = db.prepare('DELETE FROM subsonic_passwords WHERE user_id = ?');
  return {
    ofUser: async (userId: number): Promise<StoredAppPassword | undefined> => await ofUser.get(userId),
    byKeyHash: async (keyHash: string): Promise<StoredAppPassword | undefined> => await byKey.get(keyHash),
    save: async (row: StoredAppPassword): Promise<void> => void (await upsert.run(row)),
    /** true when there was one */
    remove: async (userId: number): Promise<boolean> => (await remove.run(userId)).changes > 0,
  };
}
export type SubsonicPasswordRepo = Awaited<ReturnType<typeof createSubsonicPasswordRepo>>;
