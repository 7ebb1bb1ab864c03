import { ApiError } from '../../errors.ts';
import type { LoginRefusal } from '../login-limits.ts';

/** NetEase's account error codes, worded as its clients show them. */
export const noSuchAccount = (): ApiError => new ApiError(501, '账号不存在');
/** 502 is answered with HTTP 200, as the reference server does. */
export const wrongPassword = (msg = '密码错误'): ApiError => new ApiError(502, msg);
/** A disabled account (the demo account outside demo mode): no way in, whatever the credentials. */
export const accountDisabled = (): ApiError => new ApiError(403, '该账号已停用');
export const nicknameTaken = (): ApiError => new ApiError(505, '昵称已被占用');
/** Registering a phone that has an account: 505, NetEase's "already taken" at registration; the code is left unused. */
export const phoneTaken = (): ApiError => new ApiError(505, '该手机号已注册，请直接登录或重置密码');

/** Whole seconds to wait, at least 1 (Retry-After). */
export const retrySeconds = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));

/** `30秒`, `15分钟`, `24小时`: how long to wait, rounded up, as the message says it. */
export function waitText(ms: number): string {
  const s = retrySeconds(ms);
  if (s < 60) return `${s}秒`;
  if (s < 3600) return `${Math.ceil(s / 60)}分钟`;
  return `${Math.ceil(s / 3600)}小时`;
}

/**
 * A refused login or code check (services/login-limits.ts): 509, NetEase's "too many failures",
 * with the wait in the message, `retryAfter` and the Retry-After header.
 */
export function tooManyFailures(refusal: LoginRefusal, checking: 'password' | 'captcha'): ApiError {
  const wait = waitText(refusal.retryAfterMs);
  const msg =
    refusal.rule === 'phone'
      ? `该手机号验证码错误次数过多，请${wait}后再试`
      : checking === 'password'
        ? `密码错误次数过多，请${wait}后再试`
        : `尝试次数过多，请${wait}后再试`;
  return new ApiError(509, msg, retrySeconds(refusal.retryAfterMs));
}
