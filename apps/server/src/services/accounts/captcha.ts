import { randomInt } from 'node:crypto';
import { ApiError } from '../../errors.ts';
import type { CaptchaPurpose } from '../../repos/captchas.ts';
import type { Repos } from '../../repos/index.ts';
import type { LoginLimits } from '../login-limits.ts';
import type { Clock } from '../rate-windows.ts';
import { noSuchAccount, retrySeconds, tooManyFailures, waitText } from './errors.ts';
import { smsText, type SmsSender } from './sms.ts';

export type { CaptchaPurpose } from '../../repos/captchas.ts';

/**
 * A code has 6 digits and lives 5 minutes; a phone gets at most one a minute and 5 a day; 5 wrong
 * tries burn a code. Wrong codes also count as failed logins (services/login-limits.ts), whose
 * daily cap per phone (10) is what bounds a guesser with many addresses: at most 10 guesses of
 * 10^6 a day, a chance of 1 in 100,000 (docs/decisions/0026-login-limits-and-captcha.md).
 */
export const CAPTCHA_DIGITS = 6;
export const CAPTCHA_TTL_MS = 5 * 60_000;
export const CAPTCHA_RESEND_MS = 60_000;
export const CAPTCHA_MAX_FAILURES = 5;
export const CAPTCHA_DAILY_SENDS = 5;
export const CAPTCHA_DAY_MS = 24 * 3_600_000;

/** NetEase's codes: 405 sent too often (now or today), 503 wrong (or expired, or for another purpose) captcha. */
export const tooSoon = (waitMs: number): ApiError => new ApiError(405, '发送验证码间隔过短', retrySeconds(waitMs));
export const tooManyToday = (waitMs: number): ApiError =>
  new ApiError(405, `该手机号今日验证码发送次数已达上限，请${waitText(waitMs)}后再试`, retrySeconds(waitMs));
export const wrongCaptcha = (): ApiError => new ApiError(503, '验证码错误');

export interface Phone {
  countryCode: string;
  phone: string;
}

/** The address a request comes from (failures are counted against it). */
export interface Client {
  ip: string;
}

/** `86 13900000001`: a phone as the limits and the send log key it. */
export const phoneKey = ({ countryCode, phone }: Phone): string => `${countryCode} ${phone}`;

/** SMS captchas (/captcha/sent, /captcha/verify); registration, captcha login and password resets consume them. */
export function createCaptchaService(repos: Repos, clock: Clock, send: SmsSender, limits: LoginLimits) {
  /** Throws unless `captcha` is the phone's live code for `purpose`: 509 while the limits refuse, else 503 (counted). */
  async function check(target: Phone, captcha: string, purpose: CaptchaPurpose, client: Client): Promise<void> {
    const now = clock();
    const attempt = {
      address: client.ip,
      userId: (await repos.users.byPhone(target.countryCode, target.phone))?.id,
      phone: phoneKey(target),
    };
    const verdict = await limits.check(attempt);
    if (verdict.refusal) throw tooManyFailures(verdict.refusal, 'captcha');
    const stored = await repos.captchas.find(target.countryCode, target.phone);
    const live = stored !== undefined && stored.expiresAt > now;
    if (!live || stored.purpose !== purpose || stored.code !== captcha) {
      if (live) {
        if (stored.failures + 1 >= CAPTCHA_MAX_FAILURES) await repos.captchas.remove(target.countryCode, target.phone);
        else await repos.captchas.countFailure(target.countryCode, target.phone);
      }
      await limits.fail(attempt);
      throw wrongCaptcha();
    }
    await limits.succeed(attempt, verdict);
  }

  return {
    /**
     * Sends a fresh code for `purpose` (replacing any earlier one): 405 within a minute of the last
     * or past the day's sends, 509 while the phone's wrong codes are at their cap (no check would
     * be allowed), 501 for a reset of a phone without an account.
     */
    async send(target: Phone, purpose: CaptchaPurpose) {
      const now = clock();
      const key = phoneKey(target);
      if (purpose === 'reset' && !(await repos.users.byPhone(target.countryCode, target.phone))) throw noSuchAccount();
      const capped = (await limits.check({ phone: key })).refusal;
      if (capped) throw tooManyFailures(capped, 'captcha');
      // From the send log, not the code: a code used up or burnt does not shorten the wait.
      const latest = await repos.captchas.nthSend(key, now - CAPTCHA_RESEND_MS, 0);
      if (latest !== undefined) throw tooSoon(latest + CAPTCHA_RESEND_MS - now);
      const oldest = await repos.captchas.nthSend(key, now - CAPTCHA_DAY_MS, CAPTCHA_DAILY_SENDS - 1);
      if (oldest !== undefined) throw tooManyToday(oldest + CAPTCHA_DAY_MS - now);
      const code = String(randomInt(0, 10 ** CAPTCHA_DIGITS)).padStart(CAPTCHA_DIGITS, '0');
      await repos.captchas.prune(now);
      await repos.captchas.pruneSends(now - CAPTCHA_DAY_MS);
      await repos.captchas.put({ ...target, code, purpose, sentAt: now, expiresAt: now + CAPTCHA_TTL_MS });
      const sent = await repos.captchas.recordSend(key, now);
      try {
        await send({ ...target, code, text: smsText(code, purpose) });
      } catch {
        // Not delivered: the person may ask again at once, and it is not one of the day's.
        await repos.captchas.remove(target.countryCode, target.phone);
        await repos.captchas.forgetSend(sent);
        throw new ApiError(500, '验证码发送失败，请稍后再试');
      }
      return { code: 200 as const, data: true };
    },

    /** Checks a code without using it up (registration after this still needs it). */
    async verify(target: Phone, captcha: string, purpose: CaptchaPurpose, client: Client) {
      await check(target, captcha, purpose, client);
      return { code: 200 as const, data: true };
    },

    /** Checks a code and uses it up: one code, one registration, login or reset. */
    async consume(target: Phone, captcha: string, purpose: CaptchaPurpose, client: Client): Promise<void> {
      await check(target, captcha, purpose, client);
      if (!(await repos.captchas.take({ ...target, code: captcha, purpose, now: clock() }))) throw wrongCaptcha();
    },
  };
}
export type CaptchaService = Awaited<ReturnType<typeof createCaptchaService>>;
