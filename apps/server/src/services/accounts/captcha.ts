import { randomInt } from 'node:crypto';
import { ApiError } from '../../errors.ts';
import type { Repos } from '../../repos/index.ts';
import type { Clock } from '../rate-windows.ts';
import { smsText, type SmsSender } from './sms.ts';

/** A code lives 5 minutes; a phone gets at most one a minute; 5 wrong tries burn it. */
export const CAPTCHA_TTL_MS = 5 * 60_000;
export const CAPTCHA_RESEND_MS = 60_000;
export const CAPTCHA_MAX_FAILURES = 5;

/** NetEase's codes: 405 sent too often, 503 wrong (or expired) captcha. */
export const tooSoon = (): ApiError => new ApiError(405, '发送验证码间隔过短');
export const wrongCaptcha = (): ApiError => new ApiError(503, '验证码错误');

export interface Phone {
  countryCode: string;
  phone: string;
}

/** SMS captchas (/captcha/sent, /captcha/verify); registration and captcha login consume them. */
export function createCaptchaService(repos: Repos, clock: Clock, send: SmsSender) {
  /** Throws 503 unless `captcha` is the phone's live code; a wrong try counts toward burning it. */
  function check({ countryCode, phone }: Phone, captcha: string): void {
    const now = clock();
    const stored = repos.captchas.find(countryCode, phone);
    if (!stored || stored.expiresAt <= now) throw wrongCaptcha();
    if (stored.code !== captcha) {
      if (stored.failures + 1 >= CAPTCHA_MAX_FAILURES) repos.captchas.remove(countryCode, phone);
      else repos.captchas.countFailure(countryCode, phone);
      throw wrongCaptcha();
    }
  }

  return {
    /** Sends a fresh 4-digit code (replacing any earlier one); 405 within a minute of the last. */
    async send(target: Phone) {
      const now = clock();
      const last = repos.captchas.find(target.countryCode, target.phone);
      if (last && now - last.sentAt < CAPTCHA_RESEND_MS) throw tooSoon();
      const code = String(randomInt(0, 10_000)).padStart(4, '0');
      repos.captchas.prune(now);
      repos.captchas.put({ ...target, code, sentAt: now, expiresAt: now + CAPTCHA_TTL_MS });
      try {
        await send({ ...target, code, text: smsText(code) });
      } catch {
        // Not delivered: the person may ask again at once.
        repos.captchas.remove(target.countryCode, target.phone);
        throw new ApiError(500, '验证码发送失败，请稍后再试');
      }
      return { code: 200 as const, data: true };
    },

    /** Checks a code without using it up (registration after this still needs it). */
    verify(target: Phone, captcha: string) {
      check(target, captcha);
      return { code: 200 as const, data: true };
    },

    /** Checks a code and uses it up: one code, one registration or login. */
    consume(target: Phone, captcha: string): void {
      check(target, captcha);
      repos.captchas.remove(target.countryCode, target.phone);
    },
  };
}
export type CaptchaService = ReturnType<typeof createCaptchaService>;
