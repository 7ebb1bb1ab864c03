import type { Db } from '../db/connection.ts';

/**
 * Lists third-party NetEase clients browse by (YesPlayMusic's home and 发现): new albums by area,
 * the playlist square by tag and order, artists by popularity or by plays, new songs, and songs
 * for 私人FM. Ids only: services shape them.
 */
export function createClientBrowseRepo(db: Db) {
  const newAlbums = db
    .prepare<{ area: number | null; limit: number; offset: number }, number>(
      `SELECT al.id FROM albums al JOIN artists ar ON ar.id = al.artist_id
       WHERE @area IS NULL OR ar.area = @area ORDER BY al.publish_time DESC, al.id DESC LIMIT @limit OFFSET @offset`,
    )
    .pluck();
  const newAlbumCount = db
    .prepare<{ area: number | null }, number>(
      'SELECT COUNT(*) FROM albums al JOIN artists ar ON ar.id = al.artist_id WHERE @area IS NULL OR ar.area = @area',
    )
    .pluck();
  const SQUARE = `p.special_type = 0 AND p.privacy = 0 AND (@tag IS NULL OR EXISTS (
      SELECT 1 FROM playlist_tags pt JOIN tags t ON t.id = pt.tag_id WHERE pt.playlist_id = p.id AND t.name = @tag))`;
  const squareHot = db
    .prepare<{ tag: string | null; limit: number; offset: number }, number>(
      `SELECT p.id FROM playlists p WHERE ${SQUARE} ORDER BY p.play_count DESC, p.id DESC LIMIT @limit OFFSET @offset`,
    )
    .pluck();
  const squareNew = db
    .prepare<{ tag: string | null; limit: number; offset: number }, number>(
      `SELECT p.id FROM playlists p WHERE ${SQUARE} ORDER BY p.created_at DESC, p.id DESC LIMIT @limit OFFSET @offset`,
    )
    .pluck();
  const squareCount = db.prepare<{ tag: string | null }, number>(`SELECT COUNT(*) FROM playlists p WHERE ${SQUARE}`).pluck();
  const popularArtists = db
    .prepare<[number, number], number>('SELECT id FROM artists ORDER BY popularity DESC, id LIMIT ? OFFSET ?')
    .pluck();
  const artistCount = db.prepare<[], number>('SELECT COUNT(*) FROM artists').pluck();
  const artistPlays = db.prepare<{ area: number | null; from: number; limit: number }, { id: number; plays: number }>(`
    SELECT sa.artist_id AS id, COUNT(*) AS plays
    FROM play_records p JOIN song_artists sa ON sa.song_id = p.song_id AND sa.position = 0 JOIN artists a ON a.id = sa.artist_id
    WHERE p.played_at >= @from AND (@area IS NULL OR a.area = @area)
    GROUP BY sa.artist_id ORDER BY plays DESC, sa.artist_id LIMIT @limit`);
  const latestPlay = db.prepare<[], number>('SELECT COALESCE(MAX(played_at), 0) FROM play_records').pluck();
  const newSongs = db
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
  const popularSongs = db
    .prepare<{ limit: number; exclude: string }, number>(
      `SELECT id FROM (SELECT id FROM songs WHERE id NOT IN (SELECT value FROM json_each(@exclude)) ORDER BY popularity DESC LIMIT 100)
       ORDER BY random() LIMIT @limit`,
    )
    .pluck();

  return {
    newAlbums: (area: number | null, limit: number, offset: number): number[] => newAlbums.all({ area, limit, offset }),
    newAlbumCount: (area: number | null): number => newAlbumCount.get({ area }) ?? 0,
    squarePlaylists: (tag: string | null, order: 'hot' | 'new', limit: number, offset: number): number[] =>
      (order === 'new' ? squareNew : squareHot).all({ tag, limit, offset }),
    squareCount: (tag: string | null): number => squareCount.get({ tag }) ?? 0,
    popularArtists: (limit: number, offset: number): number[] => popularArtists.all(limit, offset),
    artistCount: (): number => artistCount.get() ?? 0,
    /** Main artists by plays since `from` (library clock). */
    artistPlays: (area: number | null, from: number, limit: number) => artistPlays.all({ area, from, limit }),
    latestPlay: (): number => latestPlay.get() ?? 0,
    newSongs: (area: number | null, limit: number): number[] => newSongs.all({ area, limit }),
    fmSongs(userId: number | null, since: number, limit: number, exclude: readonly number[]): number[] {
      const excluded = JSON.stringify(exclude);
      const mine = userId === null ? [] : fmFor.all({ userId, since, limit, exclude: excluded });
      if (mine.length >= limit) return mine;
      return [...mine, ...popularSongs.all({ limit: limit - mine.length, exclude: JSON.stringify([...exclude, ...mine]) })];
    },
  };
}
export type ClientBrowseRepo = ReturnType<typeof createClientBrowseRepo>;
