import type { Database } from '../db/database.ts';
import { idsParam } from './json.ts';

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
  // Plays are noted in memory and written together (services/last-played.ts); once a minute is plenty for LRU.
  const touch = db.prepare('UPDATE audio_files SET accessed_at = ? WHERE song_id IN (SELECT value FROM json_each(?)) AND accessed_at < ?');
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
    /** The songs were played at `now` (rows written within the last minute are left as they are). */
    touch: async (songIds: readonly number[], now = Date.now()): Promise<void> => {
      if (songIds.length) await touch.run(now, idsParam(songIds), now - 60_000);
    },
    totalSize: async (): Promise<number> => (await totalSize.get()) ?? 0,
    /** Rendered files, least recently played first. */
    leastRecent: async (limit: number): Promise<AudioFileRecord[]> => await leastRecent.all(limit),
  };
}
export type AudioFileRepo = Awaited<ReturnType<typeof createAudioFileRepo>>;
