import type { Db } from '../db/connection.ts';

/** Who follows whom, and what users shared (动态). Read endpoints come with the social features. */
export function createSocialRepo(db: Db) {
  const follow = db.prepare('INSERT OR IGNORE INTO user_follows (follower_id, followee_id, created_at) VALUES (?, ?, ?)');
  const event = db.prepare(
    'INSERT INTO user_events (user_id, type, msg, resource_id, created_at) VALUES (@userId, @type, @msg, @resourceId, @createdAt)',
  );
  const follows = db.prepare<[number, number], number>('SELECT 1 FROM user_follows WHERE follower_id = ? AND followee_id = ?').pluck();
  return {
    /** Whether `followerId` follows `followeeId`. */
    follows: (followerId: number, followeeId: number): boolean => follows.get(followerId, followeeId) !== undefined,
    follow(followerId: number, followeeId: number, at: number): void {
      if (followerId !== followeeId) follow.run(followerId, followeeId, at);
    },
    addEvent(e: { userId: number; type: number; msg: string; resourceId: number; createdAt: number }): number {
      return Number(event.run(e).lastInsertRowid);
    },
  };
}
export type SocialRepo = ReturnType<typeof createSocialRepo>;
