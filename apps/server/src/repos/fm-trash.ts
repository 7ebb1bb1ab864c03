import type { Db } from '../db/connection.ts';
import { withTx } from './tx.ts';

/** 私人FM's trash (migration 040): the songs each listener threw out, newest kept beyond a cap. */
export function createFmTrashRepo(db: Db) {
  const ids = db.prepare<[number], number>('SELECT song_id FROM fm_trash WHERE user_id = ? ORDER BY trashed_at, seq').pluck();
  const put = db.prepare(`
    INSERT INTO fm_trash (user_id, song_id, trashed_at, seq)
    VALUES (@userId, @songId, @at, (SELECT COALESCE(MAX(seq), 0) + 1 FROM fm_trash WHERE user_id = @userId))
    ON CONFLICT (user_id, song_id) DO UPDATE SET trashed_at = excluded.trashed_at, seq = excluded.seq`);
  // Everything but the newest `keep` (LIMIT -1 for "no limit" is SQLite's alone).
  const trim = db.prepare(`
    DELETE FROM fm_trash WHERE user_id = @userId AND song_id NOT IN (
      SELECT song_id FROM fm_trash WHERE user_id = @userId ORDER BY trashed_at DESC, seq DESC LIMIT @keep)`);
  const count = db.prepare<[number], number>('SELECT COUNT(*) FROM fm_trash WHERE user_id = ?').pluck();

  return {
    /** The listener's trashed songs, oldest first. */
    ids: async (userId: number): Promise<number[]> => await ids.all(userId),
    /** Trashes a song (again: it becomes the newest) keeping the newest `keep`; returns how many are kept. */
    add: async (userId: number, songId: number, at: number, keep: number): Promise<number> =>
      await withTx(db, async () => {
        await put.run({ userId, songId, at });
        await trim.run({ userId, keep });
        return (await count.get(userId))!;
      }),
  };
}
export type FmTrashRepo = Awaited<ReturnType<typeof createFmTrashRepo>>;
