import type { Database } from '../db/database.ts';

/** One user's song in the cloud drive (migration 022). */
export interface CloudSongRecord {
  id: number;
  userId: number;
  /** SHA-256 of the bytes, hex: names the stored file */
  sha256: string;
  md5: string;
  fileName: string;
  fileSize: number;
  name: string;
  artist: string;
  album: string;
  durationMs: number;
  bitrate: number;
  lossless: boolean;
  type: string;
  mimeType: string;
  addedAt: number;
}

export type NewCloudSong = Omit<CloudSongRecord, 'id'>;

/** Cloud ids start above this (022_cloud.sql seeds the sequence): no catalog song has one. */
export const CLOUD_ID_FLOOR = 1_000_000_000_000;
export const isCloudSongId = (id: number): boolean => id > CLOUD_ID_FLOOR;

type Row = Omit<CloudSongRecord, 'lossless'> & { lossless: number };
const COLUMNS = `id, user_id AS userId, sha256, md5, file_name AS fileName, file_size AS fileSize, name, artist, album,
  duration_ms AS durationMs, bitrate, lossless, type, mime_type AS mimeType, added_at AS addedAt`;
const record = (row: Row): CloudSongRecord => ({ ...row, lossless: row.lossless === 1 });

export function createCloudSongRepo(db: Database) {
  const insert = db.prepare(
    `INSERT INTO cloud_songs (user_id, sha256, md5, file_name, file_size, name, artist, album, duration_ms, bitrate, lossless,
       type, mime_type, added_at)
     VALUES (@userId, @sha256, @md5, @fileName, @fileSize, @name, @artist, @album, @durationMs, @bitrate, @lossless, @type,
       @mimeType, @addedAt)`,
  );
  const byId = db.prepare<[number], Row>(`SELECT ${COLUMNS} FROM cloud_songs WHERE id = ?`);
  const byUserHash = db.prepare<[number, string], Row>(`SELECT ${COLUMNS} FROM cloud_songs WHERE user_id = ? AND sha256 = ?`);
  const page = db.prepare<[number, number, number], Row>(
    `SELECT ${COLUMNS} FROM cloud_songs WHERE user_id = ? ORDER BY added_at DESC, id DESC LIMIT ? OFFSET ?`,
  );
  const usage = db.prepare<[number], { count: number; bytes: number }>(
    'SELECT COUNT(*) AS count, COALESCE(SUM(file_size), 0) AS bytes FROM cloud_songs WHERE user_id = ?',
  );
  const hashUsers = db.prepare<[string], number>('SELECT COUNT(*) FROM cloud_songs WHERE sha256 = ?').pluck();
  const allHashes = db.prepare<[], string>('SELECT DISTINCT sha256 FROM cloud_songs').pluck();
  const remove = db.prepare('DELETE FROM cloud_songs WHERE id = ? AND user_id = ?');

  return {
    async insert(song: NewCloudSong): Promise<number> {
      return Number((await insert.run({ ...song, lossless: song.lossless ? 1 : 0 })).lastInsertId);
    },
    async findById(id: number): Promise<CloudSongRecord | undefined> {
      const row = await byId.get(id);
      return row && record(row);
    },
    /** The user's song over these bytes, if they uploaded them before. */
    async findByHash(userId: number, sha256: string): Promise<CloudSongRecord | undefined> {
      const row = await byUserHash.get(userId, sha256);
      return row && record(row);
    },
    /** Newest first. */
    async list(userId: number, limit: number, offset: number): Promise<CloudSongRecord[]> {
      return (await page.all(userId, limit, offset)).map(record);
    },
    /** How many songs a user keeps and their bytes (a file shared with others counts for each). */
    usage: async (userId: number): Promise<{ count: number; bytes: number }> => (await usage.get(userId))!,
    /** Rows, of any user, over this file. */
    hashUsers: async (sha256: string): Promise<number> => (await hashUsers.get(sha256))!,
    /** Every stored file's hash that some row needs. */
    hashes: async (): Promise<Set<string>> => new Set(await allHashes.all()),
    /** Deletes the user's row; false when it is not theirs (or gone). */
    async delete(id: number, userId: number): Promise<boolean> {
      return (await remove.run(id, userId)).changes > 0;
    },
  };
}
export type CloudSongRepo = Awaited<ReturnType<typeof createCloudSongRepo>>;
