import { useCallback, useEffect, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { fetchLoginStatus, loginErrorText } from '../api/account.ts';
import { checkQr, newQrCode, type QrState } from '../api/qr.ts';
import { completeLogin } from '../session.ts';
import styles from './login-dialog.module.css';

/** How often the QR's state is asked for while the dialog shows it. */
const POLL_MS = 1500;

const WORDS: Record<QrState, string> = {
  waiting: '请用已登录 Cloudtune 的设备扫码，或在该设备上打开下方链接',
  scanned: '已扫码，请在该设备上确认登录',
  expired: '二维码已过期',
  approved: '登录成功',
};

/**
 * 扫码登录: the QR of a new key; another device where the user is logged in opens it (the
 * server's approval page) and approves; this browser then gets its own session.
 */
export function QrLogin() {
  const [qr, setQr] = useState<{ key: string; qrurl: string; qrimg: string } | null>(null);
  const [state, setState] = useState<QrState>('waiting');
  const [error, setError] = useState<string | null>(null);

  const refresh = useCallback(() => {
    setError(null);
    setState('waiting');
    setQr(null);
    newQrCode().then(setQr, (err: unknown) => setError(loginErrorText(err)));
  }, []);

  useEffect(refresh, [refresh]);

  useEffect(() => {
    if (!qr || state === 'expired' || state === 'approved') return;
    let stopped = false;
    const timer = setInterval(() => {
      checkQr(qr.key).then(
        async (next) => {
          if (stopped) return;
          setState(next);
          if (next !== 'approved') return;
          const { account, profile } = await fetchLoginStatus();
          if (account && profile) await completeLogin({ account, profile });
        },
        (err: unknown) => !stopped && setError(loginErrorText(err)),
      );
    }, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [qr, state]);

  return (
    <div className={styles.form} data-testid="qr-login">
      {qr ? (
        <img className={styles.qr} src={qr.qrimg} alt="登录二维码" width={200} height={200} />
      ) : (
        <div className={styles.qr} aria-busy="true" />
      )}
      <p className={styles.status} role="status" data-state={state}>
        {WORDS[state]}
      </p>
      {qr && state !== 'expired' ? (
        <a className={`${styles.link} ${styles.qrUrl}`} href={qr.qrurl} target="_blank" rel="noreferrer" data-testid="qr-url">
          {qr.qrurl}
        </a>
      ) : null}
      {state === 'expired' ? (
        <Button variant="primary" size="lg" onClick={refresh}>
          刷新二维码
        </Button>
      ) : null}
      <p className={styles.error} role="alert" aria-live="assertive">
        {error ?? ''}
      </p>
    </div>
  );
}
