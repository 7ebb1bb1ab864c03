import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { openLoginView, useAuthStore } from '../features/auth/index.ts';
import { authApplies } from './auth-guard.ts';
import type { RouteEntry } from './route-table.ts';
import styles from './pages/pages.module.css';

/**
 * An auth page opened logged out (a cold start, a reload after the session ended, a logout on
 * the page): the URL stays and a 登录 prompt stands in for the page until someone logs in.
 */
export function AuthGate({ auth, children }: { auth: RouteEntry['auth']; children: ReactNode }) {
  const params = useParams();
  const loggedIn = useAuthStore((s) => s.user !== null);
  if (loggedIn || !authApplies(auth, params)) return children;
  return (
    <div className={styles.page} data-testid="auth-gate">
      <div className={styles.gate}>
        <p>登录后查看此页面</p>
        <button type="button" className={styles.gateButton} onClick={openLoginView}>
          立即登录
        </button>
      </div>
    </div>
  );
}
