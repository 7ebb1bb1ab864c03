import type { Db } from '../db/connection.ts';

/** A collected album or artist and when it was collected (ms). */
export interface Sub {
  id: number;
  createdAt: number;
}

/**
 * The albums and artists users collect (收藏, migration 024): NetEase's /album/sub and /artist/sub,
 * Subsonic's star of an album or artist. Newest first.
 */
export function createSubRepo(db: Db) {
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
      add: (userId: number, id: number, at: number): boolean => add.run(userId, id, at).changes > 0,
      remove: (userId: number, id: number): boolean => remove.run(userId, id).changes > 0,
      list: (userId: number, limit: number, offset = 0): Sub[] => list.all(userId, limit, offset),
      count: (userId: number): number => count.get(userId) ?? 0,
      /** when the user collected it, or undefined */
      since: (userId: number, id: number): number | undefined => one.get(userId, id),
      subscribers: (id: number): number => subscribers.get(id) ?? 0,
    };
  };
  return { albums: make('album_subs', 'album_id'), artists: make('artist_subs', 'artist_id') };
}
export type SubRepo = ReturnType<typeof createSubRepo>;
