import type { Db } from '../db/connection.ts';
import { idsParam, parseStringArray } from './json.ts';

export interface ArtistCredit {
  id: number;
  name: string;
  trans: string | null;
  aliases: string[];
}

export interface SongRecord {
  id: number;
  name: string;
  aliases: string[];
  albumId: number;
  albumName: string;
  albumAliases: string[];
  discNo: number;
  trackNo: number;
  durationMs: number;
  popularity: number;
  publishTime: number;
  audioSeed: number | null;
  artists: ArtistCredit[];
  /** the imported file's quality; null for a demo song (rendered as a 128 kbit/s MP3) */
  original: OriginalAudio | null;
}

export interface OriginalAudio {
  bitrate: number;
  lossless: boolean;
  size: number;
}

export interface NewSong {
  name: string;
  nameLatin: string;
  albumId: number;
  discNo: number;
  trackNo: number;
  durationMs: number;
  popularity: number;
  aliases: string[];
  audioSeed: number;
  publishTime: number;
  createdAt: number;
  /** credited artists, main artist first */
  artistIds: number[];
}

type SongRow = Omit<SongRecord, 'aliases' | 'albumAliases' | 'artists' | 'original'> & {
  aliases: string;
  albumAliases: string;
  fileBitrate: number | null;
  fileLossless: number | null;
  fileSize: number | null;
};
type CreditRow = { songId: number; id: number; name: string; trans: string | null; aliases: string };

export function createSongRepo(db: Db) {
  const byIds = db.prepare<[string], SongRow>(`
    SELECT s.id, s.name, s.aliases, s.album_id AS albumId, al.name AS albumName, al.aliases AS albumAliases,
      s.disc_no AS discNo, s.track_no AS trackNo, s.duration_ms AS durationMs, s.popularity,
      s.publish_time AS publishTime, s.audio_seed AS audioSeed,
      lf.bitrate AS fileBitrate, lf.lossless AS fileLossless, lf.size AS fileSize
    FROM songs s JOIN albums al ON al.id = s.album_id LEFT JOIN library_files lf ON lf.song_id = s.id
    WHERE s.id IN (SELECT value FROM json_each(?))`);
  const credits = db.prepare<[string], CreditRow>(`
    SELECT sa.song_id AS songId, a.id, a.name, a.trans, a.aliases
    FROM song_artists sa JOIN artists a ON a.id = sa.artist_id
    WHERE sa.song_id IN (SELECT value FROM json_each(?))
    ORDER BY sa.song_id, sa.position`);
  const insertSong = db.prepare(`
    INSERT INTO songs (name, name_latin, album_id, disc_no, track_no, duration_ms, popularity, aliases,
      audio_seed, publish_time, created_at)
    VALUES (@name, @nameLatin, @albumId, @discNo, @trackNo, @durationMs, @popularity, @aliases,
      @audioSeed, @publishTime, @createdAt)`);
  const insertCredit = db.prepare('INSERT INTO song_artists (song_id, artist_id, position) VALUES (?, ?, ?)');
  const existsStmt = db.prepare<[number], number>('SELECT 1 FROM songs WHERE id = ?').pluck();
  const newest = db
    .prepare<{ area: number | null; limit: number }, number>(
      `SELECT s.id FROM songs s JOIN song_artists sa ON sa.song_id = s.id AND sa.position = 0 JOIN artists a ON a.id = sa.artist_id
       WHERE @area IS NULL OR a.area = @area ORDER BY s.publish_time DESC, s.id DESC LIMIT @limit`,
    )
    .pluck();
  // 私人FM: songs by the artists of the listener's liked and played songs that they have not liked
  // or played lately, in random order; anyone else (or a fresh account) gets popular songs.
  const fmFor = db
    .prepare<{ userId: number; since: number; limit: number; exclude: string }, number>(
      `WITH taste AS (
         SELECT sa.artist_id FROM playlist_tracks t JOIN playlists pl ON pl.id = t.playlist_id AND pl.creator_id = @userId AND pl.special_type = 5
           JOIN song_artists sa ON sa.song_id = t.song_id
         UNION SELECT sa.artist_id FROM play_records p JOIN song_artists sa ON sa.song_id = p.song_id WHERE p.user_id = @userId
       )
       SELECT s.id FROM songs s WHERE EXISTS (SELECT 1 FROM song_artists sa WHERE sa.song_id = s.id AND sa.artist_id IN (SELECT artist_id FROM taste))
         AND s.id NOT IN (SELECT value FROM json_each(@exclude))
         AND NOT EXISTS (SELECT 1 FROM play_records p WHERE p.song_id = s.id AND p.user_id = @userId AND p.played_at >= @since)
       ORDER BY random() LIMIT @limit`,
    )
    .pluck();
  const fmPopular = db
    .prepare<{ limit: number; exclude: string }, number>(
      `SELECT id FROM (SELECT id FROM songs WHERE id NOT IN (SELECT value FROM json_each(@exclude)) ORDER BY popularity DESC LIMIT 100)
       ORDER BY random() LIMIT @limit`,
    )
    .pluck();

  return {
    /** The songs that exist among `ids`, keyed by id (callers decide the order). */
    findByIds(ids: readonly number[]): Map<number, SongRecord> {
      if (ids.length === 0) return new Map();
      const param = idsParam(ids);
      const artistsBySong = new Map<number, ArtistCredit[]>();
      for (const c of credits.all(param)) {
        const list = artistsBySong.get(c.songId) ?? [];
        list.push({ id: c.id, name: c.name, trans: c.trans, aliases: parseStringArray(c.aliases) });
        artistsBySong.set(c.songId, list);
      }
      return new Map(
        byIds.all(param).map(({ fileBitrate, fileLossless, fileSize, ...r }) => [
          r.id,
          {
            ...r,
            aliases: parseStringArray(r.aliases),
            albumAliases: parseStringArray(r.albumAliases),
            artists: artistsBySong.get(r.id) ?? [],
            original: fileBitrate === null ? null : { bitrate: fileBitrate, lossless: fileLossless === 1, size: fileSize ?? 0 },
          },
        ]),
      );
    },
    findById(id: number): SongRecord | undefined {
      return this.findByIds([id]).get(id);
    },
    exists: (id: number): boolean => existsStmt.get(id) !== undefined,
    /** Ids of the newest songs whose main artist is of `area` (null: any), newest first. */
    newest: (area: number | null, limit: number): number[] => newest.all({ area, limit }),
    /**
     * 私人FM's next songs for the listener (null: anyone), none of `exclude` nor played by them
     * since `since` (library clock); topped up with popular songs, in random order.
     */
    fm(userId: number | null, since: number, limit: number, exclude: readonly number[]): number[] {
      const excluded = JSON.stringify(exclude);
      const mine = userId === null ? [] : fmFor.all({ userId, since, limit, exclude: excluded });
      if (mine.length >= limit) return mine;
      return [...mine, ...fmPopular.all({ limit: limit - mine.length, exclude: JSON.stringify([...exclude, ...mine]) })];
    },
    insert(song: NewSong): number {
      const { artistIds, ...row } = song;
      const id = Number(insertSong.run({ ...row, aliases: JSON.stringify(row.aliases) }).lastInsertRowid);
      artistIds.forEach((artistId, i) => insertCredit.run(id, artistId, i));
      return id;
    },
  };
}
export type SongRepo = ReturnType<typeof createSongRepo>;
