import { useEffect, useState } from 'react';
import { CloseIcon, LogoIcon } from '../../../components/icons.tsx';
import { useAuthStore } from '../auth.store.ts';
import type { LoginMode } from '../login-rules.ts';
import { LoginForm } from './login-form.tsx';
import styles from './login-dialog.module.css';

/**
 * The login view, shown whenever the auth store's `show` flag is set (the route guard, the
 * collect flow, the daily-songs card, a 301 reply): phone or email login, or 注册.
 */
export function LoginDialog() {
  const show = useAuthStore((s) => s.show);
  const setShow = useAuthStore((s) => s.setShow);
  const [mode, setMode] = useState<LoginMode>('phone');

  // Each opening starts at 手机号登录 (a finished registration must not greet the next login).
  useEffect(() => {
    if (!show) setMode('phone');
  }, [show]);

  useEffect(() => {
    if (!show) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setShow(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [show, setShow]);

  if (!show) return null;
  return (
    <div className={styles.backdrop} onMouseDown={(e) => e.target === e.currentTarget && setShow(false)}>
      <div className={styles.dialog} role="dialog" aria-modal="true" aria-labelledby="login-title" data-testid="login-view">
        <button type="button" className={styles.close} aria-label="关闭" onClick={() => setShow(false)}>
          <CloseIcon size={18} />
        </button>
        <LogoIcon size={56} className={styles.logo} />
        <h2 id="login-title" className={styles.title}>
          {mode === 'register' ? '注册' : '登录'}
        </h2>
        <p className={styles.lead}>{mode === 'register' ? '用手机号注册一个新账号' : '登录后同步你的歌单与每日推荐'}</p>
        <LoginForm mode={mode} onMode={setMode} />
      </div>
    </div>
  );
}
