import { HttpError } from '../../../lib/http.ts';
import { api, type ApiResult } from '../../../lib/api.ts';

/** What a login or registration answers. */
export type LoginResponse = ApiResult<'/login'>;

/**
 * The account calls of the login view and the user menu. Passwords never leave the
 * client in the clear on login: they are MD5'd here and sent as `md5_password`, as NetEase
 * clients do. Registration sends the password itself (the server MD5s it the same way).
 */
export const hashPassword = async (password: string): Promise<string> => (await import('js-md5')).md5(password);

export const loginByPhone = async (phone: string, password: string) =>
  api('/login/cellphone', { phone, md5_password: await hashPassword(password) });

export const loginByEmail = async (email: string, password: string) => api('/login', { email, md5_password: await hashPassword(password) });

/** `reset` asks for a code that only /password/reset takes (its SMS says so); `login` for logging in or registering. */
export const sendCaptcha = (phone: string, purpose: 'login' | 'reset' = 'login') => api('/captcha/sent', { phone, purpose });

/** A new password with a reset code: a POST form, so the password stays out of the URL. Every session of the account ends. */
export const resetPassword = (v: { phone: string; captcha: string; password: string }) =>
  api('/password/reset', v, { method: 'POST', paramsInBody: true });

export const registerByPhone = (v: { phone: string; captcha: string; password: string; nickname: string }) => api('/register/cellphone', v);

export const logoutOnServer = () => api('/logout');

/** Who the server thinks is logged in (null: nobody, the session cookie has expired or was ended). */
export async function fetchLoginStatus(): Promise<ApiResult<'/login/status'>['data']> {
  const { data } = await api('/login/status');
  return data;
}

/**
 * 签到 (type 1: the PC/web sign-in). Already signed today (code −2) counts as signed
 *: both resolve to true.
 */
export async function dailySignin(): Promise<true> {
  try {
    await api('/daily_signin', { type: 1 }, { auth: true });
  } catch (error) {
    if (!(error instanceof HttpError && error.code === -2)) throw error;
  }
  return true;
}

/** The server's failure in words for the login view (leaves them to us; the server's codes are NetEase's). */
export function loginErrorText(error: unknown): string {
  if (error instanceof HttpError) {
    switch (error.code) {
      case 501:
        return '账号不存在';
      case 502:
        return '密码错误';
      // The server's words say how long to wait.
      case 509:
        return error.msg ?? '错误次数过多，请稍后再试';
      case 503:
        return '验证码错误';
      case 405:
        return error.msg ?? '验证码发送太频繁，请稍后再试';
      case 408:
        return '请求超时，请重试';
      default:
        return error.msg ?? `请求失败（${error.code}）`;
    }
  }
  return '网络错误，请重试';
}
