import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button } from '../../../components/button.tsx';
import { PlayIcon, SearchIcon } from '../../../components/icons.tsx';
import { PlainTable, type PlainColumn } from '../../../components/plain-table.tsx';
import { formatDuration, formatSize } from '../../../lib/format.ts';
import { useLocalMusicStore } from '../local-music.store.ts';
import { filterSongs, groupByFolder, type LocalSong } from '../local-songs.ts';
import { ChooseFolderDialog } from './choose-folder-dialog.tsx';
import styles from './local-music.module.css';

export interface LocalMusicPageProps {
  onPlay: (songs: readonly LocalSong[], index: number) => void;
  playingId?: number | null;
}

const artists = (s: LocalSong) =>
  s.ar
    .map((a) => a.name)
    .filter(Boolean)
    .join(' / ');

const columns: PlainColumn<LocalSong>[] = [
  { title: '音乐标题', width: 'minmax(0, 2.2fr)', render: (s) => s.name },
  { title: '歌手', width: 'minmax(0, 1.2fr)', render: artists },
  { title: '专辑', width: 'minmax(0, 1.2fr)', render: (s) => s.al.name ?? '' },
  { title: '时长', width: '64px', numeric: true, render: (s) => (s.dt ? formatDuration(s.dt) : '') },
  { title: '大小', width: '80px', numeric: true, render: (s) => formatSize(s.size) },
];

/** 播放全部, 同步音乐, 选择目录 and the count: above both tabs. */
function Toolbar({
  songs,
  onPlay,
  children,
}: {
  songs: readonly LocalSong[];
  onPlay: LocalMusicPageProps['onPlay'];
  children?: ReactNode;
}) {
  const { folders, scanning, sync, saveFolders, load } = useLocalMusicStore();
  const [choosing, setChoosing] = useState(false);
  const close = useCallback(() => setChoosing(false), []);
  useEffect(() => {
    void load();
  }, [load]);
  return (
    <div className={styles.toolbar}>
      <Button variant="primary" disabled={songs.length === 0} onClick={() => onPlay(songs, 0)}>
        <PlayIcon size={16} /> 播放全部
      </Button>
      <Button variant="secondary" disabled={scanning} loading={scanning} onClick={() => void sync()}>
        {scanning ? '正在同步…' : '同步音乐'}
      </Button>
      <Button variant="secondary" onClick={() => setChoosing(true)}>
        选择目录
      </Button>
      <span className={styles.count} data-testid="local-count">
        共 {songs.length} 首{folders.length === 0 ? '，点击“选择目录”添加本地音乐文件夹' : ''}
      </span>
      {children}
      {choosing ? (
        <ChooseFolderDialog
          folders={folders}
          onClose={close}
          onConfirm={(next) => {
            setChoosing(false);
            void saveFolders(next);
          }}
        />
      ) : null}
    </div>
  );
}

/** /local-music/song 歌曲: every local song, searchable. */
export function LocalSongsPage({ onPlay, playingId }: LocalMusicPageProps) {
  const songs = useLocalMusicStore((s) => s.songs);
  const [words, setWords] = useState('');
  const shown = useMemo(() => filterSongs(songs, words), [songs, words]);
  return (
    <section className={styles.page} aria-label="歌曲">
      <Toolbar songs={shown} onPlay={onPlay}>
        <label className={styles.search}>
          <SearchIcon size={14} />
          <input
            type="search"
            placeholder="搜索本地音乐"
            aria-label="搜索本地音乐"
            value={words}
            onChange={(e) => setWords(e.currentTarget.value)}
          />
        </label>
      </Toolbar>
      <PlainTable
        label="本地歌曲"
        rows={shown}
        rowKey={(s) => s.id}
        columns={columns}
        onPlay={(_s, i) => onPlay(shown, i)}
        playingKey={playingId}
        rowTestId="local-row"
      />
    </section>
  );
}

/** /local-music/dir 文件夹: the songs under each folder. */
export function LocalFoldersPage({ onPlay, playingId }: LocalMusicPageProps) {
  const songs = useLocalMusicStore((s) => s.songs);
  const folders = useLocalMusicStore((s) => s.folders);
  const groups = useMemo(
    () =>
      groupByFolder(
        songs,
        folders.map((f) => f.path),
      ),
    [songs, folders],
  );
  return (
    <section className={styles.page} aria-label="文件夹">
      <Toolbar songs={songs} onPlay={onPlay} />
      {groups.length === 0 ? <PlainTable label="本地歌曲" rows={[]} rowKey={(s: LocalSong) => s.id} columns={columns} /> : null}
      {groups.map((group) => (
        <div key={group.folder} className={styles.group} data-testid="local-folder">
          <h3 className={styles.groupTitle} title={group.folder}>
            {group.folder} <span>（{group.songs.length} 首）</span>
          </h3>
          <PlainTable
            label={group.folder}
            rows={group.songs}
            rowKey={(s) => s.id}
            columns={columns}
            onPlay={(_s, i) => onPlay(group.songs, i)}
            playingKey={playingId}
            rowTestId="local-row"
          />
        </div>
      ))}
    </section>
  );
}
