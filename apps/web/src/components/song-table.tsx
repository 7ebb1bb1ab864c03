import {
  memo,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { Link } from 'react-router';
import { useVirtualizer } from '@tanstack/react-virtual';
import { formatDuration } from '../lib/format.ts';
import { songAvailability, type SongAvailability } from '../lib/song-availability.ts';
import { Button } from './button.tsx';
import { HeartButton } from './heart-button.tsx';
import { EmptyList } from './empty-list.tsx';
import { MoreIcon, SpeakerIcon } from './icons.tsx';
import { useScrollContainer } from './scroll-container.tsx';
import { useLongPress } from './use-long-press.ts';
import { usePhone } from './use-phone.ts';
import { SongContextMenu, SongTableContext, type SongMenuItem, type SongRowData } from './song-menu.tsx';
import styles from './song-table.module.css';

const ROW_HEIGHT = 36;
/** A phone's row is two lines (the name; artists · album) and a 44 px ⋯ button (decision 0050). */
const PHONE_ROW_HEIGHT = 56;

export type { SongRowData };

/** A column after 专辑, before 时长: the cloud drive's 大小 and 操作. */
export interface SongColumn<S> {
  header: ReactNode;
  /** its track in the grid, e.g. `80px` */
  width: string;
  cell: (song: S) => ReactNode;
}

/**
 * A row that is not a song yet, above the songs and numbered first: a file still going up to
 * the cloud drive. `detail` stands across the artist and album cells (its progress).
 */
export interface PendingRow {
  key: string;
  name: string;
  detail: ReactNode;
  /** one for each extra column */
  cells?: ReactNode[];
  testId?: string;
}

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
  /** columns after 专辑 (the cloud drive's 大小 and 操作) */
  columns?: readonly SongColumn<S>[];
  showDuration?: boolean;
  /** rows above the songs that are not songs yet (uploads in progress) */
  pending?: readonly PendingRow[];
  /** the table's name for a screen reader */
  label?: string;
  /** the rows' test id; 'song-row' unless told */
  rowTestId?: string;
  /** false: no right-click menu (the cloud drive has none) */
  withMenu?: boolean;
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
  columns = [],
  showDuration = true,
  pending = [],
  label,
  rowTestId = 'song-row',
  withMenu = true,
}: SongTableProps<S>) {
  const services = useContext(SongTableContext);
  const baseMenu = (withMenu ? (menu ?? services.menu) : undefined) as ((song: SongRowData) => SongMenuItem[]) | undefined;
  const extra = (withMenu ? extraMenu : undefined) as ((song: SongRowData) => SongMenuItem[]) | undefined;
  const menuOf = useMemo(
    () => (extra ? (song: SongRowData) => [...(baseMenu?.(song) ?? []), ...extra(song)] : baseMenu),
    [baseMenu, extra],
  );
  const [open, setOpen] = useState<{ x: number; y: number; song: SongRowData } | null>(null);
  const closeMenu = useCallback(() => setOpen(null), []);
  const phone = usePhone();
  // A phone's ⋯ button and long press open the same menu, as a sheet at the bottom.
  const openMenu = useCallback((song: SongRowData, x: number, y: number) => setOpen({ x, y, song }), []);
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
    estimateSize: () => (phone ? PHONE_ROW_HEIGHT : ROW_HEIGHT),
    overscan: 12,
    scrollMargin,
    initialRect: { width: 1000, height: 900 },
  });

  // The rows' height follows the size class.
  useLayoutEffect(() => virtualizer.measure(), [phone, virtualizer]);

  if (songs.length === 0 && pending.length === 0) return <EmptyList />;
  const first = numberFrom + pending.length;
  const digits = Math.max(2, String(first + songs.length).length);
  const extraCells = (song: S) =>
    columns.map((column, i) => (
      <span key={i} role="cell" className={styles.muted}>
        {column.cell(song)}
      </span>
    ));
  const classes = [
    styles.table,
    showAlbum ? '' : styles.noAlbum,
    showDuration ? '' : styles.noDuration,
    services.like ? styles.withLike : '',
  ];
  const style = columns.length ? ({ '--extra': columns.map((c) => c.width).join(' ') } as CSSProperties) : undefined;

  return (
    <div
      className={classes.filter(Boolean).join(' ')}
      style={style}
      role="table"
      aria-label={label}
      aria-rowcount={pending.length + songs.length}
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
        {columns.map((column, i) => (
          <span key={i} role="columnheader">
            {column.header}
          </span>
        ))}
        {showDuration ? <span role="columnheader">时长</span> : null}
      </div>
      {pending.map((row, i) => (
        <div key={row.key} role="row" aria-rowindex={i + 1} className={`${styles.row} ${styles.pending}`} data-testid={row.testId}>
          <span role="cell" className={styles.index}>
            {String(numberFrom + i + 1).padStart(digits, '0')}
            {services.like ? <span className={styles.heartGap} /> : null}
          </span>
          <span role="cell" className={styles.title} title={row.name}>
            {row.name}
          </span>
          <span role="cell" className={`${styles.muted} ${styles.detail}`}>
            {row.detail}
          </span>
          {columns.map((_column, c) => (
            <span key={c} role="cell" className={styles.muted}>
              {row.cells?.[c]}
            </span>
          ))}
          {showDuration ? <span role="cell" /> : null}
        </div>
      ))}
      <div ref={bodyRef} className={styles.body} style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const song = songs[item.index]!;
          return (
            <SongRow
              key={song.id}
              song={song}
              index={item.index}
              rowIndex={pending.length + item.index + 1}
              digits={digits}
              number={first + item.index + 1}
              top={item.start - scrollMargin}
              playing={song.id === playingId}
              showAlbum={showAlbum}
              mark={mark}
              availability={services.unplayable?.has(song.id) ? 'unavailable' : songAvailability(song)}
              onPlay={onPlay as (song: SongRowData, index: number) => void}
              onContextMenu={menuOf ? onContextMenu : undefined}
              onMenu={phone && menuOf ? openMenu : undefined}
              tapToPlay={phone}
              note={note?.(song)}
              liked={services.like ? services.like.ids.has(song.id) : undefined}
              onLike={services.like?.toggle}
              cells={columns.length ? extraCells(song) : undefined}
              showDuration={showDuration}
              testId={rowTestId}
            />
          );
        })}
      </div>
      {open && menuOf ? (
        <SongContextMenu x={open.x} y={open.y} label={open.song.name} items={menuOf(open.song)} onClose={closeMenu} sheet={phone} />
      ) : null}
    </div>
  );
}

