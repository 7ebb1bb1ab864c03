import type { Db } from '../db/connection.ts';

export interface CaptchaRecord {
  code: string;
  sentAt: number;
  expiresAt: number;
  failures: number;
}

/** The SMS code last sent to each phone. */
export function createCaptchaRepo(db: Db) {
  const find = db.prepare<[string, string], CaptchaRecord>(
    'SELECT code, sent_at AS sentAt, expires_at AS expiresAt, failures FROM captchas WHERE country_code = ? AND phone = ?',
  );
  const put = db.prepare(`
    INSERT INTO captchas (country_code, phone, code, sent_at, expires_at) VALUES (@countryCode, @phone, @code, @sentAt, @expiresAt)
    ON CONFLICT (country_code, phone) DO UPDATE SET code = excluded.code, sent_at = excluded.sent_at,
      expires_at = excluded.expires_at, failures = 0`);
  const fail = db.prepare('UPDATE captchas SET failures = failures + 1 WHERE country_code = ? AND phone = ?');
  const remove = db.prepare('DELETE FROM captchas WHERE country_code = ? AND phone = ?');
  const prune = db.prepare('DELETE FROM captchas WHERE expires_at <= ?');

  return {
    find: (countryCode: string, phone: string): CaptchaRecord | undefined => find.get(countryCode, phone),
    /** Replaces any earlier code of the phone (and its count of wrong tries). */
    put(captcha: { countryCode: string; phone: string; code: string; sentAt: number; expiresAt: number }): void {
      put.run(captcha);
    },
    countFailure(countryCode: string, phone: string): void {
      fail.run(countryCode, phone);
    },
    remove(countryCode: string, phone: string): void {
      remove.run(countryCode, phone);
    },
    /** Codes past their life are deleted (done when another is sent). */
    prune(now: number): void {
      prune.run(now);
    },
  };
}
export type CaptchaRepo = ReturnType<typeof createCaptchaRepo>;
