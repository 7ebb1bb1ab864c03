import type { Database } from '../db/database.ts';

/** An OpenSubsonic API key as listed: never the key, which only its SHA-256 stands for. */
export interface ApiKeyRecord {
  id: number;
  userId: number;
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
}

/** A key used again within this long is not written again (a write per request is not worth a date to the minute). */
const LAST_USED_STEP_MS = 60_000;

const COLUMNS = 'id, user_id AS userId, name, created_at AS createdAt, last_used_at AS lastUsedAt';

/** API keys (migration 033): several per user, looked up by hash, deleted when revoked. */
export function createSubsonicApiKeyRepo(db: Database) {
  const insert = db.prepare('INSERT INTO subsonic_api_keys (user_id, name, key_hash, created_at) VALUES (?, ?, ?, ?)');
  const ofUser = db.prepare<[number], ApiKeyRecord>(
    `SELECT ${COLUMNS} FROM subsonic_api_keys WHERE user_id = ? ORDER BY created_at DESC, id DESC`,
  );
  const byHash = db.prepare<[string], ApiKeyRecord>(`SELECT ${COLUMNS} FROM subsonic_api_keys WHERE key_hash = ?`);
  const count = db.prepare<[number], number>('SELECT COUNT(*) FROM subsonic_api_keys WHERE user_id = ?').pluck();
  const remove = db.prepare('DELETE FROM subsonic_api_keys WHERE id = ? AND user_id = ?');
  const removeAll = db.prepare('DELETE FROM subsonic_api_keys WHERE user_id = ?');
  const used = db.prepare(
    'UPDATE subsonic_api_keys SET last_used_at = @at WHERE id = @id AND (last_used_at IS NULL OR last_used_at <= CAST(@at AS BIGINT) - @step)',
  );
  return {
    /** The new key's id. */
    insert: async (userId: number, name: string, keyHash: string, createdAt: number): Promise<number> =>
      Number((await insert.run(userId, name, keyHash, createdAt)).lastInsertId),
    /** The user's keys, newest first. */
    ofUser: async (userId: number): Promise<ApiKeyRecord[]> => await ofUser.all(userId),
    byHash: async (keyHash: string): Promise<ApiKeyRecord | undefined> => await byHash.get(keyHash),
    count: async (userId: number): Promise<number> => (await count.get(userId)) ?? 0,
    /** true when the user had this key */
    remove: async (userId: number, id: number): Promise<boolean> => (await remove.run(id, userId)).changes > 0,
    removeAll: async (userId: number): Promise<void> => void (await removeAll.run(userId)),
    markUsed: async (id: number, at: number): Promise<void> => void (await used.run({ id, at, step: LAST_USED_STEP_MS })),
  };
}
export type SubsonicApiKeyRepo = Awaited<ReturnType<typeof createSubsonicApiKeyRepo>>;
