import { createContext, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { Song } from '@cloudtune/contract';
import type { PrivilegeFields } from '../lib/song-availability.ts';
import { useDismiss } from './use-dismiss.ts';
import { Menu, MenuItem } from './menu.tsx';
import menuStyles from './menu.module.css';

/**
 * The fields a row shows; contract songs and queued songs both fit. `st`, `fee` and `privilege`
 * (real NetEase fields) grey out unavailable songs and mark trial clips 试听.
 */
export type SongRowData = Pick<Song, 'id' | 'name' | 'ar' | 'al' | 'dt' | 'alia'> & {
  st?: number;
  fee?: number;
  privilege?: PrivilegeFields | null;
};

/** One entry of a song row's context menu (播放, 下一首播放…). */
export interface SongMenuItem {
  label: string;
  onSelect: () => void;
  disabled?: boolean;
}

/**
 * What song tables get from the app without depending on the player: the menu a right-click
 * on a row opens, and the ids known to have no playable URL (shown greyed like unavailable ones).
 */
export interface SongTableServices {
  menu?: (song: SongRowData) => SongMenuItem[];
  unplayable?: ReadonlySet<number>;
  /** the logged-in user's liked songs: each row gets a heart */
  like?: { ids: ReadonlySet<number>; toggle: (song: SongRowData) => void };
}

export const SongTableContext = createContext<SongTableServices>({});

/** A context menu at the pointer: arrow keys move, Enter picks, Escape or a click elsewhere closes. */
export function SongContextMenu({
  x,
  y,
  label,
  items,
  onClose,
  sheet = false,
}: {
  x: number;
  y: number;
  label: string;
  items: SongMenuItem[];
  onClose: () => void;
  /** a phone: a sheet along the bottom edge, within a thumb's reach, instead of at the pointer */
  sheet?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState({ left: x, top: y });

  // Kept inside the window: near the right or bottom edge it opens to the left or upwards.
  useLayoutEffect(() => {
    const menu = ref.current;
    if (!menu) return;
    const { width, height } = menu.getBoundingClientRect();
    setPosition({
      left: x + width > window.innerWidth ? Math.max(0, x - width) : x,
      top: y + height > window.innerHeight ? Math.max(0, y - height) : y,
    });
    menu.querySelector<HTMLElement>('[role="menuitem"]:not([disabled])')?.focus();
  }, [x, y]);

  useDismiss(ref, onClose);

  // Placed at the pointer, it would float off its row: leaving the window, resizing or scrolling closes it.
  useEffect(() => {
    window.addEventListener('blur', onClose);
    window.addEventListener('resize', onClose);
    document.addEventListener('scroll', onClose, true);
    return () => {
      window.removeEventListener('blur', onClose);
      window.removeEventListener('resize', onClose);
      document.removeEventListener('scroll', onClose, true);
    };
  }, [onClose]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    const entries = [...(ref.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([disabled])') ?? [])];
    const at = entries.indexOf(document.activeElement as HTMLElement);
    entries[(at + (e.key === 'ArrowDown' ? 1 : -1) + entries.length) % entries.length]?.focus();
  };

  return (
    <Menu
      ref={ref}
      aria-label={label}
      style={sheet ? undefined : position}
      className={sheet ? menuStyles.sheet : undefined}
      onKeyDown={onKeyDown}
      data-testid="song-menu"
    >
      {sheet ? <p className={menuStyles.sheetTitle}>{label}</p> : null}
      {items.map((item) => (
        <MenuItem
          key={item.label}
          disabled={item.disabled}
          onClick={() => {
            onClose();
            item.onSelect();
          }}
        >
          {item.label}
        </MenuItem>
      ))}
    </Menu>
  );
}
