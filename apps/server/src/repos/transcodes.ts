import type { Db } from '../db/connection.ts';

export interface TranscodeRecord {
  sourceMd5: string;
  /** mp3, opus or aac */
  format: string;
  bitrate: number;
  size: number;
  md5: string;
}

const COLUMNS = 'source_md5 AS sourceMd5, format, bitrate, size, md5';

/** Transcoded variants on disk, for the least-recently-used budget. */
export function createTranscodeRepo(db: Db) {
  const find = db.prepare<[string, string, number], TranscodeRecord>(
    `SELECT ${COLUMNS} FROM transcoded_files WHERE source_md5 = ? AND format = ? AND bitrate = ?`,
  );
  const upsert = db.prepare(`
    INSERT INTO transcoded_files (source_md5, format, bitrate, size, md5, created_at, accessed_at)
    VALUES (@sourceMd5, @format, @bitrate, @size, @md5, @now, @now)
    ON CONFLICT (source_md5, format, bitrate) DO UPDATE SET size = excluded.size, md5 = excluded.md5,
      created_at = excluded.created_at, accessed_at = excluded.accessed_at`);
  const remove = db.prepare('DELETE FROM transcoded_files WHERE source_md5 = ? AND format = ? AND bitrate = ?');
  // Range requests arrive in bursts; one access per minute is plenty for LRU.
  const touch = db.prepare(
    'UPDATE transcoded_files SET accessed_at = ? WHERE source_md5 = ? AND format = ? AND bitrate = ? AND accessed_at < ?',
  );
  const totalSize = db.prepare<[], number>('SELECT COALESCE(SUM(size), 0) FROM transcoded_files').pluck();
  const leastRecent = db.prepare<[number], TranscodeRecord>(`SELECT ${COLUMNS} FROM transcoded_files ORDER BY accessed_at LIMIT ?`);

  return {
    find: (sourceMd5: string, format: string, bitrate: number): TranscodeRecord | undefined => find.get(sourceMd5, format, bitrate),
    save: (file: TranscodeRecord): void => {
      upsert.run({ ...file, now: Date.now() });
    },
    forget: (sourceMd5: string, format: string, bitrate: number): void => {
      remove.run(sourceMd5, format, bitrate);
    },
    touch: (sourceMd5: string, format: string, bitrate: number, now = Date.now()): void => {
      touch.run(now, sourceMd5, format, bitrate, now - 60_000);
    },
    totalSize: (): number => totalSize.get() ?? 0,
    leastRecent: (limit: number): TranscodeRecord[] => leastRecent.all(limit),
  };
}
export type TranscodeRepo = ReturnType<typeof createTranscodeRepo>;
