import type { Database } from '../db/database.ts';
import { createAlbumLists } from './albums/lists.ts';
import { idsParam, parseStringArray } from './json.ts';

export type { AlbumListKind, AlbumListQuery } from './albums/lists.ts';

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

/** An album in an artist's discography: the album record, its artist being the one asked about. */
export type DiscographyAlbum = Omit<AlbumRecord, 'artistId'>;

/** An album with its artist's name, song count and length (as Subsonic lists albums). */
export interface AlbumSummary {
  id: number;
  name: string;
  artistId: number;
  artistName: string;
  songCount: number;
  durationMs: number;
  publishTime: number;
  createdAt: number;
}

/** Release date, song count and main artist of an album (the old song format's `album`). */
export interface AlbumFacts {
  id: number;
  publishTime: number;
  size: number;
  artistId: number;
  artistName: string;
}

type AlbumRow = Omit<AlbumRecord, 'aliases'> & { aliases: string };

/**
 * Albums: every statement that reads or writes them, for the NetEase and Subsonic APIs, the demo
 * seeder and the folder importer alike. Subsonic's album lists are in albums/lists.ts.
 */
export function createAlbumRepo(db: Database) {
  const ALBUM = `
    SELECT id, name, aliases, artist_id AS artistId, type, sub_type AS subType, company, description,
      publish_time AS publishTime, (SELECT COUNT(*) FROM songs s WHERE s.album_id = albums.id) AS songCount
    FROM albums`;
  const byId = db.prepare<[number], AlbumRow>(`${ALBUM} WHERE id = ?`);
  const byIds = db.prepare<[string], AlbumRow>(`${ALBUM} WHERE id IN (SELECT value FROM json_each(?))`);
  const record = (row: AlbumRow): AlbumRecord => ({ ...row, aliases: parseStringArray(row.aliases) });
  const insertStmt = db.prepare(`
    INSERT INTO albums (name, name_latin, artist_id, type, sub_type, company, description, aliases, publish_time, created_at)
    VALUES (@name, @nameLatin, @artistId, @type, @subType, @company, @description, @aliases, @publishTime, @createdAt)`);
  const existsStmt = db.prepare<[number], number>('SELECT 1 FROM albums WHERE id = ?').pluck();
  const AREA = 'FROM albums al JOIN artists ar ON ar.id = al.artist_id WHERE CAST(@area AS BIGINT) IS NULL OR ar.area = @area';
  const newest = db
    .prepare<{ area: number | null; limit: number; offset: number }, number>(
      `SELECT al.id ${AREA} ORDER BY al.publish_time DESC, al.id DESC LIMIT @limit OFFSET @offset`,
    )
    .pluck();
  const areaCount = db.prepare<{ area: number | null }, number>(`SELECT COUNT(*) ${AREA}`).pluck();
  const discography = db.prepare<[number, number, number], Omit<DiscographyAlbum, 'aliases'> & { aliases: string }>(`
    SELECT al.id, al.name, al.aliases, al.type, al.sub_type AS subType, al.company, al.description,
      al.publish_time AS publishTime, (SELECT COUNT(*) FROM songs s WHERE s.album_id = al.id) AS songCount
    FROM albums al WHERE al.artist_id = ? ORDER BY al.publish_time DESC, al.id DESC LIMIT ? OFFSET ?`);
  const idsOfArtist = db.prepare<[number], number>('SELECT id FROM albums WHERE artist_id = ? ORDER BY publish_time DESC, id DESC').pluck();
  const facts = db.prepare<[string], AlbumFacts>(`
    SELECT al.id, al.publish_time AS publishTime, (SELECT COUNT(*) FROM songs s WHERE s.album_id = al.id) AS size,
      al.artist_id AS artistId, ar.name AS artistName
    FROM albums al JOIN artists ar ON ar.id = al.artist_id WHERE al.id IN (SELECT value FROM json_each(?))`);
  const summaries = db.prepare<[string], AlbumSummary>(`
    SELECT al.id, al.name, al.artist_id AS artistId, ar.name AS artistName,
      (SELECT COUNT(*) FROM songs s WHERE s.album_id = al.id) AS songCount,
      (SELECT COALESCE(SUM(s.duration_ms), 0) FROM songs s WHERE s.album_id = al.id) AS durationMs,
      al.publish_time AS publishTime, al.created_at AS createdAt
    FROM albums al JOIN artists ar ON ar.id = al.artist_id WHERE al.id IN (SELECT value FROM json_each(?))`);
  const names = db.prepare<[], { id: number; artistId: number; name: string }>('SELECT id, artist_id AS artistId, name FROM albums');
  const removeIfEmpty = db.prepare('DELETE FROM albums WHERE id = ? AND NOT EXISTS (SELECT 1 FROM songs WHERE album_id = ?)');

  return {
    ...createAlbumLists(db),

    async findById(id: number): Promise<AlbumRecord | undefined> {
      const row = await byId.get(id);
      return row && record(row);
    },
    async findByIds(ids: readonly number[]): Promise<Map<number, AlbumRecord>> {
      const rows = ids.length ? await byIds.all(idsParam(ids)) : [];
      return new Map(rows.map((row) => [row.id, record(row)]));
    },
    exists: async (id: number): Promise<boolean> => (await existsStmt.get(id)) !== undefined,
    /** Ids of the newest albums whose artist is of `area` (null: any), newest first. */
    newest: async (area: number | null, limit: number, offset: number): Promise<number[]> => await newest.all({ area, limit, offset }),
    /** How many albums have an artist of `area` (null: every album). */
    countInArea: async (area: number | null): Promise<number> => (await areaCount.get({ area })) ?? 0,
    /** The artist's albums, newest first. */
    async ofArtist(artistId: number, offset: number, limit: number): Promise<DiscographyAlbum[]> {
      return (await discography.all(artistId, limit, offset)).map((a) => ({ ...a, aliases: parseStringArray(a.aliases) }));
    },
    /** Ids of the artist's albums, newest first. */
    idsOfArtist: async (artistId: number): Promise<number[]> => await idsOfArtist.all(artistId),
    async facts(ids: readonly number[]): Promise<Map<number, AlbumFacts>> {
      const rows = ids.length ? await facts.all(idsParam(ids)) : [];
      return new Map(rows.map((r) => [r.id, r]));
    },
    async summaries(ids: readonly number[]): Promise<Map<number, AlbumSummary>> {
      return new Map(ids.length ? (await summaries.all(idsParam(ids))).map((a) => [a.id, a]) : []);
    },
    /** Every album's name and artist (the importer matches tags against them). */
    names: async () => await names.all(),
    async insert(album: NewAlbum): Promise<number> {
      return Number((await insertStmt.run({ ...album, aliases: JSON.stringify(album.aliases) })).lastInsertId);
    },
    /** Deletes the album if no song is left on it; true when deleted. */
    removeIfEmpty: async (id: number): Promise<boolean> => (await removeIfEmpty.run(id, id)).changes > 0,
  };
}
export type AlbumRepo = Awaited<ReturnType<typeof createAlbumRepo>>;
