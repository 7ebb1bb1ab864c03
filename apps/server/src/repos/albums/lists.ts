import type { Database } from '../../db/database.ts';

/** getAlbumList2's orders (byGenre is the genres repository's: repos/genres.ts). */
export type AlbumListKind =
  'random' | 'newest' | 'highest' | 'frequent' | 'recent' | 'alphabeticalByName' | 'alphabeticalByArtist' | 'starred' | 'byYear';

export interface AlbumListQuery {
  kind: AlbumListKind;
  limit: number;
  offset: number;
  /** the listener: recent and starred are theirs */
  userId: number;
  fromYear?: number;
  toYear?: number;
}

/** The year of a ms timestamp, in UTC. */
const YEAR_OF = (column: string) => `CAST(strftime('%Y', ${column} / 1000, 'unixepoch') AS INTEGER)`;

/** The albums repository's lists (repos/albums.ts spreads them in): Subsonic's album lists and pages of every album. */
export function createAlbumLists(db: Database) {
  const page = (order: string, where = 'TRUE', from = 'FROM albums al JOIN artists ar ON ar.id = al.artist_id') =>
    db
      .prepare<{ limit: number; offset: number; userId: number; fromYear: number; toYear: number }, number>(
        `SELECT al.id ${from} WHERE ${where} ORDER BY ${order} LIMIT @limit OFFSET @offset`,
      )
      .pluck();
  const lists: Record<AlbumListKind, Awaited<ReturnType<typeof page>>> = {
    random: page('random()'),
    newest: page('al.created_at DESC, al.publish_time DESC, al.id DESC'),
    highest: page('(SELECT AVG(s.popularity) FROM songs s WHERE s.album_id = al.id) DESC, al.id'),
    frequent: page(
      '(SELECT COUNT(*) FROM play_records p JOIN songs s ON s.id = p.song_id WHERE s.album_id = al.id) DESC, al.id',
      'EXISTS (SELECT 1 FROM songs s JOIN play_records p ON p.song_id = s.id WHERE s.album_id = al.id)',
    ),
    recent: page(
      '(SELECT MAX(p.played_at) FROM play_records p JOIN songs s ON s.id = p.song_id WHERE s.album_id = al.id AND p.user_id = @userId) DESC, al.id',
      'EXISTS (SELECT 1 FROM songs s JOIN play_records p ON p.song_id = s.id WHERE s.album_id = al.id AND p.user_id = @userId)',
    ),
    // The albums_by_name index alone (its rowid is the id): an offset skips index entries, not joined rows.
    alphabeticalByName: page('al.name_latin, al.name, al.id', 'TRUE', 'FROM albums al'),
    alphabeticalByArtist: page('ar.name_latin, ar.name, al.name_latin, al.id'),
    starred: page(
      '(SELECT created_at FROM album_subs x WHERE x.album_id = al.id AND x.user_id = @userId) DESC, al.id',
      'EXISTS (SELECT 1 FROM album_subs x WHERE x.album_id = al.id AND x.user_id = @userId)',
    ),
    byYear: page(
      `CASE WHEN @fromYear <= @toYear THEN al.publish_time ELSE -al.publish_time END, al.id`,
      `${YEAR_OF('al.publish_time')} BETWEEN MIN(CAST(@fromYear AS INTEGER), CAST(@toYear AS INTEGER)) AND MAX(@fromYear, @toYear)`,
    ),
  };
  const everyAlbum = db.prepare<[number, number], number>('SELECT id FROM albums ORDER BY id LIMIT ? OFFSET ?').pluck();

  return {
    /** A page of one of getAlbumList2's lists. */
    list: async (q: AlbumListQuery): Promise<number[]> =>
      await lists[q.kind].all({ limit: q.limit, offset: q.offset, userId: q.userId, fromYear: q.fromYear ?? 0, toYear: q.toYear ?? 9999 }),
    /** A page of every album, in id order (clients syncing the whole catalog). */
    page: async (limit: number, offset: number): Promise<number[]> => await everyAlbum.all(limit, offset),
  };
}
