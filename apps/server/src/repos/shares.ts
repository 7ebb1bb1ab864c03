import type { Database } from '../db/database.ts';
import { withTx } from './tx.ts';

/** A share link (migration 032): its secret id, owner, what it holds and how it has been used. */
export interface ShareRecord {
  id: string;
  userId: number;
  title: string;
  description: string | null;
  createdAt: number;
  expiresAt: number | null;
  lastVisited: number | null;
  visitCount: number;
}

export type NewShare = Omit<ShareRecord, 'lastVisited' | 'visitCount'> & { songIds: readonly number[] };

const COLUMNS = `id, user_id AS userId, title, description, created_at AS createdAt, expires_at AS expiresAt,
  last_visited AS lastVisited, visit_count AS visitCount`;

/** Share links and their songs, in order. */
export function createShareRepo(db: Database) {
  const insert = db.prepare<Omit<ShareRecord, 'lastVisited' | 'visitCount'>>(
    `INSERT INTO shares (id, user_id, title, description, created_at, expires_at)
     VALUES (@id, @userId, @title, @description, @createdAt, @expiresAt)`,
  );
  const insertEntry = db.prepare<[string, number, number]>('INSERT INTO share_entries (share_id, position, song_id) VALUES (?, ?, ?)');
  const find = db.prepare<[string], ShareRecord>(`SELECT ${COLUMNS} FROM shares WHERE id = ?`);
  const ofUser = db.prepare<[number], ShareRecord>(`SELECT ${COLUMNS} FROM shares WHERE user_id = ? ORDER BY created_at DESC, id`);
  const songs = db.prepare<[string], number>('SELECT song_id FROM share_entries WHERE share_id = ? ORDER BY position').pluck();
  const holds = db.prepare<[string, number], number>('SELECT 1 FROM share_entries WHERE share_id = ? AND song_id = ? LIMIT 1').pluck();
  const update = db.prepare<{
    id: string;
    description: string | null;
    setDescription: number;
    expiresAt: number | null;
    setExpiry: number;
  }>(
    `UPDATE shares SET description = CASE WHEN @setDescription THEN @description ELSE description END,
       expires_at = CASE WHEN @setExpiry THEN @expiresAt ELSE expires_at END
     WHERE id = @id`,
  );
  const visit = db.prepare<[number, string]>('UPDATE shares SET visit_count = visit_count + 1, last_visited = ? WHERE id = ?');
  const remove = db.prepare<[string]>('DELETE FROM shares WHERE id = ?');

  return {
    async create(share: NewShare): Promise<void> {
      const { songIds, ...row } = share;
      await withTx(db, async () => {
        await insert.run(row);
        for (const [position, songId] of songIds.entries()) await insertEntry.run(row.id, position, songId);
      });
    },
    find: async (id: string): Promise<ShareRecord | undefined> => await find.get(id),
    /** The user's shares, newest first. */
    ofUser: async (userId: number): Promise<ShareRecord[]> => await ofUser.all(userId),
    songIds: async (id: string): Promise<number[]> => await songs.all(id),
    /** Whether the share holds this song. */
    holds: async (id: string, songId: number): Promise<boolean> => (await holds.get(id, songId)) !== undefined,
    /** Changes what is given (`expiresAt` null: never expires). */
    async update(id: string, changes: { description?: string | null; expiresAt?: number | null }): Promise<void> {
      await update.run({
        id,
        description: changes.description ?? null,
        setDescription: changes.description !== undefined ? 1 : 0,
        expiresAt: changes.expiresAt ?? null,
        setExpiry: changes.expiresAt !== undefined ? 1 : 0,
      });
    },
    visit: async (id: string, at: number): Promise<void> => void (await visit.run(at, id)),
    remove: async (id: string): Promise<boolean> => (await remove.run(id)).changes > 0,
  };
}
export type ShareRepo = Awaited<ReturnType<typeof createShareRepo>>;
