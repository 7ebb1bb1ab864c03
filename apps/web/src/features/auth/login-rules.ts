/**
 * What the login view checks before it asks the server (the server checks again and its
 * words win): a mainland mobile number, an email, a password of 6–64 characters, a 6-digit code.
 */
export type LoginMode = 'phone' | 'email' | 'qr' | 'register' | 'reset';

export const isPhone = (v: string) => /^1\d{10}$/.test(v.trim());
export const isEmail = (v: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim());
export const isPassword = (v: string) => v.length >= 6 && v.length <= 64;
/** The server's SMS codes have 6 digits. */
export const CAPTCHA_LENGTH = 6;
export const isCaptcha = (v: string) => new RegExp(`^\\d{${CAPTCHA_LENGTH}}$`).test(v.trim());

export interface LoginFields {
  phone: string;
  email: string;
  password: string;
  captcha: string;
  nickname: string;
}

/** The first problem with the fields for `mode`, in the words the view shows; null when they can be sent. */
export function validateLogin(mode: LoginMode, f: LoginFields): string | null {
  if (mode === 'email') {
    if (!isEmail(f.email)) return '请输入正确的邮箱';
  } else if (!isPhone(f.phone)) return '请输入11位手机号';
  if ((mode === 'register' || mode === 'reset') && !isCaptcha(f.captcha)) return '请输入6位验证码';
  if (!isPassword(f.password)) return mode === 'reset' ? '新密码为6-64位' : '密码为6-64位';
  return null;
}
