import { useState, type FormEvent } from 'react';
import { loginByEmail, loginByPhone, loginErrorText, registerByPhone, sendCaptcha } from '../api/account.ts';
import { useCountdown } from '../hooks/use-countdown.ts';
import { validateLogin, isPhone, type LoginFields, type LoginMode } from '../login-rules.ts';
import { completeLogin } from '../session.ts';
import { QrLogin } from './qr-login.tsx';
import styles from './login-dialog.module.css';

const TAB_NAMES = { phone: '手机号登录', email: '邮箱登录', qr: '扫码登录' } as const;

const EMPTY: LoginFields = { phone: '', email: '', password: '', captcha: '', nickname: '' };

/**
 * The login view's form: 手机号登录 / 邮箱登录 tabs, and 注册 (phone → 获取验证码 → code,
 * password, nickname). Every server failure stays in the dialog as words.
 */
export function LoginForm({ mode, onMode }: { mode: LoginMode; onMode: (mode: LoginMode) => void }) {
  const [fields, setFields] = useState<LoginFields>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [captchaSent, setCaptchaSent] = useState(false);
  const countdown = useCountdown();

  const set = (key: keyof LoginFields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [key]: e.target.value }));

  const switchMode = (next: LoginMode) => {
    setError(null);
    onMode(next);
  };

  const askCaptcha = async () => {
    if (!isPhone(fields.phone)) return setError('请输入11位手机号');
    setError(null);
    try {
      await sendCaptcha(fields.phone.trim());
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
    setBusy(true);
    try {
      const phone = fields.phone.trim();
      const response =
        mode === 'email'
          ? await loginByEmail(fields.email.trim(), fields.password)
          : mode === 'phone'
            ? await loginByPhone(phone, fields.password)
            : await registerByPhone({ phone, captcha: fields.captcha.trim(), password: fields.password, nickname: fields.nickname.trim() });
      await completeLogin(response);
      setFields(EMPTY);
    } catch (err) {
      setError(loginErrorText(err));
    } finally {
      setBusy(false);
    }
  };

  const register = mode === 'register';
  const tabs = register ? null : (
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
      {register ? (
        <div className={styles.captchaRow}>
          <input
            className={styles.input}
            inputMode="numeric"
            placeholder="验证码"
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
        placeholder={register ? '设置登录密码（6-64位）' : '密码'}
        aria-label="密码"
        autoComplete={register ? 'new-password' : 'current-password'}
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
      <button type="submit" className={styles.primary} disabled={busy} aria-busy={busy}>
        {busy ? (register ? '注册中…' : '登录中…') : register ? '注册' : '登录'}
      </button>
      <button type="button" className={styles.link} onClick={() => switchMode(register ? 'phone' : 'register')}>
        {register ? '已有账号，返回登录' : '没有账号？注册'}
      </button>
    </form>
  );
}
