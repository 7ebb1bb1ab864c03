import type { Db } from '../db/connection.ts';

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
export function createRecommendationRepo(db: Db) {
  const daily = db
    .prepare<[number, string, string], string>('SELECT items FROM daily_recommendations WHERE user_id = ? AND kind = ? AND day = ?')
    .pluck();
  const keep = db.prepare(
    'INSERT INTO daily_recommendations (user_id, kind, day, items, created_at) VALUES (@userId, @kind, @day, @items, @at) ON CONFLICT DO NOTHING',
  );
  const prune = db.prepare('DELETE FROM daily_recommendations WHERE user_id = ? AND day < ?');

  return {
    /** The recommendations kept for the user's day, if made. */
    daily(userId: number, kind: DailyKind, day: string): DailyItem[] | undefined {
      const text = daily.get(userId, kind, day);
      return text === undefined ? undefined : (JSON.parse(text) as DailyItem[]);
    },
    /** Keeps the day's recommendations unless some were kept first; returns the ones kept. */
    keepDaily(userId: number, kind: DailyKind, day: string, items: DailyItem[], at: number): DailyItem[] {
      keep.run({ userId, kind, day, items: JSON.stringify(items), at });
      return this.daily(userId, kind, day)!;
    },
    /** Forgets the user's recommendations of days before `day`. */
    pruneBefore(userId: number, day: string): void {
      prune.run(userId, day);
    },
  };
}
export type RecommendationRepo = ReturnType<typeof createRecommendationRepo>;
