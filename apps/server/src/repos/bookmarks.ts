import type { Database } from '../db/database.ts';
import { idsParam } from './json.ts';

/** A position a user keeps in a song (migration 032). */
export interface BookmarkRecord {
  songId: number;
  positionMs: number;
  comment: string;
  createdAt: number;
  changedAt: number;
}

/** Bookmarks: one per user and song, newest change first. */
export function createBookmarkRepo(db: Database) {
  const COLUMNS = 'song_id AS songId, position_ms AS positionMs, comment, created_at AS createdAt, changed_at AS changedAt';
  const list = db.prepare<[number], BookmarkRecord>(
    `SELECT ${COLUMNS} FROM bookmarks WHERE user_id = ? ORDER BY changed_at DESC, song_id DESC`,
  );
  const positions = db.prepare<[number, string], { songId: number; positionMs: number }>(
    `SELECT song_id AS songId, position_ms AS positionMs FROM bookmarks
     WHERE user_id = ? AND song_id IN (SELECT value FROM json_each(?))`,
  );
  // A bookmark made again keeps when it was first made.
  const upsert = db.prepare<{ userId: number; songId: number; positionMs: number; comment: string; at: number }>(
    `INSERT INTO bookmarks (user_id, song_id, position_ms, comment, created_at, changed_at)
     VALUES (@userId, @songId, @positionMs, @comment, @at, @at)
     ON CONFLICT (user_id, song_id) DO UPDATE SET position_ms = excluded.position_ms, comment = excluded.comment,
       changed_at = excluded.changed_at`,
  );
  const remove = db.prepare<[number, number]>('DELETE FROM bookmarks WHERE user_id = ? AND song_id = ?');

  return {
    list: async (userId: number): Promise<BookmarkRecord[]> => await list.all(userId),
    /** The user's bookmark positions in these songs (one query for a whole list of songs). */
    async positionsOf(userId: number, songIds: readonly number[]): Promise<Map<number, number>> {
      return new Map(songIds.length ? (await positions.all(userId, idsParam(songIds))).map((b) => [b.songId, b.positionMs]) : []);
    },
    async save(userId: number, bookmark: { songId: number; positionMs: number; comment: string }, at: number): Promise<void> {
      await upsert.run({ userId, ...bookmark, at });
    },
    /** true when there was one */
    remove: async (userId: number, songId: number): Promise<boolean> => (await remove.run(userId, songId)).changes > 0,
  };
}
export type BookmarkRepo = Awaited<ReturnType<typeof createBookmarkRepo>>;
