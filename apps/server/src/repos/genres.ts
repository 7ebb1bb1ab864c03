import type { Database } from '../db/database.ts';
import { idsParam } from './json.ts';

/** A genre with how many songs and albums have it (kept by migration 030's triggers). */
export interface GenreCount {
  name: string;
  songCount: number;
  albumCount: number;
}

/**
 * Genres of songs and albums (migration 030): the importer writes a song's genres from its tags,
 * the demo seeder from its album's; an album's genres follow from its songs' by trigger. Names
 * compare case-insensitively ('rock' finds 'Rock').
 */
export function createGenreRepo(db: Database) {
  const find = db.prepare<[string], number>('SELECT id FROM genres WHERE name = ?').pluck();
  const insert = db.prepare<[string]>('INSERT INTO genres (name) VALUES (?)');
  const clearSong = db.prepare<[number]>('DELETE FROM song_genres WHERE song_id = ?');
  const tagSong = db.prepare<[number, number, number]>(
    'INSERT INTO song_genres (song_id, genre_id, position) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
  );
  const list = db.prepare<[], GenreCount>(`
    SELECT name, song_count AS songCount, album_count AS albumCount FROM genres WHERE song_count > 0 ORDER BY name`);
  const songIds = db
    .prepare<[number, number, number], number>('SELECT song_id FROM song_genres WHERE genre_id = ? ORDER BY song_id LIMIT ? OFFSET ?')
    .pluck();
  const albumIds = db
    .prepare<[number, number, number], number>('SELECT album_id FROM album_genres WHERE genre_id = ? ORDER BY album_id LIMIT ? OFFSET ?')
    .pluck();
  const ofSongs = db.prepare<[string], { id: number; name: string }>(`
    SELECT sg.song_id AS id, g.name FROM song_genres sg JOIN genres g ON g.id = sg.genre_id
    WHERE sg.song_id IN (SELECT value FROM json_each(?)) ORDER BY sg.song_id, sg.position`);
  // An album's main genre is the one most of its songs have.
  const ofAlbums = db.prepare<[string], { id: number; name: string }>(`
    SELECT ag.album_id AS id, g.name FROM album_genres ag JOIN genres g ON g.id = ag.genre_id
    WHERE ag.album_id IN (SELECT value FROM json_each(?)) ORDER BY ag.album_id, ag.song_count DESC, g.name`);

  const grouped = (rows: { id: number; name: string }[]): Map<number, string[]> => {
    const out = new Map<number, string[]>();
    for (const { id, name } of rows) {
      const names = out.get(id);
      if (names) names.push(name);
      else out.set(id, [name]);
    }
    return out;
  };

  async function idOf(name: string): Promise<number> {
    return (await find.get(name)) ?? Number((await insert.run(name)).lastInsertId);
  }

  return {
    /** The genre's id, or undefined when no genre has that name. */
    find: async (name: string): Promise<number | undefined> => await find.get(name),
    /** Replaces the song's genres (first = main); names are trimmed, blanks and repeats dropped. */
    async setSongGenres(songId: number, names: readonly string[]): Promise<void> {
      await clearSong.run(songId);
      const kept = names.map((n) => n.trim()).filter(Boolean);
      for (const [position, name] of kept.entries()) await tagSong.run(songId, await idOf(name), position);
    },
    /** Every genre some song has, by name. */
    list: async (): Promise<GenreCount[]> => await list.all(),
    /** A page of the genre's songs, in id order. */
    songIds: async (genreId: number, limit: number, offset: number): Promise<number[]> => await songIds.all(genreId, limit, offset),
    /** A page of the genre's albums, in id order. */
    albumIds: async (genreId: number, limit: number, offset: number): Promise<number[]> => await albumIds.all(genreId, limit, offset),
    /** Each song's genres, main first (songs without any are absent). */
    ofSongs: async (ids: readonly number[]): Promise<Map<number, string[]>> =>
      ids.length ? grouped(await ofSongs.all(idsParam(ids))) : new Map(),
    /** Each album's genres, the one most of its songs have first. */
    ofAlbums: async (ids: readonly number[]): Promise<Map<number, string[]>> =>
      ids.length ? grouped(await ofAlbums.all(idsParam(ids))) : new Map(),
  };
}
export type GenreRepo = Awaited<ReturnType<typeof createGenreRepo>>;
