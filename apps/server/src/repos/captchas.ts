import type { Db } from '../db/connection.ts';

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
export function createCaptchaRepo(db: Db) {
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
    find: (countryCode: string, phone: string): CaptchaRecord | undefined => find.get(countryCode, phone),
    /** Replaces any earlier code of the phone (and its count of wrong tries). */
    put(captcha: { countryCode: string; phone: string; code: string; purpose: CaptchaPurpose; sentAt: number; expiresAt: number }): void {
      put.run(captcha);
    },
    countFailure(countryCode: string, phone: string): void {
      fail.run(countryCode, phone);
    },
    remove(countryCode: string, phone: string): void {
      remove.run(countryCode, phone);
    },
    /** Deletes the code if it is still this live one: true for exactly one caller, however many race for it. */
    take: (c: { countryCode: string; phone: string; code: string; purpose: CaptchaPurpose; now: number }): boolean =>
      take.run(c).changes === 1,
    /** Codes past their life are deleted (done when another is sent). */
    prune(now: number): void {
      prune.run(now);
    },
    /** Notes a send to `phone` (`86 13900000001`); returns the row, so an undelivered one can be forgotten. */
    recordSend: (phone: string, at: number): number => Number(recordSend.run(phone, at).lastInsertRowid),
    forgetSend(row: number): void {
      forgetSend.run(row);
    },
    /** When the `nth` newest send to `phone` after `since` happened (0 = newest); undefined: fewer sends. */
    nthSend: (phone: string, since: number, nth: number): number | undefined => nthSend.get(phone, since, nth),
    pruneSends(before: number): void {
      pruneSends.run(before);
    },
  };
}
export type CaptchaRepo = ReturnType<typeof createCaptchaRepo>;
