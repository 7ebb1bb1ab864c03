import type { Database } from '../db/database.ts';
import { idsParam } from './json.ts';

/** An imported audio file (table library_files): where it is, how to recognise it again, how to serve it. */
export interface ImportFileRecord {
  path: string;
  songId: number;
  size: number;
  mtimeMs: number;
  md5: string;
  mimeType: string;
  type: string;
  bitrate: number;
  lossless: boolean;
  /** Hz, channels, bits per sample; null when unknown (not stated, or imported before they were recorded) */
  sampleRate: number | null;
  channels: number | null;
  bitDepth: number | null;
  lyricStamp: string | null;
  coverHash: string | null;
}

type Row = Omit<ImportFileRecord, 'lossless'> & { lossless: number };
const COLUMNS = `path, song_id AS songId, size, mtime_ms AS mtimeMs, md5, mime_type AS mimeType, type, bitrate,
  lossless, sample_rate AS sampleRate, channels, bit_depth AS bitDepth, lyric_stamp AS lyricStamp, cover_hash AS coverHash`;
const toRecord = (row: Row): ImportFileRecord => ({ ...row, lossless: row.lossless === 1 });

export function createImportFileRepo(db: Database) {
  // A range over the primary key instead of LIKE: no escaping of % and _ in folder names.
  const under = db.prepare<[string, string], Row>(`SELECT ${COLUMNS} FROM library_files WHERE path > ? AND path < ?`);
  const bySong = db.prepare<[number], Row>(`SELECT ${COLUMNS} FROM library_files WHERE song_id = ?`);
  const bySongs = db.prepare<[string], Row>(`SELECT ${COLUMNS} FROM library_files WHERE song_id IN (SELECT value FROM json_each(?))`);
  const removeBySong = db.prepare('DELETE FROM library_files WHERE song_id = ?');
  const insert = db.prepare(`
    INSERT INTO library_files (path, song_id, size, mtime_ms, md5, mime_type, type, bitrate, lossless, sample_rate, channels,
      bit_depth, lyric_stamp, cover_hash, imported_at)
    VALUES (@path, @songId, @size, @mtimeMs, @md5, @mimeType, @type, @bitrate, @lossless, @sampleRate, @channels, @bitDepth,
      @lyricStamp, @coverHash, @now)`);
  const restamp = db.prepare('UPDATE library_files SET mtime_ms = ? WHERE path = ?');
  // The album shows the cover of its first track that has one.
  const albumCover = db
    .prepare<[number], string>(
      `
    SELECT lf.cover_hash FROM songs s JOIN library_files lf ON lf.song_id = s.id
    WHERE s.album_id = ? AND lf.cover_hash IS NOT NULL ORDER BY s.disc_no, s.track_no, s.id LIMIT 1`,
    )
    .pluck();

  return {
    /** Every imported file inside `root` (an absolute folder path without a trailing separator). */
    async under(root: string, separator: string): Promise<ImportFileRecord[]> {
      // '/' + 1 = '0' (and '\' + 1 = ']'): every path starting with root + separator sorts between.
      const next = String.fromCharCode(separator.charCodeAt(0) + 1);
      return (await under.all(root + separator, root + next)).map(toRecord);
    },
    async bySong(songId: number): Promise<ImportFileRecord | undefined> {
      const row = await bySong.get(songId);
      return row && toRecord(row);
    },
    /** The files of those of `songIds` that have one, keyed by song. */
    async bySongs(songIds: readonly number[]): Promise<Map<number, ImportFileRecord>> {
      if (songIds.length === 0) return new Map();
      return new Map((await bySongs.all(idsParam(songIds))).map((row) => [row.songId, toRecord(row)]));
    },
    /** Records the file of a song, replacing whatever file the song had (a moved file keeps its song). */
    async save(file: ImportFileRecord): Promise<void> {
      await removeBySong.run(file.songId);
      await insert.run({ ...file, lossless: file.lossless ? 1 : 0, now: Date.now() });
    },
    /** The embedded cover of the album's first track whose file has one. */
    albumCover: async (albumId: number): Promise<string | null> => (await albumCover.get(albumId)) ?? null,
    /** The file was touched but its content is the same. */
    async restamp(path: string, mtimeMs: number): Promise<void> {
      await restamp.run(mtimeMs, path);
    },
  };
}
export type ImportFileRepo = Awaited<ReturnType<typeof createImportFileRepo>>;
