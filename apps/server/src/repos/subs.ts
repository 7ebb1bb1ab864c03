import type { Database } from '../db/database.ts';

/** A collected album or artist and when it was collected (ms). */
export interface Sub {
  id: number;
  createdAt: number;
}

/**
 * The albums and artists users collect (收藏, migration 024): NetEase's /album/sub and /artist/sub,
 * Subsonic's star of an album or artist. Newest first.
 */
export function createSubRepo(db: Database) {
  const make = (table: 'album_subs' | 'artist_subs', column: 'album_id' | 'artist_id') => {
    const add = db.prepare(`INSERT INTO ${table} (user_id, ${column}, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`);
    const remove = db.prepare(`DELETE FROM ${table} WHERE user_id = ? AND ${column} = ?`);
    const list = db.prepare<[number, number, number], Sub>(
      `SELECT ${column} AS id, created_at AS createdAt FROM ${table} WHERE user_id = ? ORDER BY created_at DESC, ${column} DESC LIMIT ? OFFSET ?`,
    );
    const count = db.prepare<[number], number>(`SELECT COUNT(*) FROM ${table} WHERE user_id = ?`).pluck();
    const one = db.prepare<[number, number], number>(`SELECT created_at FROM ${table} WHERE user_id = ? AND ${column} = ?`).pluck();
    const subscribers = db.prepare<[number], number>(`SELECT COUNT(*) FROM ${table} WHERE ${column} = ?`).pluck();
    return {
      /** true when it was not collected before */
      add: async (userId: number, id: number, at: number): Promise<boolean> => (await add.run(userId, id, at)).changes > 0,
      remove: async (userId: number, id: number): Promise<boolean> => (await remove.run(userId, id)).changes > 0,
      list: async (userId: number, limit: number, offset = 0): Promise<Sub[]> => await list.all(userId, limit, offset),
      count: async (userId: number): Promise<number> => (await count.get(userId)) ?? 0,
      /** when the user collected it, or undefined */
      since: async (userId: number, id: number): Promise<number | undefined> => await one.get(userId, id),
      subscribers: async (id: number): Promise<number> => (await subscribers.get(id)) ?? 0,
    };
  };
  return { albums: make('album_subs', 'album_id'), artists: make('artist_subs', 'artist_id') };
}
export type SubRepo = Awaited<ReturnType<typeof createSubRepo>>;
