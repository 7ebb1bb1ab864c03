import { ApiError } from '../../errors.ts';

/** NetEase's account error codes, worded as its clients show them. */
export const noSuchAccount = (): ApiError => new ApiError(501, '账号不存在');
/** 502 is answered with HTTP 200, as the reference server does. */
export const wrongPassword = (msg = '密码错误'): ApiError => new ApiError(502, msg);
export const tooManyFailures = (): ApiError => new ApiError(509, '密码错误次数过多，请稍后再试');
/** A disabled account (the demo account outside demo mode): no way in, whatever the credentials. */
export const accountDisabled = (): ApiError => new ApiError(403, '该账号已停用');
export const nicknameTaken = (): ApiError => new ApiError(505, '昵称已被占用');
