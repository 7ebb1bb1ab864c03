import type { Db } from '../db/connection.ts';
import { idsParam, parseStringArray } from './json.ts';

export interface ArtistRecord {
  id: number;
  name: string;
  trans: string | null;
  aliases: string[];
  area: number;
  type: number;
  briefDesc: string;
  albumSize: number;
  musicSize: number;
}

export interface NewArtist {
  name: string;
  nameLatin: string;
  initial: string;
  trans: string | null;
  aliases: string[];
  area: number;
  type: number;
  briefDesc: string;
  popularity: number;
  createdAt: number;
}

type ArtistRow = Omit<ArtistRecord, 'aliases'> & { aliases: string };

export function createArtistRepo(db: Db) {
  const byIds = db.prepare<[string], ArtistRow>(`
    SELECT a.id, a.name, a.trans, a.aliases, a.area, a.type, a.brief_desc AS briefDesc,
      (SELECT COUNT(*) FROM albums al WHERE al.artist_id = a.id) AS albumSize,
      (SELECT COUNT(*) FROM song_artists sa WHERE sa.artist_id = a.id) AS musicSize
    FROM artists a WHERE a.id IN (SELECT value FROM json_each(?))`);
  const insertStmt = db.prepare(`
    INSERT INTO artists (name, name_latin, initial, trans, aliases, area, type, brief_desc, popularity, created_at)
    VALUES (@name, @nameLatin, @initial, @trans, @aliases, @area, @type, @briefDesc, @popularity, @createdAt)`);
  const existsStmt = db.prepare<[number], number>('SELECT 1 FROM artists WHERE id = ?').pluck();

  return {
    findByIds(ids: readonly number[]): Map<number, ArtistRecord> {
      const rows = ids.length ? byIds.all(idsParam(ids)) : [];
      return new Map(rows.map((r) => [r.id, { ...r, aliases: parseStringArray(r.aliases) }]));
    },
    exists: (id: number): boolean => existsStmt.get(id) !== undefined,
    insert(artist: NewArtist): number {
      return Number(insertStmt.run({ ...artist, aliases: JSON.stringify(artist.aliases) }).lastInsertRowid);
    },
  };
}
export type ArtistRepo = ReturnType<typeof createArtistRepo>;
