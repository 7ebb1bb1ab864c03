import { memo, useCallback, useContext, useLayoutEffect, useMemo, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useVirtualizer } from '@tanstack/react-virtual';
import { formatDuration } from '../lib/format.ts';
import { songAvailability, type SongAvailability } from '../lib/song-availability.ts';
import { Button } from './button.tsx';
import { EmptyList } from './empty-list.tsx';
import { HeartIcon, SpeakerIcon } from './icons.tsx';
import { useScrollContainer } from './scroll-container.tsx';
import { SongContextMenu, SongTableContext, type SongMenuItem, type SongRowData } from './song-menu.tsx';
import styles from './song-table.module.css';

const ROW_HEIGHT = 36;

export type { SongRowData };

interface SongTableProps<S extends SongRowData> {
  songs: readonly S[];
  playingId?: number | null;
  /** a double-click (or Enter) on a row */
  onPlay: (song: S, index: number) => void;
  showAlbum?: boolean;
  /** how a name is drawn: search results mark the words searched for */
  mark?: (text: string) => ReactNode;
  /** the first row's number minus one: page 2 of search results counts on from 31 */
  numberFrom?: number;
  /** a right-click menu for a row; without it, the one the app provides (SongTableContext) */
  menu?: (song: S) => SongMenuItem[];
  /** a short line after the name, e.g. a daily song's reason */
  note?: (song: S) => ReactNode;
  /** entries after the app's menu, e.g. 从歌单中删除 on one's own playlist */
  extraMenu?: (song: S) => SongMenuItem[];
}

const plain = (text: string): ReactNode => text;

/**
 * The track table of playlists, albums and (later) search and cloud screens. Virtualized
 * against the page's scroll container so a 10,000-track playlist scrolls as smoothly as 10.
 */
export function SongTable<S extends SongRowData>({
  songs,
  playingId,
  onPlay,
  showAlbum = true,
  mark = plain,
  numberFrom = 0,
  menu,
  note,
  extraMenu,
}: SongTableProps<S>) {
  const services = useContext(SongTableContext);
  const baseMenu = (menu ?? services.menu) as ((song: SongRowData) => SongMenuItem[]) | undefined;
  const extra = extraMenu as ((song: SongRowData) => SongMenuItem[]) | undefined;
  const menuOf = useMemo(
    () => (extra ? (song: SongRowData) => [...(baseMenu?.(song) ?? []), ...extra(song)] : baseMenu),
    [baseMenu, extra],
  );
  const [open, setOpen] = useState<{ x: number; y: number; song: SongRowData } | null>(null);
  const closeMenu = useCallback(() => setOpen(null), []);
  const onContextMenu = useCallback(
    (song: SongRowData, e: MouseEvent) => {
      if (!menuOf) return;
      e.preventDefault();
      setOpen({ x: e.clientX, y: e.clientY, song });
    },
    [menuOf],
  );
  const container = useScrollContainer();
  const bodyRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);

  // Rows are positioned relative to the table body, but the scroll container also holds the
  // page header above it; keep the virtualizer told how far down the body starts.
  useLayoutEffect(() => {
    const body = bodyRef.current;
    const scroller = container?.current;
    if (!body || !scroller) return;
    const measure = () => setScrollMargin(body.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(scroller.firstElementChild ?? scroller);
    return () => observer.disconnect();
  }, [container]);

  const virtualizer = useVirtualizer({
    count: songs.length,
    getScrollElement: () => container?.current ?? null,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    scrollMargin,
    initialRect: { width: 1000, height: 900 },
  });

  if (songs.length === 0) return <EmptyList />;
  const digits = Math.max(2, String(numberFrom + songs.length).length);

  return (
    <div
      className={`${styles.table} ${showAlbum ? '' : styles.noAlbum} ${services.like ? styles.withLike : ''}`}
      role="table"
      aria-rowcount={songs.length}
    >
      <div className={`${styles.row} ${styles.head}`} role="row">
        <span role="columnheader" />
        <span role="columnheader">音乐标题</span>
        <span role="columnheader">歌手</span>
        {showAlbum ? (
          <span role="columnheader" className={styles.albumCell}>
            专辑
          </span>
        ) : null}
        <span role="columnheader">时长</span>
      </div>
      <div ref={bodyRef} className={styles.body} style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const song = songs[item.index]!;
          return (
            <SongRow
              key={song.id}
              song={song}
              index={item.index}
              digits={digits}
              number={numberFrom + item.index + 1}
              top={item.start - scrollMargin}
              playing={song.id === playingId}
              showAlbum={showAlbum}
              mark={mark}
              availability={services.unplayable?.has(song.id) ? 'unavailable' : songAvailability(song)}
              onPlay={onPlay as (song: SongRowData, index: number) => void}
              onContextMenu={menuOf ? onContextMenu : undefined}
              note={note?.(song)}
              liked={services.like ? services.like.ids.has(song.id) : undefined}
              onLike={services.like?.toggle}
            />
          );
        })}
      </div>
      {open && menuOf ? (
        <SongContextMenu x={open.x} y={open.y} label={open.song.name} items={menuOf(open.song)} onClose={closeMenu} />
      ) : null}
    </div>
  );
}

