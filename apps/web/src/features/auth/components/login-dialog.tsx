import { useEffect, type ReactNode } from 'react';
import { CloseIcon, LogoIcon } from '../../../components/icons.tsx';
import { useAuthStore } from '../auth.store.ts';
import styles from './login-dialog.module.css';

/**
 * The login view's frame, shown whenever the auth store's `show` flag is set (the route guard,
 * the collect flow, the daily-songs card, a 301 reply). The accounts issue fills in the form;
 * `children` is where it goes.
 */
export function LoginDialog({ children }: { children?: ReactNode }) {
  const show = useAuthStore((s) => s.show);
  const setShow = useAuthStore((s) => s.setShow);

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
          登录
        </h2>
        <p className={styles.lead}>登录后同步你的歌单与每日推荐</p>
        {children}
      </div>
    </div>
  );
}
