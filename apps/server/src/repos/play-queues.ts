import type { Database } from '../db/database.ts';
import { withTx } from './tx.ts';

/** A user's saved play queue (migration 032). */
export interface PlayQueueRecord {
  /** in order; a song may appear more than once */
  songIds: number[];
  /** index into songIds of the current entry; null when the queue is empty */
  currentIndex: number | null;
  positionMs: number;
  changedAt: number;
  changedBy: string;
}

interface QueueRow {
  currentPosition: number | null;
  positionMs: number;
  changedAt: number;
  changedBy: string;
}

/**
 * One play queue per user. Entries are stored with their positions; a song a rescan removed
 * takes its entries with it, so the current entry is found again by position when read.
 */
export function createPlayQueueRepo(db: Database) {
  const head = db.prepare<[number], QueueRow>(
    `SELECT current_position AS currentPosition, position_ms AS positionMs, changed_at AS changedAt, changed_by AS changedBy
     FROM play_queues WHERE user_id = ?`,
  );
  const entries = db.prepare<[number], { position: number; songId: number }>(
    'SELECT position, song_id AS songId FROM play_queue_entries WHERE user_id = ? ORDER BY position',
  );
  const upsert = db.prepare<{ userId: number; current: number | null; positionMs: number; changedAt: number; changedBy: string }>(
    `INSERT INTO play_queues (user_id, current_position, position_ms, changed_at, changed_by)
     VALUES (@userId, @current, @positionMs, @changedAt, @changedBy)
     ON CONFLICT (user_id) DO UPDATE SET current_position = excluded.current_position, position_ms = excluded.position_ms,
       changed_at = excluded.changed_at, changed_by = excluded.changed_by`,
  );
  const clearEntries = db.prepare<[number]>('DELETE FROM play_queue_entries WHERE user_id = ?');
  const insertEntry = db.prepare<[number, number, number]>('INSERT INTO play_queue_entries (user_id, position, song_id) VALUES (?, ?, ?)');

  return {
    /** The user's queue, or undefined when they never saved one. */
    async find(userId: number): Promise<PlayQueueRecord | undefined> {
      const row = await head.get(userId);
      if (!row) return undefined;
      const list = await entries.all(userId);
      let currentIndex: number | null = null;
      if (list.length > 0) {
        // The current entry, or (when its song is gone) the next one that is left, else the last.
        const wanted = row.currentPosition ?? 0;
        const at = list.findIndex((e) => e.position >= wanted);
        currentIndex = at < 0 ? list.length - 1 : at;
      }
      const moved = currentIndex === null || list[currentIndex]!.position !== row.currentPosition;
      return {
        songIds: list.map((e) => e.songId),
        currentIndex,
        positionMs: moved ? 0 : row.positionMs,
        changedAt: row.changedAt,
        changedBy: row.changedBy,
      };
    },

    /** Replaces the user's queue (an empty one clears it and keeps who did, and when). */
    async save(userId: number, queue: PlayQueueRecord): Promise<void> {
      await withTx(db, async () => {
        await upsert.run({
          userId,
          current: queue.currentIndex,
          positionMs: queue.positionMs,
          changedAt: queue.changedAt,
          changedBy: queue.changedBy,
        });
        await clearEntries.run(userId);
        for (const [position, songId] of queue.songIds.entries()) await insertEntry.run(userId, position, songId);
      });
    },
  };
}
export type PlayQueueRepo = Awaited<ReturnType<typeof createPlayQueueRepo>>;
