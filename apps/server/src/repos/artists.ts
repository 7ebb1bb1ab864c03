import type { Db } from '../db/connection.ts';
import type { AlbumRecord } from './albums.ts';
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

/** An artist with what their page ranks and filters on. */
export interface ArtistProfile extends ArtistRecord {
  popularity: number;
  /** 原创音乐人 (their songs make 原创榜) */
  independent: boolean;
  /** 'A'..'Z' or '#' */
  initial: string;
}

/** An album in an artist's discography: the album record, its artist being the one asked about. */
export type DiscographyAlbum = Omit<AlbumRecord, 'artistId'>;

type ArtistRow = Omit<ArtistRecord, 'aliases'> & { aliases: string };
type ProfileRow = Omit<ArtistProfile, 'aliases' | 'independent'> & { aliases: string; independent: number };

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
  const profile = db.prepare<[number], ProfileRow>(`
    SELECT a.id, a.name, a.trans, a.aliases, a.area, a.type, a.brief_desc AS briefDesc, a.popularity, a.independent, a.initial,
      (SELECT COUNT(*) FROM albums al WHERE al.artist_id = a.id) AS albumSize,
      (SELECT COUNT(*) FROM song_artists sa WHERE sa.artist_id = a.id) AS musicSize
    FROM artists a WHERE a.id = ?`);
  // Rank among the artists of the same area, by popularity (ties: lower id first).
  const rankInArea = db
    .prepare<{ area: number; popularity: number; id: number }, number>(
      `
    SELECT COUNT(*) + 1 FROM artists
    WHERE area = @area AND (popularity > @popularity OR (popularity = @popularity AND id < @id))`,
    )
    .pluck();
  const albums = db.prepare<[number, number, number], Omit<DiscographyAlbum, 'aliases'> & { aliases: string }>(`
    SELECT al.id, al.name, al.aliases, al.type, al.sub_type AS subType, al.company, al.description,
      al.publish_time AS publishTime, (SELECT COUNT(*) FROM songs s WHERE s.album_id = al.id) AS songCount
    FROM albums al WHERE al.artist_id = ? ORDER BY al.publish_time DESC, al.id DESC LIMIT ? OFFSET ?`);
  const hotSongIds = db
    .prepare<[number, number], number>(
      `
    SELECT s.id FROM song_artists sa JOIN songs s ON s.id = sa.song_id
    WHERE sa.artist_id = ? ORDER BY s.popularity DESC, s.id LIMIT ?`,
    )
    .pluck();
  const popular = db.prepare<[number, number], number>('SELECT id FROM artists ORDER BY popularity DESC, id LIMIT ? OFFSET ?').pluck();
  const count = db.prepare<[], number>('SELECT COUNT(*) FROM artists').pluck();
  const markIndependent = db.prepare('UPDATE artists SET independent = 1 WHERE id IN (SELECT value FROM json_each(?))');

  return {
    findByIds(ids: readonly number[]): Map<number, ArtistRecord> {
      const rows = ids.length ? byIds.all(idsParam(ids)) : [];
      return new Map(rows.map((r) => [r.id, { ...r, aliases: parseStringArray(r.aliases) }]));
    },
    exists: (id: number): boolean => existsStmt.get(id) !== undefined,
    findProfile(id: number): ArtistProfile | undefined {
      const row = profile.get(id);
      return row && { ...row, aliases: parseStringArray(row.aliases), independent: row.independent === 1 };
    },
    rankInArea: (a: Pick<ArtistProfile, 'id' | 'area' | 'popularity'>): number =>
      rankInArea.get({ area: a.area, popularity: a.popularity, id: a.id }) ?? 1,
    /** The artist's albums, newest first. */
    albumsOf(artistId: number, offset: number, limit: number): DiscographyAlbum[] {
      return albums.all(artistId, limit, offset).map((a) => ({ ...a, aliases: parseStringArray(a.aliases) }));
    },
    /** Songs the artist is credited on, most popular first. */
    hotSongIds: (artistId: number, limit: number): number[] => hotSongIds.all(artistId, limit),
    /** Ids of a page of every artist, the most popular first. */
    popular: (limit: number, offset: number): number[] => popular.all(limit, offset),
    count: (): number => count.get() ?? 0,
    markIndependent(ids: readonly number[]): void {
      markIndependent.run(idsParam(ids));
    },
    insert(artist: NewArtist): number {
      return Number(insertStmt.run({ ...artist, aliases: JSON.stringify(artist.aliases) }).lastInsertRowid);
    },
  };
}
export type ArtistRepo = ReturnType<typeof createArtistRepo>;
