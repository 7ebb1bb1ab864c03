import type { Db } from '../db/connection.ts';
import { parseStringArray } from './json.ts';

export interface AlbumRecord {
  id: number;
  name: string;
  aliases: string[];
  artistId: number;
  type: string;
  subType: string;
  company: string | null;
  description: string | null;
  publishTime: number;
  songCount: number;
}

export interface NewAlbum {
  name: string;
  nameLatin: string;
  artistId: number;
  type: string;
  subType: string;
  company: string | null;
  description: string | null;
  aliases: string[];
  publishTime: number;
  createdAt: number;
}

type AlbumRow = Omit<AlbumRecord, 'aliases'> & { aliases: string };

export function createAlbumRepo(db: Db) {
  const byId = db.prepare<[number], AlbumRow>(`
    SELECT id, name, aliases, artist_id AS artistId, type, sub_type AS subType, company, description,
      publish_time AS publishTime, (SELECT COUNT(*) FROM songs s WHERE s.album_id = albums.id) AS songCount
    FROM albums WHERE id = ?`);
  const songIds = db.prepare<[number], number>('SELECT id FROM songs WHERE album_id = ? ORDER BY disc_no, track_no, id').pluck();
  const insertStmt = db.prepare(`
    INSERT INTO albums (name, name_latin, artist_id, type, sub_type, company, description, aliases, publish_time, created_at)
    VALUES (@name, @nameLatin, @artistId, @type, @subType, @company, @description, @aliases, @publishTime, @createdAt)`);
  const existsStmt = db.prepare<[number], number>('SELECT 1 FROM albums WHERE id = ?').pluck();
  const AREA = 'FROM albums al JOIN artists ar ON ar.id = al.artist_id WHERE @area IS NULL OR ar.area = @area';
  const newest = db
    .prepare<{ area: number | null; limit: number; offset: number }, number>(
      `SELECT al.id ${AREA} ORDER BY al.publish_time DESC, al.id DESC LIMIT @limit OFFSET @offset`,
    )
    .pluck();
  const areaCount = db.prepare<{ area: number | null }, number>(`SELECT COUNT(*) ${AREA}`).pluck();

  return {
    findById(id: number): AlbumRecord | undefined {
      const row = byId.get(id);
      return row && { ...row, aliases: parseStringArray(row.aliases) };
    },
    /** Track order: disc, then track number. */
    songIdsOf: (albumId: number): number[] => songIds.all(albumId),
    exists: (id: number): boolean => existsStmt.get(id) !== undefined,
    /** Ids of the newest albums whose artist is of `area` (null: any), newest first. */
    newest: (area: number | null, limit: number, offset: number): number[] => newest.all({ area, limit, offset }),
    /** How many albums have an artist of `area` (null: every album). */
    countInArea: (area: number | null): number => areaCount.get({ area }) ?? 0,
    insert(album: NewAlbum): number {
      return Number(insertStmt.run({ ...album, aliases: JSON.stringify(album.aliases) }).lastInsertRowid);
    },
  };
}
export type AlbumRepo = ReturnType<typeof createAlbumRepo>;
