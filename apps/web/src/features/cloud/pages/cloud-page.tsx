import { useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Song } from '@cloudtune/contract';
import { ConfirmDialog } from '../../../components/dialog.tsx';
import { EmptyList } from '../../../components/empty-list.tsx';
import { CloudIcon, PlayIcon, SpeakerIcon, TrashIcon } from '../../../components/icons.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { formatSize } from '../../../lib/format.ts';
import { notify } from '../../../lib/notice.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { deleteCloudSong, useCloud } from '../api/cloud.ts';
import { cloudKeys } from '../api/keys.ts';
import { formatCapacity, mergeCloudList, playableSongs, type CloudRow } from '../cloud-list.ts';
import { useCloudUploads } from '../hooks/use-cloud-uploads.ts';
import styles from './cloud-page.module.css';

export interface CloudPageProps {
  playingId?: number | null;
  /** the app hands the drive's songs to the player */
  onPlay: (songs: readonly Song[], index: number) => void;
}

/** 音乐云盘 (/cloud, SPEC §2): space used, 上传歌曲 with progress, the table, double-click plays. */
export function CloudPage({ playingId, onPlay }: CloudPageProps) {
  useDocumentTitle('音乐云盘');
  const query = useCloud();
  const { uploads, uploading, uploadFiles } = useCloudUploads();
  const input = useRef<HTMLInputElement>(null);
  const [toDelete, setToDelete] = useState<CloudRow | null>(null);
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: number) => deleteCloudSong(id),
    onSuccess: async () => {
      setToDelete(null);
      notify({ kind: 'success', message: '删除成功' });
      await client.invalidateQueries({ queryKey: cloudKeys.list });
    },
    onError: (error) => notify({ kind: 'error', message: `删除失败：${(error as { msg?: string }).msg ?? error.message}` }),
  });

  const rows = useMemo(() => mergeCloudList(uploads, query.data?.data ?? []), [uploads, query.data]);
  const songs = useMemo(() => playableSongs(rows), [rows]);
  const play = (row: CloudRow) => {
    const index = songs.findIndex((s) => s.id === row.song?.id);
    if (index >= 0) onPlay(songs, index);
  };
  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    uploadFiles([...(e.target.files ?? [])]);
    e.target.value = ''; // the same file may be picked again later
  };

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>音乐云盘</h1>
        {query.data ? (
          <span className={styles.space} data-testid="cloud-space">
            云盘容量 {formatCapacity(Number(query.data.size))} / {formatCapacity(Number(query.data.maxSize))}
          </span>
        ) : null}
        {query.data ? (
          <meter
            className={styles.meter}
            min={0}
            max={Number(query.data.maxSize) || 1}
            value={Number(query.data.size)}
            aria-label="云盘已用空间"
          />
        ) : null}
      </header>
      <div className={styles.actions}>
        <button type="button" className={styles.primary} disabled={songs.length === 0} onClick={() => onPlay(songs, 0)}>
          <PlayIcon size={16} /> 播放全部
        </button>
        <button
          type="button"
          className={`${styles.upload} ${uploading ? styles.loading : ''}`}
          onClick={() => input.current?.click()}
          aria-busy={uploading}
        >
          <CloudIcon size={16} /> 上传歌曲
        </button>
        <input ref={input} type="file" name="songFile" accept="audio/*" multiple hidden onChange={pick} data-testid="cloud-file" />
      </div>

      {query.isPending ? (
        <Skeleton className={styles.skeleton} radius={8} />
      ) : query.isError ? (
        <LoadError onRetry={() => void query.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyList text="云盘里还没有歌曲，点击 上传歌曲 添加" />
      ) : (
        <div className={styles.table} role="table" aria-label="云盘歌曲">
          <div className={`${styles.row} ${styles.head}`} role="row">
            <span role="columnheader" />
            <span role="columnheader">音乐标题</span>
            <span role="columnheader">歌手</span>
            <span role="columnheader">专辑</span>
            <span role="columnheader">大小</span>
            <span role="columnheader">操作</span>
          </div>
          {rows.map((row, i) =>
            row.uid ? (
              <div key={row.uid} role="row" className={`${styles.row} ${styles.uploadingRow}`} data-testid="cloud-upload-row">
                <span role="cell" className={styles.index}>
                  {String(i + 1).padStart(2, '0')}
                </span>
                <span role="cell" className={styles.name} title={row.name}>
                  {row.name}
                </span>
                <span role="cell" className={styles.progressCell}>
                  <progress className={styles.progress} max={100} value={row.percent ?? 0} aria-label={`${row.name} 上传进度`} />
                  <span className={styles.percent}>{row.status === 'waiting' ? '等待上传' : `${row.percent ?? 0}%`}</span>
                </span>
                <span role="cell" className={styles.muted}>
                  {formatSize(row.size)}
                </span>
                <span role="cell" />
              </div>
            ) : (
              <div
                key={row.id}
                role="row"
                tabIndex={0}
                className={`${styles.row} ${i % 2 ? styles.odd : ''} ${row.song?.id === playingId ? styles.playing : ''}`}
                aria-current={row.song?.id === playingId ? 'true' : undefined}
                data-testid="cloud-row"
                data-song-id={row.id}
                onDoubleClick={() => play(row)}
                onKeyDown={(e) => e.key === 'Enter' && e.target === e.currentTarget && play(row)}
              >
                <span role="cell" className={styles.index}>
                  {row.song?.id === playingId ? <SpeakerIcon size={16} aria-label="正在播放" /> : String(i + 1).padStart(2, '0')}
                </span>
                <span role="cell" className={styles.name} title={row.name}>
                  {row.name}
                </span>
                <span role="cell" className={styles.muted} title={row.ar}>
                  {row.ar}
                </span>
                <span role="cell" className={styles.muted} title={row.al}>
                  {row.al}
                </span>
                <span role="cell" className={styles.muted}>
                  {formatSize(row.size)}
                </span>
                <span role="cell">
                  <button
                    type="button"
                    className={styles.delete}
                    aria-label={`删除 ${row.name}`}
                    title="删除"
                    onClick={() => setToDelete(row)}
                  >
                    <TrashIcon size={16} />
                  </button>
                </span>
              </div>
            ),
          )}
        </div>
      )}
      {toDelete ? (
        <ConfirmDialog
          title="删除歌曲"
          message={`确定从云盘删除「${toDelete.name}」吗？`}
          confirmLabel="删除"
          busy={remove.isPending}
          onConfirm={() => remove.mutate(toDelete.id)}
          onClose={() => setToDelete(null)}
        />
      ) : null}
    </div>
  );
}
