import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { loginByEmail, loginByPhone, loginErrorText, registerByPhone, resetPassword, sendCaptcha } from '../api/account.ts';
import { useCountdown } from '../hooks/use-countdown.ts';
import { CAPTCHA_LENGTH, validateLogin, isPhone, type LoginFields, type LoginMode } from '../login-rules.ts';
import { completeLogin } from '../session.ts';
import { QrLogin } from './qr-login.tsx';
import styles from './login-dialog.module.css';

const TAB_NAMES = { phone: '手机号登录', email: '邮箱登录', qr: '扫码登录' } as const;

const EMPTY: LoginFields = { phone: '', email: '', password: '', captcha: '', nickname: '' };

/** What the submit button says in each mode, idle and busy. */
const SUBMIT: Record<LoginMode, [string, string]> = {
  phone: ['登录', '登录中…'],
  email: ['登录', '登录中…'],
  qr: ['登录', '登录中…'],
  register: ['注册', '注册中…'],
  reset: ['重置密码', '重置中…'],
};

/**
 * The login view's form: 手机号登录 / 邮箱登录 tabs, 注册 (phone → 获取验证码 → code, password,
 * nickname) and 忘记密码 (phone → 获取验证码 for a reset → code, new password → 重置密码, then
 * back to 手机号登录 with the phone filled in and a word that it worked). Every server failure
 * stays in the dialog as words.
 */
export function LoginForm({ mode, onMode }: { mode: LoginMode; onMode: (mode: LoginMode) => void }) {
  const [fields, setFields] = useState<LoginFields>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [captchaSent, setCaptchaSent] = useState(false);
  const countdown = useCountdown();

  const set = (key: keyof LoginFields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [key]: e.target.value }));

  const switchMode = (next: LoginMode) => {
    setError(null);
    setNotice(null);
    onMode(next);
  };

  const askCaptcha = async () => {
    if (!isPhone(fields.phone)) return setError('请输入11位手机号');
    setError(null);
    try {
      await sendCaptcha(fields.phone.trim(), mode === 'reset' ? 'reset' : 'login');
      setCaptchaSent(true);
      countdown.start();
    } catch (e) {
      setError(loginErrorText(e));
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = validateLogin(mode, fields);
    if (problem) return setError(problem);
    setError(null);
    setNotice(null);
    setBusy(true);
    try {
      const phone = fields.phone.trim();
      const captcha = fields.captcha.trim();
      if (mode === 'reset') {
        await resetPassword({ phone, captcha, password: fields.password });
        setFields({ ...EMPTY, phone });
        setCaptchaSent(false);
        onMode('phone');
        setNotice('密码已重置，请用新密码登录');
        return;
      }
      const response =
        mode === 'email'
          ? await loginByEmail(fields.email.trim(), fields.password)
          : mode === 'phone'
            ? await loginByPhone(phone, fields.password)
            : await registerByPhone({ phone, captcha, password: fields.password, nickname: fields.nickname.trim() });
      await completeLogin(response);
      setFields(EMPTY);
    } catch (err) {
      setError(loginErrorText(err));
    } finally {
      setBusy(false);
    }
  };

  const register = mode === 'register';
  const reset = mode === 'reset';
  const byCode = register || reset;
  const tabs = byCode ? null : (
    <div className={styles.tabs} role="tablist" aria-label="登录方式">
      {(['phone', 'email', 'qr'] as const).map((m) => (
        <button key={m} type="button" role="tab" aria-selected={mode === m} className={styles.tab} onClick={() => switchMode(m)}>
          {TAB_NAMES[m]}
        </button>
      ))}
    </div>
  );
  if (mode === 'qr') {
    return (
      <>
        {tabs}
        <QrLogin />
      </>
    );
  }
  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
      {tabs}
      {mode === 'email' ? (
        <input
          className={styles.input}
          type="email"
          placeholder="邮箱"
          aria-label="邮箱"
          autoComplete="email"
          value={fields.email}
          onChange={set('email')}
        />
      ) : (
        <input
          className={styles.input}
          type="tel"
          inputMode="numeric"
          placeholder="手机号"
          aria-label="手机号"
          autoComplete="tel"
          value={fields.phone}
          onChange={set('phone')}
        />
      )}
      {byCode ? (
        <div className={styles.captchaRow}>
          <input
            className={styles.input}
            inputMode="numeric"
            maxLength={CAPTCHA_LENGTH}
            placeholder={`${CAPTCHA_LENGTH}位验证码`}
            aria-label="验证码"
            autoComplete="one-time-code"
            value={fields.captcha}
            onChange={set('captcha')}
          />
          <button type="button" className={styles.secondary} disabled={countdown.left > 0} onClick={() => void askCaptcha()}>
            {countdown.left > 0 ? `${countdown.left}s` : captchaSent ? '重新获取' : '获取验证码'}
          </button>
        </div>
      ) : null}
      <input
        className={styles.input}
        type="password"
        placeholder={register ? '设置登录密码（6-64位）' : reset ? '新密码（6-64位）' : '密码'}
        aria-label={reset ? '新密码' : '密码'}
        autoComplete={byCode ? 'new-password' : 'current-password'}
        value={fields.password}
        onChange={set('password')}
      />
      {register ? (
        <input
          className={styles.input}
          placeholder="昵称（选填）"
          aria-label="昵称"
          autoComplete="nickname"
          value={fields.nickname}
          onChange={set('nickname')}
        />
      ) : null}
      <p className={styles.error} role="alert" aria-live="assertive">
        {error ?? ''}
      </p>
      {notice ? (
        <p className={styles.notice} role="status">
          {notice}
        </p>
      ) : null}
      <Button type="submit" variant="primary" size="lg" disabled={busy} loading={busy}>
        {SUBMIT[mode][busy ? 1 : 0]}
      </Button>
      {byCode ? (
        <Button variant="ghost" className={styles.link} onClick={() => switchMode('phone')}>
          {register ? '已有账号，返回登录' : '想起密码了，返回登录'}
        </Button>
      ) : (
        <div className={styles.links}>
          <Button variant="ghost" className={styles.link} onClick={() => switchMode('register')}>
            没有账号？注册
          </Button>
          {mode === 'phone' ? (
            <Button variant="ghost" className={styles.link} onClick={() => switchMode('reset')}>
              忘记密码？
            </Button>
          ) : null}
        </div>
      )}
    </form>
  );
}
