import type { Database } from '../../db/database.ts';
import { idsParam } from '../json.ts';

/** A song with what a generated listening history needs. */
export interface ListenableSong {
  id: number;
  publishTime: number;
  durationMs: number;
}

/** A song's release, for the new-releases chart. */
export interface NewRelease {
  songId: number;
  publishTime: number;
}

/**
 * The songs repository's lists of song ids (repos/songs.ts spreads them in): an album's tracks, an
 * artist's songs, the newest, the most popular or played, 私人FM's picks, pages of every song.
 */
export function createSongLists(db: Database) {
  const onAlbum = db.prepare<[number], number>('SELECT id FROM songs WHERE album_id = ? ORDER BY disc_no, track_no, id').pluck();
  const mostPopularOf = db
    .prepare<[number, number], number>(
      `
    SELECT s.id FROM song_artists sa JOIN songs s ON s.id = sa.song_id
    WHERE sa.artist_id = ? ORDER BY s.popularity DESC, s.id LIMIT ?`,
    )
    .pluck();
  const byArtists = db
    .prepare<[string], number>('SELECT DISTINCT song_id FROM song_artists WHERE artist_id IN (SELECT value FROM json_each(?))')
    .pluck();
  // Every play counts, whoever played it and whenever (play_records_by_song counts each song's).
  const mostPlayedOf = db
    .prepare<[string, number], number>(
      `SELECT s.id FROM songs s
       WHERE s.id IN (SELECT sa.song_id FROM song_artists sa WHERE sa.artist_id IN (SELECT value FROM json_each(?)))
       ORDER BY (SELECT COUNT(*) FROM play_records p WHERE p.song_id = s.id) DESC, s.popularity DESC, s.id LIMIT ?`,
    )
    .pluck();
  const mostPopularTagged = db
    .prepare<[string, number], number>(
      `
    SELECT s.id FROM songs s WHERE s.id IN (
      SELECT pt.song_id FROM playlist_tags tg
      JOIN playlists p ON p.id = tg.playlist_id AND p.special_type = 0
      JOIN playlist_tracks pt ON pt.playlist_id = tg.playlist_id
      WHERE tg.tag_id IN (SELECT value FROM json_each(?)))
    ORDER BY s.popularity DESC, s.id LIMIT ?`,
    )
    .pluck();
  const mostPopular = db.prepare<[number], number>('SELECT id FROM songs ORDER BY popularity DESC, id LIMIT ?').pluck();
  const newest = db
    .prepare<{ area: number | null; limit: number }, number>(
      `SELECT s.id FROM songs s JOIN song_artists sa ON sa.song_id = s.id AND sa.position = 0 JOIN artists a ON a.id = sa.artist_id
       WHERE CAST(@area AS BIGINT) IS NULL OR a.area = @area ORDER BY s.publish_time DESC, s.id DESC LIMIT @limit`,
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
      `SELECT id FROM (SELECT id FROM songs WHERE id NOT IN (SELECT value FROM json_each(@exclude)) ORDER BY popularity DESC LIMIT 100) AS popular
       ORDER BY random() LIMIT @limit`,
    )
    .pluck();
  const publishedCount = db.prepare<[number], number>('SELECT COUNT(*) FROM songs WHERE publish_time >= ?').pluck();
  const published = db.prepare<[number, number], NewRelease>(
    'SELECT id AS songId, publish_time AS publishTime FROM songs WHERE publish_time >= ? ORDER BY publish_time DESC, id LIMIT ?',
  );
  const listenable = db.prepare<[], ListenableSong>(
    'SELECT id, publish_time AS publishTime, duration_ms AS durationMs FROM songs ORDER BY id',
  );
  const page = db.prepare<[number, number], number>('SELECT id FROM songs ORDER BY id LIMIT ? OFFSET ?').pluck();
  const lastAddedAt = db.prepare<[], number>('SELECT COALESCE(MAX(created_at), 0) FROM songs').pluck();
  const generatedWithoutGenre = db.prepare<[], { id: number; albumId: number }>(`
    SELECT id, album_id AS albumId FROM songs s
    WHERE audio_seed IS NOT NULL AND NOT EXISTS (SELECT 1 FROM song_genres sg WHERE sg.song_id = s.id) ORDER BY id`);

  return {
    /** An album's tracks in order: disc, then track number. */
    idsOnAlbum: async (albumId: number): Promise<number[]> => await onAlbum.all(albumId),
    /** Songs the artist is credited on, most popular first. */
    mostPopularOf: async (artistId: number, limit: number): Promise<number[]> => await mostPopularOf.all(artistId, limit),
    /** Every song crediting any of the artists, in no particular order. */
    idsByArtists: async (artistIds: readonly number[]): Promise<number[]> =>
      artistIds.length ? await byArtists.all(idsParam(artistIds)) : [],
    /** Songs crediting any of the artists, the most played first (ties: the more popular); unplayed ones last. */
    mostPlayedOf: async (artistIds: readonly number[], limit: number): Promise<number[]> =>
      artistIds.length ? await mostPlayedOf.all(idsParam(artistIds), limit) : [],
    /** The most popular songs in ordinary playlists with any of the tags. */
    mostPopularTagged: async (tagIds: readonly number[], limit: number): Promise<number[]> =>
      tagIds.length ? await mostPopularTagged.all(idsParam(tagIds), limit) : [],
    /** The catalog's most popular songs. */
    mostPopular: async (limit: number): Promise<number[]> => await mostPopular.all(limit),
    /** Ids of the newest songs whose main artist is of `area` (null: any), newest first. */
    newest: async (area: number | null, limit: number): Promise<number[]> => await newest.all({ area, limit }),
    /**
     * 私人FM's next songs for the listener (null: anyone), none of `exclude` nor played by them
     * since `since` (library clock); topped up with popular songs, in random order.
     */
    async fm(userId: number | null, since: number, limit: number, exclude: readonly number[]): Promise<number[]> {
      const excluded = JSON.stringify(exclude);
      const mine = userId === null ? [] : await fmFor.all({ userId, since, limit, exclude: excluded });
      if (mine.length >= limit) return mine;
      return [...mine, ...(await fmPopular.all({ limit: limit - mine.length, exclude: JSON.stringify([...exclude, ...mine]) }))];
    },
    /**
     * Songs published at or after `from`, newest first. No upper bound: an imported song dated
     * by the real calendar may lie ahead of a demo library's clock, and it is still new.
     */
    publishedSince: async (from: number, limit: number): Promise<NewRelease[]> => await published.all(from, limit),
    countPublishedSince: async (from: number): Promise<number> => (await publishedCount.get(from)) ?? 0,
    /** Every song with what a generated listening history needs. */
    listenable: async (): Promise<ListenableSong[]> => await listenable.all(),
    /** A page of every song, in id order (clients syncing the whole catalog). */
    page: async (limit: number, offset: number): Promise<number[]> => await page.all(limit, offset),
    /** When the catalog last gained a song (0 when it has none). */
    lastAddedAt: async (): Promise<number> => (await lastAddedAt.get()) ?? 0,
    /** Generated (demo) songs without a genre, with their albums. */
    generatedWithoutGenre: async (): Promise<{ id: number; albumId: number }[]> => await generatedWithoutGenre.all(),
  };
}
