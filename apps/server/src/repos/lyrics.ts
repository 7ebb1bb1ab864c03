import type { Db } from '../db/connection.ts';

export interface LyricRecord {
  lrc: string;
  translation: string | null;
  version: number;
}

export function createLyricRepo(db: Db) {
  const find = db.prepare<[number], LyricRecord>('SELECT lrc, translation, version FROM lyrics WHERE song_id = ?');
  const insertStmt = db.prepare('INSERT INTO lyrics (song_id, lrc, translation, version) VALUES (?, ?, ?, 1)');
  return {
    /** undefined: the song is instrumental (or unknown; callers check the song first). */
    find: (songId: number): LyricRecord | undefined => find.get(songId),
    insert: (songId: number, lrc: string, translation: string | null): void => {
      insertStmt.run(songId, lrc, translation);
    },
  };
}
export type LyricRepo = ReturnType<typeof createLyricRepo>;
