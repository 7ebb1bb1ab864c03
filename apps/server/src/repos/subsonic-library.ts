import type { Db } from '../db/connection.ts';
import { LIKED_SONGS_SPECIAL_TYPE } from './playlists.ts';
import { idsParam } from './json.ts';

/** An album as Subsonic lists it: with its artist's name, song count and length. */
export interface LibraryAlbum {
  id: number;
  name: string;
  artistId: number;
  artistName: string;
  songCount: number;
  durationMs: number;
  publishTime: number;
  createdAt: number;
}

/** An artist in the Subsonic index: name, A–Z initial ('#' for others) and how many albums they have. */
export interface LibraryArtist {
  id: number;
  name: string;
  initial: string;
  albumCount: number;
}

/** A user's own playlist as Subsonic lists it. */
export interface LibraryPlaylist {
  id: number;
  name: string;
  description: string | null;
  creatorId: number;
  creatorName: string;
  privacy: number;
  songCount: number;
  durationMs: number;
  createdAt: number;
  updatedAt: number;
}

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

const ALBUM_COLUMNS = `al.id, al.name, al.artist_id AS artistId, ar.name AS artistName,
  (SELECT COUNT(*) FROM songs s WHERE s.album_id = al.id) AS songCount,
  (SELECT COALESCE(SUM(s.duration_ms), 0) FROM songs s WHERE s.album_id = al.id) AS durationMs,
  al.publish_time AS publishTime, al.created_at AS createdAt`;
const ALBUM_FROM = 'FROM albums al JOIN artists ar ON ar.id = al.artist_id';
/** The year of a ms timestamp, in UTC. */
const YEAR_OF = (column: string) => `CAST(strftime('%Y', ${column} / 1000, 'unixepoch') AS INTEGER)`;

