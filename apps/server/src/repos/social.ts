import type { Database } from '../db/database.ts';

/** One side of a follow: the other user and when the follow was made. */
export interface FollowRow {
  userId: number;
  /** ms */
  time: number;
}

export interface EventRecord {
  id: number;
  userId: number;
  /** NetEase event type: 18 a song shared, 35 a playlist shared, 13 a playlist made */
  type: number;
  msg: string;
  resourceId: number;
  createdAt: number;
}

export type NewEvent = Omit<EventRecord, 'id'>;

const EVENT_COLUMNS = 'id, user_id AS userId, type, msg, resource_id AS resourceId, created_at AS createdAt';

/** Who follows whom, and what users shared (动态). */
export function createSocialRepo(db: Database) {
  const follow = db.prepare('INSERT INTO user_follows (follower_id, followee_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING');
  const unfollow = db.prepare('DELETE FROM user_follows WHERE follower_id = ? AND followee_id = ?');
  const event = db.prepare(
    'INSERT INTO user_events (user_id, type, msg, resource_id, created_at) VALUES (@userId, @type, @msg, @resourceId, @createdAt)',
  );
  const follows = db.prepare<[number, number], number>('SELECT 1 FROM user_follows WHERE follower_id = ? AND followee_id = ?').pluck();
  // Newest first; the user id breaks ties so pages never overlap.
  const followees = db.prepare<{ id: number; offset: number; limit: number }, FollowRow>(`
    SELECT followee_id AS userId, created_at AS time FROM user_follows WHERE follower_id = @id
    ORDER BY created_at DESC, followee_id DESC LIMIT @limit OFFSET @offset`);
  const followers = db.prepare<{ id: number; before: number; limit: number }, FollowRow>(`
    SELECT follower_id AS userId, created_at AS time FROM user_follows WHERE followee_id = @id AND created_at < @before
    ORDER BY created_at DESC, follower_id DESC LIMIT @limit`);
  const followersAt = db.prepare<{ id: number; at: number }, FollowRow>(`
    SELECT follower_id AS userId, created_at AS time FROM user_follows WHERE followee_id = @id AND created_at = @at
    ORDER BY follower_id DESC`);
  const followerCount = db.prepare<[number], number>('SELECT COUNT(*) FROM user_follows WHERE followee_id = ?').pluck();
  const followingOf = db
    .prepare<[string, number], number>(
      'SELECT followee_id FROM user_follows WHERE followee_id IN (SELECT value FROM json_each(?)) AND follower_id = ?',
    )
    .pluck();
  const followersOf = db
    .prepare<[string, number], number>(
      'SELECT follower_id FROM user_follows WHERE follower_id IN (SELECT value FROM json_each(?)) AND followee_id = ?',
    )
    .pluck();
  const events = db.prepare<{ id: number; before: number; limit: number }, EventRecord>(`
    SELECT ${EVENT_COLUMNS} FROM user_events WHERE user_id = @id AND created_at < @before
    ORDER BY created_at DESC, id DESC LIMIT @limit`);
  const eventsAt = db.prepare<{ id: number; at: number }, EventRecord>(
    `SELECT ${EVENT_COLUMNS} FROM user_events WHERE user_id = @id AND created_at = @at ORDER BY id DESC`,
  );
  const eventCount = db.prepare<[number], number>('SELECT COUNT(*) FROM user_events WHERE user_id = ?').pluck();
  const eventById = db.prepare<[number], EventRecord>(`SELECT ${EVENT_COLUMNS} FROM user_events WHERE id = ?`);

  /** A page of at most `limit` rows before `before`, grown to hold every row sharing the last one's time. */
  async function wholeTies<T extends { time: number } | { createdAt: number }>(
    page: T[],
    limit: number,
    at: (t: number) => Promise<T[]>,
    same: (a: T, b: T) => boolean,
  ): Promise<T[]> {
    const last = page[page.length - 1];
    if (page.length < limit || last === undefined) return page;
    const time = 'time' in last ? last.time : last.createdAt;
    return [...page, ...(await at(time)).filter((row) => !page.some((p) => same(p, row)))];
  }

  return {
    /** Whether `followerId` follows `followeeId`. */
    follows: async (followerId: number, followeeId: number): Promise<boolean> => (await follows.get(followerId, followeeId)) !== undefined,
    /** Adds the follow (once); returns whether it is new. */
    async follow(followerId: number, followeeId: number, at: number): Promise<boolean> {
      return followerId !== followeeId && (await follow.run(followerId, followeeId, at)).changes > 0;
    },
    /** Removes the follow; returns whether there was one. */
    unfollow: async (followerId: number, followeeId: number): Promise<boolean> => (await unfollow.run(followerId, followeeId)).changes > 0,
    /** Whom `userId` follows, newest first. */
    followees: async (userId: number, offset: number, limit: number): Promise<FollowRow[]> =>
      await followees.all({ id: userId, offset, limit }),
    /**
     * Who follows `userId`, newest first, before `before` (ms). A page never splits fans who
     * followed in the same millisecond (the next page starts below that time), so it may hold
     * a few more than `limit`.
     */
    async followers(userId: number, before: number, limit: number): Promise<FollowRow[]> {
      const page = await followers.all({ id: userId, before, limit });
      return wholeTies(
        page,
        limit,
        async (at) => await followersAt.all({ id: userId, at }),
        (a, b) => a.userId === b.userId,
      );
    },
    followerCount: async (userId: number): Promise<number> => (await followerCount.get(userId)) ?? 0,
    /** Which of `ids` the viewer follows. */
    followedBy: async (viewerId: number, ids: readonly number[]): Promise<Set<number>> =>
      new Set(ids.length ? await followingOf.all(JSON.stringify(ids), viewerId) : []),
    /** Which of `ids` follow the viewer. */
    followersAmong: async (viewerId: number, ids: readonly number[]): Promise<Set<number>> =>
      new Set(ids.length ? await followersOf.all(JSON.stringify(ids), viewerId) : []),

    async addEvent(e: NewEvent): Promise<number> {
      return Number((await event.run(e)).lastInsertId);
    },
    eventById: async (id: number): Promise<EventRecord | undefined> => await eventById.get(id),
    /** A user's events before `before` (ms), newest first; like `followers`, ties are never split. */
    async events(userId: number, before: number, limit: number): Promise<EventRecord[]> {
      const page = await events.all({ id: userId, before, limit });
      return wholeTies(
        page,
        limit,
        async (at) => await eventsAt.all({ id: userId, at }),
        (a, b) => a.id === b.id,
      );
    },
    eventCount: async (userId: number): Promise<number> => (await eventCount.get(userId)) ?? 0,
  };
}
export type SocialRepo = Awaited<ReturnType<typeof createSocialRepo>>;
