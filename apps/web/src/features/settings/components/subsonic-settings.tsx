import { useCallback, useEffect, useState } from 'react';
import { api, type ApiResult } from '../../../lib/api.ts';
import { HttpError } from '../../../lib/http.ts';
import styles from '../../../components/setting-form.module.css';
import { SubsonicApiKeys } from './subsonic-api-keys.tsx';

/** The server's answers about the logged-in user's Subsonic app password (docs/decisions/0022). */
type PasswordStatus = ApiResult<'/subsonic/password/status'>['data'];
type MadePassword = ApiResult<'/subsonic/password'>['data'];

type View = { kind: 'loading' } | { kind: 'logged-out' } | { kind: 'ready'; status: PasswordStatus } | { kind: 'error'; text: string };

const errorText = (err: unknown) => (err instanceof HttpError && err.msg ? err.msg : '操作失败，请稍后重试');

/**
 * Subsonic: the app password Subsonic apps (DSub, Symfonium, feishin…) log in with — made here and
 * shown once, revocable; the login password never works there. Server address: this page's origin.
 */
export function SubsonicSettings() {
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [made, setMade] = useState<MadePassword | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    api('/subsonic/password/status').then(
      ({ data }) => setView({ kind: 'ready', status: data }),
      (err: unknown) =>
        setView(err instanceof HttpError && err.code === 301 ? { kind: 'logged-out' } : { kind: 'error', text: errorText(err) }),
    );
  }, []);
  useEffect(load, [load]);

  const act = async (path: '/subsonic/password' | '/subsonic/password/revoke') => {
    setBusy(true);
    try {
      if (path === '/subsonic/password') setMade((await api(path, {}, { method: 'POST' })).data);
      else {
        await api(path, {}, { method: 'POST' });
        setMade(null);
      }
      load();
    } catch (err) {
      setView({ kind: 'error', text: errorText(err) });
    } finally {
      setBusy(false);
    }
  };

  if (view.kind === 'loading') return <p className={styles.lead}>加载中…</p>;
  if (view.kind === 'logged-out')
    return <p className={styles.lead}>登录后可以生成 Subsonic 应用密码，在手机和其他播放器上收听你的音乐库。</p>;
  if (view.kind === 'error')
    return (
      <p className={styles.lead} role="alert">
        {view.text}
      </p>
    );
  const { status } = view;
  return (
    <div data-testid="subsonic-settings">
      <p className={styles.lead}>
        在 Subsonic 客户端（DSub、Symfonium、feishin 等）中填写服务器 {location.origin}、用户名 {status.username}
        和应用密码。应用密码只在生成时显示一次；登录密码不能用于 Subsonic。
      </p>
      <div className={styles.field}>
        <span className={styles.label}>应用密码</span>
        <div>
          {made ? (
            <p className={styles.lead} data-testid="subsonic-password">
              <code>{made.password}</code>（请立即填入客户端，离开此页后不再显示）
            </p>
          ) : (
            <p className={styles.hint}>
              {status.exists ? `已生成（${new Date(status.createdAt!).toLocaleString('zh-CN')}）` : '尚未生成应用密码'}
            </p>
          )}
          <div className={styles.inline}>
            <button type="button" className={styles.button} disabled={busy} onClick={() => void act('/subsonic/password')}>
              {status.exists ? '重新生成' : '生成应用密码'}
            </button>
            {status.exists ? (
              <button type="button" className={styles.button} disabled={busy} onClick={() => void act('/subsonic/password/revoke')}>
                撤销
              </button>
            ) : null}
          </div>
        </div>
      </div>
      <SubsonicApiKeys />
    </div>
  );
}
