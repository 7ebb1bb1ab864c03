import type { Database } from '../db/database.ts';

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
export function createTranscodeRepo(db: Database) {
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
    find: async (sourceMd5: string, format: string, bitrate: number): Promise<TranscodeRecord | undefined> =>
      await find.get(sourceMd5, format, bitrate),
    save: async (file: TranscodeRecord): Promise<void> => {
      await upsert.run({ ...file, now: Date.now() });
    },
    forget: async (sourceMd5: string, format: string, bitrate: number): Promise<void> => {
      await remove.run(sourceMd5, format, bitrate);
    },
    touch: async (sourceMd5: string, format: string, bitrate: number, now = Date.now()): Promise<void> => {
      await touch.run(now, sourceMd5, format, bitrate, now - 60_000);
    },
    totalSize: async (): Promise<number> => (await totalSize.get()) ?? 0,
    leastRecent: async (limit: number): Promise<TranscodeRecord[]> => await leastRecent.all(limit),
  };
}
export type TranscodeRepo = Awaited<ReturnType<typeof createTranscodeRepo>>;
