import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyList } from '../../../components/empty-list.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { HttpError } from '../../../lib/http.ts';
import { fetchPlayRecord } from '../api/user.ts';
import styles from './play-ranking.module.css';
import { accountKeys } from '../api/keys.ts';

const TABS = [
  { type: 1, label: '最近一周' },
  { type: 0, label: '所有时间' },
] as const;

/** 听歌排行 (/user/record): 最近一周 / 所有时间, a double-click plays a song. */
export function PlayRanking({ uid, title, onPlaySong }: { uid: number; title: string; onPlaySong: (id: number) => void }) {
  const [type, setType] = useState<0 | 1>(1);
  const q = useQuery({
    queryKey: accountKeys.playRecord(uid, type),
    queryFn: ({ signal }) => fetchPlayRecord(uid, type, signal),
    retry: false,
  });
  const records = (type === 1 ? q.data?.weekData : q.data?.allData) ?? [];
  const top = records[0]?.playCount || 1;
  const hidden = q.error instanceof HttpError && q.error.code === -2;
  return (
    <section className={styles.ranking} aria-label={title} data-testid="play-ranking">
      <div className={styles.head}>
        <h2 className={styles.title}>{title}</h2>
        <div className={styles.tabs} role="tablist">
          {TABS.map((t) => (
            <button
              key={t.type}
              type="button"
              role="tab"
              aria-selected={type === t.type}
              className={styles.tab}
              onClick={() => setType(t.type)}
            >
              {t.label}
            </button>
          ))}
        </div>
      </div>
      {hidden ? (
        <EmptyList text="由于对方设置，你不能查看其听歌排行" />
      ) : q.isError ? (
        <LoadError onRetry={() => void q.refetch()} />
      ) : q.isPending ? null : records.length === 0 ? (
        <EmptyList text="暂无听歌记录" />
      ) : (
        <ol className={styles.list}>
          {records.map((r, i) => (
            <li key={r.song.id} className={styles.row} onDoubleClick={() => onPlaySong(r.song.id)} data-testid="ranking-row">
              <span className={styles.index}>{i + 1}</span>
              <span className={styles.name}>
                {r.song.name}
                <span className={styles.artist}> - {(r.song.ar ?? []).map((a) => a.name).join(' / ')}</span>
              </span>
              <span className={styles.bar} style={{ width: `${Math.max(4, (r.playCount / top) * 100) * 0.6}%` }} aria-hidden="true" />
              <span className={styles.count}>{r.playCount}次</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
