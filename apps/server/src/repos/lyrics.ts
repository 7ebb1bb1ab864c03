import type { Database } from '../db/database.ts';

export interface LyricRecord {
  lrc: string;
  translation: string | null;
  version: number;
  /** the lines are timed to the song's phrases (a demo song): word times can be derived */
  phraseTimed: boolean;
}

export function createLyricRepo(db: Database) {
  const find = db.prepare<[number], Omit<LyricRecord, 'phraseTimed'> & { phraseTimed: 0 | 1 }>(
    `SELECT l.lrc, l.translation, l.version, s.audio_seed IS NOT NULL AS phraseTimed
       FROM lyrics l JOIN songs s ON s.id = l.song_id WHERE l.song_id = ?`,
  );
  const insertStmt = db.prepare('INSERT INTO lyrics (song_id, lrc, translation, version) VALUES (?, ?, ?, 1)');
  const current = db.prepare<[number], string>('SELECT lrc FROM lyrics WHERE song_id = ?').pluck();
  const update = db.prepare('UPDATE lyrics SET lrc = ?, version = version + 1 WHERE song_id = ?');
  const remove = db.prepare('DELETE FROM lyrics WHERE song_id = ?');
  return {
    /** undefined: the song is instrumental (or unknown; callers check the song first). */
    find: async (songId: number): Promise<LyricRecord | undefined> => {
      const row = await find.get(songId);
      return row && { ...row, phraseTimed: row.phraseTimed === 1 };
    },
    insert: async (songId: number, lrc: string, translation: string | null): Promise<void> => {
      await insertStmt.run(songId, lrc, translation);
    },
    /** An imported song's lyric: null removes it (the song reads as instrumental); a changed text bumps the version. */
    async set(songId: number, lrc: string | null): Promise<void> {
      const was = await current.get(songId);
      if (lrc === null) await remove.run(songId);
      else if (was === undefined) await insertStmt.run(songId, lrc, null);
      else if (was !== lrc) await update.run(lrc, songId);
    },
  };
}
export type LyricRepo = Awaited<ReturnType<typeof createLyricRepo>>;