interface SongRowProps {
  song: SongRowData;
  index: number;
  digits: number;
  /** the number shown in the first column */
  number: number;
  top: number;
  playing: boolean;
  showAlbum: boolean;
  mark: (text: string) => ReactNode;
  availability: SongAvailability;
  onPlay: (song: SongRowData, index: number) => void;
  onContextMenu: ((song: SongRowData, e: MouseEvent) => void) | undefined;
  note?: ReactNode;
  /** undefined: no heart (no logged-in user's likes to show) */
  liked?: boolean;
  onLike?: (song: SongRowData) => void;
}

const SongRow = memo(function SongRow({
  song,
  index,
  digits,
  number,
  top,
  playing,
  showAlbum,
  mark,
  availability,
  onPlay,
  onContextMenu,
  note,
  liked,
  onLike,
}: SongRowProps) {
  const alias = song.alia?.filter(Boolean).join(' / ');
  const unavailable = availability === 'unavailable';
  return (
    <div
      role="row"
      tabIndex={0}
      data-testid="song-row"
      data-song-id={song.id}
      data-availability={availability}
      aria-rowindex={index + 1}
      aria-current={playing ? 'true' : undefined}
      aria-disabled={unavailable || undefined}
      title={unavailable ? '暂无版权' : undefined}
      className={`${styles.row} ${index % 2 ? styles.odd : ''} ${playing ? styles.playing : ''} ${unavailable ? styles.unavailable : ''}`}
      style={{ transform: `translateY(${top}px)` }}
      onDoubleClick={() => onPlay(song, index)}
      onKeyDown={(e) => e.key === 'Enter' && onPlay(song, index)}
      onContextMenu={onContextMenu && ((e) => onContextMenu(song, e))}
    >
      <span role="cell" className={styles.index}>
        {playing ? <SpeakerIcon size={16} aria-label="正在播放" /> : String(number).padStart(digits, '0')}
        {onLike && liked !== undefined ? (
          <Button
            variant="icon"
            size="xs"
            tone={liked ? 'danger' : 'muted'}
            active={liked}
            className={liked ? styles.liked : undefined}
            aria-label={liked ? '取消喜欢' : '喜欢'}
            aria-pressed={liked}
            onClick={() => onLike(song)}
            onDoubleClick={(e) => e.stopPropagation()}
          >
            <HeartIcon size={14} />
          </Button>
        ) : null}
      </span>
      <span role="cell" className={styles.title} title={song.name}>
        {mark(song.name)}
        {alias ? <span className={styles.alias}>（{alias}）</span> : null}
        {availability === 'trial' ? <span className={styles.trial}>试听</span> : null}
        {note ? <span className={styles.note}>{note}</span> : null}
      </span>
      <span role="cell" className={styles.muted}>
        {song.ar.map((artist, i) => (
          <span key={`${artist.id}-${i}`}>
            {i > 0 ? ' / ' : null}
            {artist.id > 0 ? <Link to={`/artist/${artist.id}`}>{mark(artist.name ?? '')}</Link> : mark(artist.name ?? '')}
          </span>
        ))}
      </span>
      {showAlbum ? (
        <span role="cell" className={`${styles.muted} ${styles.albumCell}`}>
          {song.al.id > 0 ? <Link to={`/list/album/${song.al.id}`}>{mark(song.al.name ?? '')}</Link> : mark(song.al.name ?? '')}
        </span>
      ) : null}
      <span role="cell" className={styles.duration}>
        {formatDuration(song.dt)}
      </span>
    </div>
  );
});
