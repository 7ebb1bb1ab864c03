import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { PlayIcon, TrashIcon } from '../../../components/icons.tsx';
import { PlainTable, type PlainColumn } from '../../../components/plain-table.tsx';
import { formatSize } from '../../../lib/format.ts';
import { notify } from '../../../lib/notice.ts';
import { desktopBridge, isDesktop, platform as currentPlatform, type Platform } from '../../../lib/platform.ts';
import { deleteDownload, saveToDisk } from '../downloads.ts';
import { useDownloadsStore, type DownloadedSong } from '../downloads.store.ts';
import { storageEstimate } from '../offline-store.ts';
import { DownloadQueueList } from './download-queue-list.tsx';
import styles from './downloads.module.css';

const pad2 = (n: number) => String(n).padStart(2, '0');
/** dlt → `2026-11-23 18:05` */
export function formatDownloadTime(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())} ${pad2(d.getHours())}:${pad2(d.getMinutes())}`;
}

const names = (song: DownloadedSong) =>
  song.ar
    .map((a) => a.name)
    .filter(Boolean)
    .join(' / ');

/** Where the songs are: the download folder (desktop) or the browser's storage and its quota. */
function StorageLine({ platform }: { platform: Platform }) {
  const navigate = useNavigate();
  const [directory, setDirectory] = useState<string | null>(null);
  const [quota, setQuota] = useState<{ usage: number; quota: number } | null>(null);
  const count = useDownloadsStore((s) => s.songs.length);
  useEffect(() => {
    if (isDesktop(platform))
      void desktopBridge()
        ?.downloads?.getDirectory()
        .then(setDirectory, () => setDirectory(null));
    else void storageEstimate().then(setQuota, () => setQuota(null));
  }, [platform, count]);

  if (!isDesktop(platform)) {
    return (
      <p className={styles.storage} data-testid="download-storage">
        存储位置：浏览器离线存储
        {quota ? `（已用 ${formatSize(quota.usage)}，可用 ${formatSize(Math.max(0, quota.quota - quota.usage))}）` : ''}
      </p>
    );
  }
  const open = () =>
    directory &&
    desktopBridge()
      ?.openFolder?.(directory)
      .catch(() => notify({ kind: 'error', message: '目录不存在，下载一首歌曲后再试' }));
  return (
    <p className={styles.storage} data-testid="download-storage">
      存储目录：<span className={styles.path}>{directory ?? '…'}</span>
      <button type="button" className={styles.link} onClick={open} disabled={!directory}>
        打开目录
      </button>
      <button type="button" className={styles.link} onClick={() => void navigate('/setting/download')}>
        设置
      </button>
    </p>
  );
}

/** 已下载单曲: the downloaded songs (name, artist, album, size, download time), the queue above them. */
export function DownloadSongsPage({
  onPlay,
  playingId,
  platform = currentPlatform,
}: {
  onPlay: (songs: readonly DownloadedSong[], index: number) => void;
  playingId?: number | null;
  platform?: Platform;
}) {
  const songs = useDownloadsStore((s) => s.songs);
  const remove = (song: DownloadedSong) =>
    void deleteDownload(song).then(
      () => notify({ kind: 'success', message: `已删除《${song.name}》` }),
      (error: unknown) => notify({ kind: 'error', message: `删除失败：${(error as Error).message}` }),
    );
  const columns: PlainColumn<DownloadedSong>[] = [
    { title: '音乐标题', width: 'minmax(0, 2.2fr)', render: (s) => s.name },
    { title: '歌手', width: 'minmax(0, 1.2fr)', render: names },
    { title: '专辑', width: 'minmax(0, 1.2fr)', render: (s) => s.al.name ?? '' },
    { title: '大小', width: '80px', numeric: true, render: (s) => <span data-testid="download-size">{formatSize(s.size)}</span> },
    {
      title: '下载时间',
      width: '130px',
      numeric: true,
      render: (s) => <span data-testid="download-time">{formatDownloadTime(s.dlt)}</span>,
    },
    {
      title: '操作',
      width: isDesktop(platform) ? '48px' : '110px',
      render: (s) => (
        <span className={styles.actions}>
          {isDesktop(platform) ? null : (
            <button type="button" className={styles.link} onClick={() => void saveToDisk(s)}>
              保存到本地
            </button>
          )}
          <Button variant="icon" shape="square" size="xs" aria-label={`删除《${s.name}》`} title="删除" onClick={() => remove(s)}>
            <TrashIcon size={16} />
          </Button>
        </span>
      ),
    },
  ];
  return (
    <section className={styles.page} aria-label="已下载单曲">
      <div className={styles.toolbar}>
        <Button variant="primary" disabled={songs.length === 0} onClick={() => onPlay(songs, 0)}>
          <PlayIcon size={16} /> 播放全部
        </Button>
        <StorageLine platform={platform} />
      </div>
      <DownloadQueueList />
      <PlainTable
        label="已下载单曲"
        rows={songs}
        rowKey={(s) => s.id}
        columns={columns}
        onPlay={(_s, index) => onPlay(songs, index)}
        playingKey={playingId}
        rowTestId="download-row"
      />
    </section>
  );
}
