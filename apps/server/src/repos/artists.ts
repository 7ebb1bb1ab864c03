import type { Database } from '../db/database.ts';
import { nameInitial } from '../text/pinyin.ts';
import { createArtistList } from './artists/list.ts';
import { createArtistRelations } from './artists/relations.ts';
import { idsParam, parseStringArray } from './json.ts';

export type { ArtistListFilter } from './artists/list.ts';
export type { SharedPlaylists, TagWeight } from './artists/relations.ts';

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

/** An artist in the Subsonic index: name, A–Z initial ('#' for others) and how many albums they have. */
export interface ArtistIndexEntry {
  id: number;
  name: string;
  initial: string;
  albumCount: number;
}

type ArtistRow = Omit<ArtistRecord, 'aliases'> & { aliases: string };
type ProfileRow = Omit<ArtistProfile, 'aliases' | 'independent'> & { aliases: string; independent: number };

export function createArtistRepo(db: Database) {
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
  const index = db.prepare<[], ArtistIndexEntry>(`
    SELECT a.id, a.name, a.initial, COUNT(al.id) AS albumCount
    FROM artists a JOIN albums al ON al.artist_id = a.id
    GROUP BY a.id ORDER BY a.initial = '#', a.initial, a.name_latin, a.name, a.id`);
  const indexEntries = db.prepare<[string], ArtistIndexEntry>(`
    SELECT a.id, a.name, a.initial, (SELECT COUNT(*) FROM albums al WHERE al.artist_id = a.id) AS albumCount
    FROM artists a WHERE a.id IN (SELECT value FROM json_each(?))`);
  const withAlbums = db
    .prepare<[number, number], number>(
      'SELECT a.id FROM artists a WHERE EXISTS (SELECT 1 FROM albums al WHERE al.artist_id = a.id) ORDER BY a.id LIMIT ? OFFSET ?',
    )
    .pluck();
  const names = db.prepare<[], { id: number; name: string }>('SELECT id, name FROM artists');
  const removeIfUnused = db.prepare(`DELETE FROM artists WHERE id = ?
    AND NOT EXISTS (SELECT 1 FROM albums WHERE artist_id = ?) AND NOT EXISTS (SELECT 1 FROM song_artists WHERE artist_id = ?)`);
  const popular = db.prepare<[number, number], number>('SELECT id FROM artists ORDER BY popularity DESC, id LIMIT ? OFFSET ?').pluck();
  const count = db.prepare<[], number>('SELECT COUNT(*) FROM artists').pluck();
  const markIndependent = db.prepare('UPDATE artists SET independent = 1 WHERE id IN (SELECT value FROM json_each(?))');

  return {
    ...createArtistList(db),
    ...createArtistRelations(db),

    async findByIds(ids: readonly number[]): Promise<Map<number, ArtistRecord>> {
      const rows = ids.length ? await byIds.all(idsParam(ids)) : [];
      return new Map(rows.map((r) => [r.id, { ...r, aliases: parseStringArray(r.aliases) }]));
    },
    exists: async (id: number): Promise<boolean> => (await existsStmt.get(id)) !== undefined,
    async findProfile(id: number): Promise<ArtistProfile | undefined> {
      const row = await profile.get(id);
      return row && { ...row, aliases: parseStringArray(row.aliases), independent: row.independent === 1 };
    },
    rankInArea: async (a: Pick<ArtistProfile, 'id' | 'area' | 'popularity'>): Promise<number> =>
      (await rankInArea.get({ area: a.area, popularity: a.popularity, id: a.id })) ?? 1,
    /** Every artist with an album of their own, in A–Z order ('#' last): Subsonic's index. */
    index: async (): Promise<ArtistIndexEntry[]> => await index.all(),
    async indexEntries(ids: readonly number[]): Promise<Map<number, ArtistIndexEntry>> {
      return new Map(ids.length ? (await indexEntries.all(idsParam(ids))).map((a) => [a.id, a]) : []);
    },
    /** A page of the artists with an album of their own, in id order (clients syncing the whole catalog). */
    pageWithAlbums: async (limit: number, offset: number): Promise<number[]> => await withAlbums.all(limit, offset),
    /** Every artist's name (the importer matches tags against them). */
    names: async () => await names.all(),
    /** Deletes the artist if no album or song credits them any more; true when deleted. */
    removeIfUnused: async (id: number): Promise<boolean> => (await removeIfUnused.run(id, id, id)).changes > 0,
    /** Ids of a page of every artist, the most popular first. */
    popular: async (limit: number, offset: number): Promise<number[]> => await popular.all(limit, offset),
    count: async (): Promise<number> => (await count.get()) ?? 0,
    async markIndependent(ids: readonly number[]): Promise<void> {
      await markIndependent.run(idsParam(ids));
    },
    /**
     * Adds an artist; returns its id. Its A–Z initial is the name's (text/pinyin.ts), worked out
     * here for every engine: SQLite's trigger computes the same one again, PostgreSQL has no such trigger.
     */
    async insert(artist: NewArtist): Promise<number> {
      const row = { ...artist, initial: nameInitial(artist.name), aliases: JSON.stringify(artist.aliases) };
      return Number((await insertStmt.run(row)).lastInsertId);
    },
  };
}
export type ArtistRepo = Awaited<ReturnType<typeof createArtistRepo>>;
