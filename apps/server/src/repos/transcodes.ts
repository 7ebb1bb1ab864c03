import type { Database } from '../db/database.ts';

export interface TranscodeRecord {
  sourceMd5: string;
  /** mp3, opus or aac */
  format: string;
  bitrate: number;
  size: number;
  md5: string;
}

/** Which variant of which original: the key of a transcoded file. */
export type TranscodeKey = Pick<TranscodeRecord, 'sourceMd5' | 'format' | 'bitrate'>;

/** Variants touched per statement: a few fixed sizes keep the prepared statements few. */
const TOUCH_ROWS = [50, 10, 1];

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
  // Plays are noted in memory and written together (services/last-played.ts); once a minute is plenty for LRU.
  const touches = TOUCH_ROWS.map((size) => ({
    size,
    stmt: db.prepare(
      `UPDATE transcoded_files SET accessed_at = ? WHERE format = ? AND bitrate = ? AND accessed_at < ?
       AND source_md5 IN (${Array<string>(size).fill('?').join(', ')})`,
    ),
  }));
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
    /** The variants were played at `now` (rows written within the last minute are left as they are). */
    async touch(variants: readonly TranscodeKey[], now = Date.now()): Promise<void> {
      const groups = new Map<string, TranscodeKey[]>();
      for (const v of variants) {
        const group = `${v.format} ${v.bitrate}`;
        groups.set(group, [...(groups.get(group) ?? []), v]);
      }
      for (const group of groups.values()) {
        const { format, bitrate } = group[0]!;
        const sources = group.map((v) => v.sourceMd5);
        let at = 0;
        for (const { size, stmt } of touches) {
          for (; at + size <= sources.length; at += size)
            await stmt.run(now, format, bitrate, now - 60_000, ...sources.slice(at, at + size));
        }
      }
    },
    totalSize: async (): Promise<number> => (await totalSize.get()) ?? 0,
    leastRecent: async (limit: number): Promise<TranscodeRecord[]> => await leastRecent.all(limit),
  };
}
export type TranscodeRepo = Awaited<ReturnType<typeof createTranscodeRepo>>;