interface SongRowProps {
  song: SongRowData;
  index: number;
  /** its place among all the table's rows, counted from 1 */
  rowIndex: number;
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
  /** the extra columns' cells */
  cells?: ReactNode;
  showDuration: boolean;
  testId: string;
  /** a phone: the ⋯ button and a long press open the row's menu */
  onMenu?: (song: SongRowData, x: number, y: number) => void;
  /** a phone: a tap plays (there is no double-click on a touch screen) */
  tapToPlay: boolean;
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
  cells,
  showDuration,
  testId,
  rowIndex,
  onMenu,
  tapToPlay,
}: SongRowProps) {
  const longPress = useLongPress((x, y) => onMenu?.(song, x, y));
  const alias = song.alia?.filter(Boolean).join(' / ');
  const unavailable = availability === 'unavailable';
  return (
    <div
      role="row"
      tabIndex={0}
      data-testid={testId}
      data-song-id={song.id}
      data-availability={availability}
      aria-rowindex={rowIndex}
      aria-current={playing ? 'true' : undefined}
      aria-disabled={unavailable || undefined}
      title={unavailable ? '暂无版权' : undefined}
      className={`${styles.row} ${index % 2 ? styles.odd : ''} ${playing ? styles.playing : ''} ${unavailable ? styles.unavailable : ''}`}
      style={{ transform: `translateY(${top}px)` }}
      onDoubleClick={() => onPlay(song, index)}
      // Enter on the row itself: Enter on a button in it (喜欢, 删除) is that button's
      onKeyDown={(e) => e.key === 'Enter' && e.target === e.currentTarget && onPlay(song, index)}
      onContextMenu={onContextMenu && ((e) => onContextMenu(song, e))}
      // A tap on the row plays it; a tap on its links and buttons is theirs.
      onClick={
        tapToPlay
          ? (e) => {
              if (!(e.target as Element).closest('a, button')) onPlay(song, index);
            }
          : undefined
      }
      {...(onMenu ? longPress : {})}
    >
      <span role="cell" className={styles.index}>
        {playing ? <SpeakerIcon size={16} aria-label="正在播放" /> : String(number).padStart(digits, '0')}
        {onLike && liked !== undefined ? (
          <HeartButton liked={liked} size="xs" iconSize={14} onClick={() => onLike(song)} onDoubleClick={(e) => e.stopPropagation()} />
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
      {cells}
      {showDuration ? (
        <span role="cell" className={styles.duration}>
          {formatDuration(song.dt)}
        </span>
      ) : null}
      {onMenu ? (
        <span role="cell" className={styles.moreCell}>
          <Button
            variant="icon"
            size="lg"
            tone="muted"
            aria-label="更多操作"
            aria-haspopup="menu"
            onClick={(e) => {
              const r = e.currentTarget.getBoundingClientRect();
              onMenu(song, r.left, r.bottom);
            }}
          >
            <MoreIcon size={18} />
          </Button>
        </span>
      ) : null}
    </div>
  );
});
