import type { Database } from '../db/database.ts';

/** Daily sign-ins (签到): one per user, kind (0 mobile, 1 PC/web) and day. */
export function createSigninRepo(db: Database) {
  const insert = db.prepare(
    'INSERT INTO daily_signins (user_id, type, day, signed_at, point) VALUES (@userId, @type, @day, @signedAt, @point) ON CONFLICT DO NOTHING',
  );
  const kindsOn = db.prepare<[number, string], number>('SELECT type FROM daily_signins WHERE user_id = ? AND day = ?').pluck();
  const prune = db.prepare('DELETE FROM daily_signins WHERE user_id = ? AND day < ?');

  return {
    /** Records the day's sign-in; false when this kind was already signed that day. */
    async add(signin: { userId: number; type: 0 | 1; day: string; signedAt: number; point: number }): Promise<boolean> {
      return (await insert.run(signin)).changes === 1;
    },
    /** The kinds (0 mobile, 1 PC) signed on `day`. */
    kindsOn: async (userId: number, day: string): Promise<number[]> => await kindsOn.all(userId, day),
    /** Only recent days matter: older rows of the user are dropped as they sign in. */
    async pruneBefore(userId: number, day: string): Promise<void> {
      await prune.run(userId, day);
    },
  };
}
export type SigninRepo = Awaited<ReturnType<typeof createSigninRepo>>;
