import { describe, expect, it } from 'vitest';
import { hashPassword } from './api/account.ts';
import { validateLogin, type LoginFields } from './login-rules.ts';

const fields = (f: Partial<LoginFields>): LoginFields => ({ phone: '', email: '', password: '', captcha: '', nickname: '', ...f });

describe('login view rules', () => {
  it('phone login needs an 11-digit mobile number and a 6–64 character password', () => {
    expect(validateLogin('phone', fields({ phone: '1380000', password: 'cloudtune' }))).toBe('请输入11位手机号');
    expect(validateLogin('phone', fields({ phone: '13800000000', password: '12345' }))).toBe('密码为6-64位');
    expect(validateLogin('phone', fields({ phone: ' 13800000000 ', password: 'cloudtune' }))).toBeNull();
  });

  it('email login needs an email, not a phone', () => {
    expect(validateLogin('email', fields({ phone: '13800000000', password: 'cloudtune' }))).toBe('请输入正确的邮箱');
    expect(validateLogin('email', fields({ email: 'demo@cloudtune.local', password: 'cloudtune' }))).toBeNull();
  });

  it('registration also needs the 6-digit code; the nickname may be empty', () => {
    const f = fields({ phone: '13900000001', password: 'secret1' });
    expect(validateLogin('register', f)).toBe('请输入6位验证码');
    expect(validateLogin('register', { ...f, captcha: '12ab56' })).toBe('请输入6位验证码');
    expect(validateLogin('register', { ...f, captcha: '1234' })).toBe('请输入6位验证码');
    expect(validateLogin('register', { ...f, captcha: '123456' })).toBeNull();
  });

  it('a password reset needs the phone, the 6-digit code and a new password of 6–64 characters', () => {
    const f = fields({ phone: '13900000001', captcha: '123456' });
    expect(validateLogin('reset', { ...f, phone: '139' })).toBe('请输入11位手机号');
    expect(validateLogin('reset', { ...f, captcha: '' })).toBe('请输入6位验证码');
    expect(validateLogin('reset', f)).toBe('新密码为6-64位');
    expect(validateLogin('reset', { ...f, password: 'new-secret' })).toBeNull();
  });

  it('the password is sent as its MD5', async () => {
    expect(await hashPassword('123456')).toBe('e10adc3949ba59abbe56e057f20f883e');
  });
});
