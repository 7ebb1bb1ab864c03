import { useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Song } from '@cloudtune/contract';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/dialog.tsx';
import { EmptyList } from '../../../components/empty-list.tsx';
import { CloudIcon, PlayIcon, TrashIcon } from '../../../components/icons.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { SongTable, type PendingRow, type SongColumn, type SongRowData } from '../../../components/song-table.tsx';
import { formatSize } from '../../../lib/format.ts';
import { notify } from '../../../lib/notice.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { deleteCloudSong, useCloud } from '../api/cloud.ts';
import { cloudKeys } from '../api/keys.ts';
import { formatCapacity, mergeCloudList, playableSongs, type CloudRow } from '../cloud-list.ts';
import { useCloudUploads } from '../hooks/use-cloud-uploads.ts';
import styles from './cloud-page.module.css';

/** A drive's row as the song table draws it: its own name, artist and album words, and the row behind it. */
type CloudSong = SongRowData & { row: CloudRow };

/** The artist and album as the drive names them: words, not links. */
const cloudSong = (row: CloudRow): CloudSong => ({
  id: row.id,
  name: row.name,
  ar: [{ id: 0, name: row.ar }],
  al: { id: 0, name: row.al },
  dt: row.song?.dt ?? 0,
  row,
});

export interface CloudPageProps {
  playingId?: number | null;
  /** the app hands the drive's songs to the player */
  onPlay: (songs: readonly Song[], index: number) => void;
}

/** 音乐云盘 (/cloud): space used, 上传歌曲 with progress, the table, double-click plays. */
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
  const cloudSongs = useMemo(() => rows.filter((r) => r.uid === undefined).map(cloudSong), [rows]);
  const pending = useMemo(
    () =>
      rows.flatMap((row): PendingRow[] =>
        row.uid === undefined
          ? []
          : [
              {
                key: row.uid,
                name: row.name,
                testId: 'cloud-upload-row',
                detail: (
                  <>
                    <progress className={styles.progress} max={100} value={row.percent ?? 0} aria-label={`${row.name} 上传进度`} />
                    <span className={styles.percent}>{row.status === 'waiting' ? '等待上传' : `${row.percent ?? 0}%`}</span>
                  </>
                ),
                cells: [formatSize(row.size)],
              },
            ],
      ),
    [rows],
  );
  const playingRowId = rows.find((r) => r.uid === undefined && r.song !== null && r.song.id === playingId)?.id ?? null;
  const columns: SongColumn<CloudSong>[] = [
    { header: '大小', width: '80px', cell: (song) => formatSize(song.row.size) },
    {
      header: '操作',
      width: '56px',
      cell: (song) => (
        <Button
          variant="icon"
          size="sm"
          tone="danger"
          aria-label={`删除 ${song.row.name}`}
          title="删除"
          onClick={() => setToDelete(song.row)}
        >
          <TrashIcon size={16} />
        </Button>
      ),
    },
  ];
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
        <Button variant="primary" size="md" disabled={songs.length === 0} onClick={() => onPlay(songs, 0)}>
          <PlayIcon size={16} /> 播放全部
        </Button>
        {/* busy while files go up; more can be picked meanwhile (they wait their turn) */}
        <Button variant="secondary" size="md" loading={uploading} onClick={() => input.current?.click()}>
          <CloudIcon size={16} /> 上传歌曲
        </Button>
        <input ref={input} type="file" name="songFile" accept="audio/*" multiple hidden onChange={pick} data-testid="cloud-file" />
      </div>

      {query.isPending ? (
        <Skeleton className={styles.skeleton} radius={8} />
      ) : query.isError ? (
        <LoadError onRetry={() => void query.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyList text="云盘里还没有歌曲，点击 上传歌曲 添加" />
      ) : (
        <SongTable
          songs={cloudSongs}
          pending={pending}
          playingId={playingRowId}
          onPlay={(song) => play(song.row)}
          columns={columns}
          showDuration={false}
          withMenu={false}
          label="云盘歌曲"
          rowTestId="cloud-row"
        />
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
