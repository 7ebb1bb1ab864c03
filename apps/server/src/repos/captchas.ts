import type { Database } from '../db/database.ts';

/** What a code is for: `login` (log in by code, register a new phone, /captcha/verify) or `reset` (a password reset). */
export type CaptchaPurpose = 'login' | 'reset';

export interface CaptchaRecord {
  code: string;
  purpose: CaptchaPurpose;
  sentAt: number;
  expiresAt: number;
  failures: number;
}

/** The SMS code last sent to each phone, and when codes were sent (the daily cap). */
export function createCaptchaRepo(db: Database) {
  const find = db.prepare<[string, string], CaptchaRecord>(
    'SELECT code, purpose, sent_at AS sentAt, expires_at AS expiresAt, failures FROM captchas WHERE country_code = ? AND phone = ?',
  );
  const put = db.prepare(`
    INSERT INTO captchas (country_code, phone, code, purpose, sent_at, expires_at)
    VALUES (@countryCode, @phone, @code, @purpose, @sentAt, @expiresAt)
    ON CONFLICT (country_code, phone) DO UPDATE SET code = excluded.code, purpose = excluded.purpose, sent_at = excluded.sent_at,
      expires_at = excluded.expires_at, failures = 0`);
  const fail = db.prepare('UPDATE captchas SET failures = failures + 1 WHERE country_code = ? AND phone = ?');
  const remove = db.prepare('DELETE FROM captchas WHERE country_code = ? AND phone = ?');
  const take = db.prepare(`
    DELETE FROM captchas WHERE country_code = @countryCode AND phone = @phone AND code = @code AND purpose = @purpose AND expires_at > @now`);
  const prune = db.prepare('DELETE FROM captchas WHERE expires_at <= ?');
  const recordSend = db.prepare('INSERT INTO captcha_sends (phone, at) VALUES (?, ?)');
  const forgetSend = db.prepare('DELETE FROM captcha_sends WHERE rowid = ?');
  const nthSend = db
    .prepare<[string, number, number], number>('SELECT at FROM captcha_sends WHERE phone = ? AND at > ? ORDER BY at DESC LIMIT 1 OFFSET ?')
    .pluck();
  const pruneSends = db.prepare('DELETE FROM captcha_sends WHERE at <= ?');

  return {
    find: async (countryCode: string, phone: string): Promise<CaptchaRecord | undefined> => await find.get(countryCode, phone),
    /** Replaces any earlier code of the phone (and its count of wrong tries). */
    async put(captcha: {
      countryCode: string;
      phone: string;
      code: string;
      purpose: CaptchaPurpose;
      sentAt: number;
      expiresAt: number;
    }): Promise<void> {
      await put.run(captcha);
    },
    async countFailure(countryCode: string, phone: string): Promise<void> {
      await fail.run(countryCode, phone);
    },
    async remove(countryCode: string, phone: string): Promise<void> {
      await remove.run(countryCode, phone);
    },
    /** Deletes the code if it is still this live one: true for exactly one caller, however many race for it. */
    take: async (c: { countryCode: string; phone: string; code: string; purpose: CaptchaPurpose; now: number }): Promise<boolean> =>
      (await take.run(c)).changes === 1,
    /** Codes past their life are deleted (done when another is sent). */
    async prune(now: number): Promise<void> {
      await prune.run(now);
    },
    /** Notes a send to `phone` (`86 13900000001`); returns the row, so an undelivered one can be forgotten. */
    recordSend: async (phone: string, at: number): Promise<number> => Number((await recordSend.run(phone, at)).lastInsertId),
    async forgetSend(row: number): Promise<void> {
      await forgetSend.run(row);
    },
    /** When the `nth` newest send to `phone` after `since` happened (0 = newest); undefined: fewer sends. */
    nthSend: async (phone: string, since: number, nth: number): Promise<number | undefined> => await nthSend.get(phone, since, nth),
    async pruneSends(before: number): Promise<void> {
      await pruneSends.run(before);
    },
  };
}
export type CaptchaRepo = Awaited<ReturnType<typeof createCaptchaRepo>>;
