import type { Database } from '../db/database.ts';

/** One stored recommendation: what and why. */
export interface DailyItem {
  id: number;
  reason: string;
}

export type DailyKind = 'songs' | 'playlists';

/**
 * The daily recommendations kept per user and day (daily_recommendations). What they are made from
 * is read from the entities' repositories: plays, playlists, songs.
 */
export function createRecommendationRepo(db: Database) {
  const daily = db
    .prepare<[number, string, string], string>('SELECT items FROM daily_recommendations WHERE user_id = ? AND kind = ? AND day = ?')
    .pluck();
  const keep = db.prepare(
    'INSERT INTO daily_recommendations (user_id, kind, day, items, created_at) VALUES (@userId, @kind, @day, @items, @at) ON CONFLICT DO NOTHING',
  );
  const prune = db.prepare('DELETE FROM daily_recommendations WHERE user_id = ? AND day < ?');

  return {
    /** The recommendations kept for the user's day, if made. */
    async daily(userId: number, kind: DailyKind, day: string): Promise<DailyItem[] | undefined> {
      const text = await daily.get(userId, kind, day);
      return text === undefined ? undefined : (JSON.parse(text) as DailyItem[]);
    },
    /** Keeps the day's recommendations unless some were kept first; returns the ones kept. */
    async keepDaily(userId: number, kind: DailyKind, day: string, items: DailyItem[], at: number): Promise<DailyItem[]> {
      await keep.run({ userId, kind, day, items: JSON.stringify(items), at });
      return (await this.daily(userId, kind, day))!;
    },
    /** Forgets the user's recommendations of days before `day`. */
    async pruneBefore(userId: number, day: string): Promise<void> {
      await prune.run(userId, day);
    },
  };
}
export type RecommendationRepo = Awaited<ReturnType<typeof createRecommendationRepo>>;
