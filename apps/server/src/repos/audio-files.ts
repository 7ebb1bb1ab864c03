import type { Database } from '../db/database.ts';

export interface AudioFileRecord {
  songId: number;
  size: number;
  md5: string;
  bitrate: number;
}

export function createAudioFileRepo(db: Database) {
  const find = db.prepare<[number], AudioFileRecord>('SELECT song_id AS songId, size, md5, bitrate FROM audio_files WHERE song_id = ?');
  const upsert = db.prepare(`
    INSERT INTO audio_files (song_id, size, md5, bitrate, created_at, accessed_at)
    VALUES (@songId, @size, @md5, @bitrate, @now, @now)
    ON CONFLICT (song_id) DO UPDATE SET size = excluded.size, md5 = excluded.md5, bitrate = excluded.bitrate,
      created_at = excluded.created_at, accessed_at = excluded.accessed_at`);
  const remove = db.prepare('DELETE FROM audio_files WHERE song_id = ?');
  // Range requests arrive in bursts; recording an access once a minute is plenty for LRU.
  const touch = db.prepare('UPDATE audio_files SET accessed_at = ? WHERE song_id = ? AND accessed_at < ?');
  const totalSize = db.prepare<[], number>('SELECT COALESCE(SUM(size), 0) FROM audio_files').pluck();
  const leastRecent = db.prepare<[number], AudioFileRecord>(
    'SELECT song_id AS songId, size, md5, bitrate FROM audio_files ORDER BY accessed_at, song_id LIMIT ?',
  );

  return {
    find: async (songId: number): Promise<AudioFileRecord | undefined> => await find.get(songId),
    save: async (file: AudioFileRecord): Promise<void> => {
      await upsert.run({ ...file, now: Date.now() });
    },
    forget: async (songId: number): Promise<void> => {
      await remove.run(songId);
    },
    touch: async (songId: number, now = Date.now()): Promise<void> => {
      await touch.run(now, songId, now - 60_000);
    },
    totalSize: async (): Promise<number> => (await totalSize.get()) ?? 0,
    /** Rendered files, least recently played first. */
    leastRecent: async (limit: number): Promise<AudioFileRecord[]> => await leastRecent.all(limit),
  };
}
export type AudioFileRepo = Awaited<ReturnType<typeof createAudioFileRepo>>;
