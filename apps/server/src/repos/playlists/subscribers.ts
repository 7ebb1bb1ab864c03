import type { Database } from '../../db/database.ts';
import { LIKED_SONGS_SPECIAL_TYPE } from './kinds.ts';

/** One entry of a user's playlist list: a playlist they made or one they collected. */
export interface UserPlaylistEntry {
  id: number;
  /** true: collected from someone else; false: made by the user */
  subscribed: boolean;
}

/** Whose playlists are listed, and whether their private ones show (only to themselves). */
export interface UserPlaylistQuery {
  userId: number;
  withPrivate: boolean;
}

/**
 * The playlists repository's user lists (repos/playlists.ts spreads them in): a user's playlists as
 * /user/playlist lists them, and the playlists users collect (收藏, migration 021). Made ones count
 * like /user/subcount does: ordinary and liked-songs lists.
 */
export function createPlaylistSubscribers(db: Database) {
  const VISIBLE = '(@withPrivate = 1 OR p.privacy = 0)';
  // Made first (the liked songs first of all, then newest first), then collected, newest first.
  const ENTRIES = `
    SELECT p.id, 0 AS subscribed, CASE WHEN p.special_type = ${LIKED_SONGS_SPECIAL_TYPE} THEN 0 ELSE 1 END AS grp, p.created_at AS at
    FROM playlists p WHERE p.creator_id = @userId AND p.special_type IN (0, ${LIKED_SONGS_SPECIAL_TYPE}) AND ${VISIBLE}
    UNION ALL
    SELECT p.id, 1, 2, s.created_at
    FROM playlist_subscribers s JOIN playlists p ON p.id = s.playlist_id WHERE s.user_id = @userId AND ${VISIBLE}`;
  type Params = { userId: number; withPrivate: number };
  const page = db.prepare<Params & { limit: number; offset: number }, { id: number; subscribed: number }>(
    `SELECT id, subscribed FROM (${ENTRIES}) AS entries ORDER BY grp, at DESC, id DESC LIMIT @limit OFFSET @offset`,
  );
  const count = db.prepare<Params, number>(`SELECT COUNT(*) FROM (${ENTRIES}) AS entries`).pluck();
  const subscribe = db.prepare(
    'INSERT INTO playlist_subscribers (user_id, playlist_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
  );
  const unsubscribe = db.prepare('DELETE FROM playlist_subscribers WHERE user_id = ? AND playlist_id = ?');
  const isSubscribed = db
    .prepare<[number, number], number>('SELECT 1 FROM playlist_subscribers WHERE user_id = ? AND playlist_id = ?')
    .pluck();
  const subscribedCount = db
    .prepare<[number], number>(
      'SELECT COUNT(*) FROM playlist_subscribers s JOIN playlists p ON p.id = s.playlist_id WHERE s.user_id = ? AND p.privacy = 0',
    )
    .pluck();
  const subscribersOf = db.prepare<[number], number>('SELECT user_id FROM playlist_subscribers WHERE playlist_id = ?').pluck();

  const toParams = (q: UserPlaylistQuery): Params => ({ userId: q.userId, withPrivate: q.withPrivate ? 1 : 0 });
  return {
    /** A page of the user's playlists: made ones (liked songs first, then newest first), then collected ones, newest first. */
    ofUser: async (q: UserPlaylistQuery, offset: number, limit: number): Promise<UserPlaylistEntry[]> =>
      (await page.all({ ...toParams(q), limit, offset })).map((r) => ({ id: r.id, subscribed: r.subscribed === 1 })),
    countOfUser: async (q: UserPlaylistQuery): Promise<number> => (await count.get(toParams(q))) ?? 0,
    /** true when the user had not collected it before */
    subscribe: async (userId: number, playlistId: number, at: number): Promise<boolean> =>
      (await subscribe.run(userId, playlistId, at)).changes > 0,
    /** true when the user had collected it */
    unsubscribe: async (userId: number, playlistId: number): Promise<boolean> => (await unsubscribe.run(userId, playlistId)).changes > 0,
    isSubscribed: async (userId: number, playlistId: number): Promise<boolean> =>
      (await isSubscribed.get(userId, playlistId)) !== undefined,
    /** Public playlists the user collected (/user/subcount's subPlaylistCount). */
    subscribedCount: async (userId: number): Promise<number> => (await subscribedCount.get(userId)) ?? 0,
    /** Users who collected the playlist. */
    subscribersOf: async (playlistId: number): Promise<number[]> => await subscribersOf.all(playlistId),
  };
}
