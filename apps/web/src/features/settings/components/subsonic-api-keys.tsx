import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ApiResult } from '../../../lib/api.ts';
import { HttpError } from '../../../lib/http.ts';
import { Button } from '../../../components/button.tsx';
import styles from '../../../components/setting-form.module.css';
import { settingsKeys } from '../api/keys.ts';
import { subsonicApiKeysQuery } from '../api/subsonic.ts';
import keyStyles from './subsonic-api-keys.module.css';

/** One of the logged-in user's API keys as the server lists it (never the key itself). */
type ApiKeyItem = ApiResult<'/subsonic/keys'>['data'][number];
type MadeKey = ApiResult<'/subsonic/keys/create'>['data'];

const errorText = (err: unknown) => (err instanceof HttpError && err.msg ? err.msg : '操作失败，请稍后重试');
const when = (ms: number) => new Date(ms).toLocaleString('zh-CN');

/**
 * OpenSubsonic API keys (docs/decisions/0033): for Subsonic apps that log in with a key alone.
 * Several, each named after its app or device; a new key is shown once, here, and any can be
 * revoked (the app using it is then refused).
 */
export function SubsonicApiKeys() {
  const client = useQueryClient();
  const query = useQuery(subsonicApiKeysQuery());
  const keys: readonly ApiKeyItem[] | null = query.data ?? null;
  /** an action the server refused; else a failed load */
  const [failed, setFailed] = useState<string | null>(null);
  const error = failed ?? (query.isError ? errorText(query.error) : null);
  const [name, setName] = useState('');
  const [made, setMade] = useState<MadeKey | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setFailed(null);
    try {
      await work();
      void client.invalidateQueries({ queryKey: settingsKeys.subsonicApiKeys() });
    } catch (err) {
      setFailed(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const create = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      setMade((await api('/subsonic/keys/create', { name: name.trim() }, { method: 'POST' })).data);
      setName('');
    });
  };

  const revoke = (key: ApiKeyItem) =>
    void run(async () => {
      await api('/subsonic/keys/revoke', { id: key.id }, { method: 'POST' });
      if (made?.id === key.id) setMade(null);
    });

  return (
    <div className={styles.field} data-testid="subsonic-api-keys">
      <span className={styles.label}>API 密钥</span>
      <div>
        <p className={styles.hint}>支持 API 密钥的客户端只需填写服务器地址和密钥。每个客户端可以使用单独的密钥，不用时随时撤销。</p>
        <form className={styles.inline} onSubmit={create}>
          <input
            className={styles.input}
            aria-label="API 密钥名称"
            placeholder="名称，例如：客厅的 DSub"
            maxLength={40}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <Button type="submit" variant="secondary" disabled={busy || name.trim() === ''}>
            新建 API 密钥
          </Button>
        </form>
        {made ? (
          <p className={styles.lead} data-testid="subsonic-api-key">
            {made.name}：<code>{made.key}</code>（请立即复制到客户端，离开此页后不再显示）
          </p>
        ) : null}
        {error ? (
          <p className={styles.hint} role="alert">
            {error}
          </p>
        ) : null}
        {keys === null ? null : keys.length === 0 ? (
          <p className={styles.hint}>还没有 API 密钥</p>
        ) : (
          <table className={keyStyles.table}>
            <thead>
              <tr>
                <th scope="col">名称</th>
                <th scope="col">创建时间</th>
                <th scope="col">最近使用</th>
                <th scope="col">操作</th>
              </tr>
            </thead>
            <tbody>
              {keys.map((key) => (
                <tr key={key.id}>
                  <td className={keyStyles.name}>{key.name}</td>
                  <td>{when(key.createdAt)}</td>
                  <td>{key.lastUsedAt === null ? '从未使用' : when(key.lastUsedAt)}</td>
                  <td>
                    <Button variant="secondary" disabled={busy} aria-label={`撤销 ${key.name}`} onClick={() => revoke(key)}>
                      撤销
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </div>
  );
}