/** Read-only queries the Subsonic API browses the library with (its ids and shapes: services/subsonic/). */
export function createSubsonicLibraryRepo(db: Db) {
  const artists = db.prepare<[], LibraryArtist>(`
    SELECT a.id, a.name, a.initial, COUNT(al.id) AS albumCount
    FROM artists a JOIN albums al ON al.artist_id = a.id
    GROUP BY a.id ORDER BY a.initial = '#', a.initial, a.name_latin, a.name, a.id`);
  const artistsByIds = db.prepare<[string], LibraryArtist>(`
    SELECT a.id, a.name, a.initial, (SELECT COUNT(*) FROM albums al WHERE al.artist_id = a.id) AS albumCount
    FROM artists a WHERE a.id IN (SELECT value FROM json_each(?))`);
  const albumsByIds = db.prepare<[string], LibraryAlbum>(
    `SELECT ${ALBUM_COLUMNS} ${ALBUM_FROM} WHERE al.id IN (SELECT value FROM json_each(?))`,
  );
  const albumsOfArtist = db
    .prepare<[number], number>('SELECT id FROM albums WHERE artist_id = ? ORDER BY publish_time DESC, id DESC')
    .pluck();
  const page = (order: string, where = '1', from = ALBUM_FROM) =>
    db
      .prepare<{ limit: number; offset: number; userId: number; fromYear: number; toYear: number }, number>(
        `SELECT al.id ${from} WHERE ${where} ORDER BY ${order} LIMIT @limit OFFSET @offset`,
      )
      .pluck();
  const albumPages: Record<AlbumListKind, ReturnType<typeof page>> = {
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
    alphabeticalByName: page('al.name_latin, al.name, al.id', '1', 'FROM albums al'),
    alphabeticalByArtist: page('ar.name_latin, ar.name, al.name_latin, al.id'),
    starred: page(
      '(SELECT created_at FROM album_subs x WHERE x.album_id = al.id AND x.user_id = @userId) DESC, al.id',
      'EXISTS (SELECT 1 FROM album_subs x WHERE x.album_id = al.id AND x.user_id = @userId)',
    ),
    byYear: page(
      `CASE WHEN @fromYear <= @toYear THEN al.publish_time ELSE -al.publish_time END, al.id`,
      `${YEAR_OF('al.publish_time')} BETWEEN MIN(@fromYear, @toYear) AND MAX(@fromYear, @toYear)`,
    ),
  };
  const liked = db.prepare<[number], { songId: number; addedAt: number }>(`
    SELECT t.song_id AS songId, t.added_at AS addedAt FROM playlist_tracks t
    WHERE t.playlist_id = (SELECT id FROM playlists WHERE creator_id = ? AND special_type = ${LIKED_SONGS_SPECIAL_TYPE} ORDER BY id LIMIT 1)
    ORDER BY t.added_at DESC, t.position`);
  const playlistColumns = `p.id, p.name, p.description, p.creator_id AS creatorId, u.nickname AS creatorName, p.privacy,
      (SELECT COUNT(*) FROM playlist_tracks t WHERE t.playlist_id = p.id) AS songCount,
      (SELECT COALESCE(SUM(s.duration_ms), 0) FROM playlist_tracks t JOIN songs s ON s.id = t.song_id WHERE t.playlist_id = p.id) AS durationMs,
      p.created_at AS createdAt, p.updated_at AS updatedAt`;
  const playlistsOf = db.prepare<[number], LibraryPlaylist>(`
    SELECT ${playlistColumns} FROM playlists p JOIN users u ON u.id = p.creator_id
    WHERE p.creator_id = ? AND p.special_type IN (0, ${LIKED_SONGS_SPECIAL_TYPE})
    ORDER BY p.special_type = ${LIKED_SONGS_SPECIAL_TYPE} DESC, p.created_at DESC, p.id DESC`);
  const playlist = db.prepare<[number], LibraryPlaylist>(
    `SELECT ${playlistColumns} FROM playlists p JOIN users u ON u.id = p.creator_id WHERE p.id = ?`,
  );
  const everySong = db.prepare<[number, number], number>('SELECT id FROM songs ORDER BY id LIMIT ? OFFSET ?').pluck();
  const everyAlbum = db.prepare<[number, number], number>('SELECT id FROM albums ORDER BY id LIMIT ? OFFSET ?').pluck();
  const everyArtist = db
    .prepare<[number, number], number>(
      'SELECT a.id FROM artists a WHERE EXISTS (SELECT 1 FROM albums al WHERE al.artist_id = a.id) ORDER BY a.id LIMIT ? OFFSET ?',
    )
    .pluck();
  const playCounts = db.prepare<[string, number], { songId: number; plays: number; lastPlayed: number }>(`
    SELECT song_id AS songId, COUNT(*) AS plays, MAX(played_at) AS lastPlayed FROM play_records
    WHERE song_id IN (SELECT value FROM json_each(?)) AND user_id = ? GROUP BY song_id`);
  const lastChange = db.prepare<[], number>('SELECT COALESCE(MAX(created_at), 0) FROM songs').pluck();

  return {
    /** Every artist with an album of their own, in A–Z order ('#' last). */
    artists: (): LibraryArtist[] => artists.all(),
    artistsByIds(ids: readonly number[]): Map<number, LibraryArtist> {
      return new Map(ids.length ? artistsByIds.all(idsParam(ids)).map((a) => [a.id, a]) : []);
    },
    albumsByIds(ids: readonly number[]): Map<number, LibraryAlbum> {
      return new Map(ids.length ? albumsByIds.all(idsParam(ids)).map((a) => [a.id, a]) : []);
    },
    /** Newest first. */
    albumIdsOfArtist: (artistId: number): number[] => albumsOfArtist.all(artistId),
    albumList: (q: AlbumListQuery): number[] =>
      albumPages[q.kind].all({ limit: q.limit, offset: q.offset, userId: q.userId, fromYear: q.fromYear ?? 0, toYear: q.toYear ?? 9999 }),
    /** The user's 我喜欢的音乐, newest first. */
    likedSongs: (userId: number) => liked.all(userId),
    playlistsOf: (userId: number): LibraryPlaylist[] => playlistsOf.all(userId),
    playlist: (id: number): LibraryPlaylist | undefined => playlist.get(id),
    /** Paging through everything (search3 with an empty query: clients syncing the library). */
    everySong: (limit: number, offset: number): number[] => everySong.all(limit, offset),
    everyAlbum: (limit: number, offset: number): number[] => everyAlbum.all(limit, offset),
    everyArtist: (limit: number, offset: number): number[] => everyArtist.all(limit, offset),
    /** The user's plays of these songs: how many and the last (library clock). */
    playsOf(songIds: readonly number[], userId: number): Map<number, { plays: number; lastPlayed: number }> {
      return new Map(songIds.length ? playCounts.all(idsParam(songIds), userId).map((r) => [r.songId, r]) : []);
    },
    /** When the library last gained a song (getIndexes' lastModified). */
    lastChange: (): number => lastChange.get() ?? 0,
  };
}
export type SubsonicLibraryRepo = ReturnType<typeof createSubsonicLibraryRepo>;
