import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ApiResult } from '../../../lib/api.ts';
import { HttpError } from '../../../lib/http.ts';
import { Button } from '../../../components/button.tsx';
import styles from '../../../components/setting-form.module.css';
import { settingsKeys } from '../api/keys.ts';
import { subsonicPasswordQuery } from '../api/subsonic.ts';
import { SubsonicApiKeys } from './subsonic-api-keys.tsx';

/** The server's answers about the logged-in user's Subsonic app password (docs/decisions/0022). */
type MadePassword = ApiResult<'/subsonic/password'>['data'];

const errorText = (err: unknown) => (err instanceof HttpError && err.msg ? err.msg : '操作失败，请稍后重试');

/**
 * Subsonic: the app password Subsonic apps (DSub, Symfonium, feishin…) log in with — made here and
 * shown once, revocable; the login password never works there. Server address: this page's origin.
 */
export function SubsonicSettings() {
  const client = useQueryClient();
  const query = useQuery(subsonicPasswordQuery());
  const [made, setMade] = useState<MadePassword | null>(null);
  const [busy, setBusy] = useState(false);
  /** an action the server refused: shown instead of the page */
  const [failed, setFailed] = useState<string | null>(null);

  const act = async (path: '/subsonic/password' | '/subsonic/password/revoke') => {
    setBusy(true);
    try {
      if (path === '/subsonic/password') setMade((await api(path, {}, { method: 'POST' })).data);
      else {
        await api(path, {}, { method: 'POST' });
        setMade(null);
      }
      void client.invalidateQueries({ queryKey: settingsKeys.subsonicPassword() });
    } catch (err) {
      setFailed(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const text = failed ?? (query.isError && !(query.error instanceof HttpError && query.error.code === 301) ? errorText(query.error) : null);
  if (text !== null)
    return (
      <p className={styles.lead} role="alert">
        {text}
      </p>
    );
  if (query.isPending) return <p className={styles.lead}>加载中…</p>;
  if (query.isError) return <p className={styles.lead}>登录后可以生成 Subsonic 应用密码，在手机和其他播放器上收听你的音乐库。</p>;
  const status = query.data;
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
            <Button variant="secondary" disabled={busy} onClick={() => void act('/subsonic/password')}>
              {status.exists ? '重新生成' : '生成应用密码'}
            </Button>
            {status.exists ? (
              <Button variant="secondary" disabled={busy} onClick={() => void act('/subsonic/password/revoke')}>
                撤销
              </Button>
            ) : null}
          </div>
        </div>
      </div>
      <SubsonicApiKeys />
    </div>
  );
}
