import type { Database } from '../db/database.ts';
import { idsParam } from './json.ts';

/** A thing's rating as one listener sees it: theirs (1–5, absent when unrated) and everyone's average. */
export interface RatingOf {
  mine?: number;
  average: number;
}

/**
 * Ratings of 1 to 5 by users of songs, albums and artists (migration 032; 0 removes one). Read a
 * list at a time — the listener's and the average in one grouped query — so answers of any length
 * cost one query per kind.
 */
export function createRatingRepo(db: Database) {
  const make = (table: 'song_ratings' | 'album_ratings' | 'artist_ratings', column: 'song_id' | 'album_id' | 'artist_id') => {
    const set = db.prepare<[number, number, number, number]>(
      `INSERT INTO ${table} (user_id, ${column}, rating, rated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (user_id, ${column}) DO UPDATE SET rating = excluded.rating, rated_at = excluded.rated_at`,
    );
    const remove = db.prepare<[number, number]>(`DELETE FROM ${table} WHERE user_id = ? AND ${column} = ?`);
    const of = db.prepare<[number, string], { id: number; mine: number | null; average: number }>(
      `SELECT ${column} AS id, MAX(CASE WHEN user_id = ? THEN rating END) AS mine, AVG(rating) AS average
       FROM ${table} WHERE ${column} IN (SELECT value FROM json_each(?)) GROUP BY ${column}`,
    );
    return {
      /** 1–5 rates; 0 takes the user's rating away. */
      async set(userId: number, id: number, rating: number, at: number): Promise<void> {
        if (rating === 0) await remove.run(userId, id);
        else await set.run(userId, id, rating, at);
      },
      /** The rated ones among `ids` (unrated ones are absent). */
      async of(userId: number, ids: readonly number[]): Promise<Map<number, RatingOf>> {
        if (ids.length === 0) return new Map();
        return new Map(
          (await of.all(userId, idsParam(ids))).map((r) => [r.id, { ...(r.mine !== null ? { mine: r.mine } : {}), average: r.average }]),
        );
      },
    };
  };
  return {
    songs: make('song_ratings', 'song_id'),
    albums: make('album_ratings', 'album_id'),
    artists: make('artist_ratings', 'artist_id'),
  };
}
export type RatingRepo = Awaited<ReturnType<typeof createRatingRepo>>;
