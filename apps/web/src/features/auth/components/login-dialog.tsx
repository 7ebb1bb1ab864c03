import { lazy, Suspense, useEffect, useState } from 'react';
import { Dialog } from '../../../components/dialog.tsx';
import { LogoIcon } from '../../../components/icons.tsx';
import { useAuthStore } from '../auth.store.ts';
import type { LoginMode } from '../login-rules.ts';
import styles from './login-dialog.module.css';

/** The form (with its hashing and QR code) loads the first time the login view opens, not with the first screen. */
const LoginForm = lazy(() => import('./login-form.tsx').then((m) => ({ default: m.LoginForm })));

const LOGIN: [string, string] = ['登录', '登录后同步你的歌单与每日推荐'];
/** The title and the line under it, per mode. */
const HEADINGS: Record<LoginMode, [string, string]> = {
  phone: LOGIN,
  email: LOGIN,
  qr: LOGIN,
  register: ['注册', '用手机号注册一个新账号'],
  reset: ['重置密码', '设置新密码后，所有设备需重新登录'],
};

/**
 * The login view, shown whenever the auth store's `show` flag is set (the route guard, the
 * collect flow, the daily-songs card, a 301 reply): phone or email login, 注册, or 忘记密码 (重置密码).
 */
export function LoginDialog() {
  const show = useAuthStore((s) => s.show);
  const setShow = useAuthStore((s) => s.setShow);
  const [mode, setMode] = useState<LoginMode>('phone');

  // Each opening starts at 手机号登录 (a finished registration must not greet the next login).
  useEffect(() => {
    if (!show) setMode('phone');
  }, [show]);

  if (!show) return null;
  return (
    <Dialog
      layout="centred"
      title={HEADINGS[mode][0]}
      lead={HEADINGS[mode][1]}
      mark={<LogoIcon size={56} className={styles.logo} />}
      width={360}
      testId="login-view"
      onClose={() => setShow(false)}
    >
      <Suspense fallback={<div className={styles.formLoading} aria-busy="true" aria-label="加载中" />}>
        <LoginForm mode={mode} onMode={setMode} />
      </Suspense>
    </Dialog>
  );
}
