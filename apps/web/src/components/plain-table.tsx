import type { KeyboardEvent, ReactNode } from 'react';
import { EmptyList } from './empty-list.tsx';
import { usePhone } from './use-phone.ts';
import styles from './plain-table.module.css';

export interface PlainColumn<T> {
  title: string;
  /** a CSS grid track, e.g. `minmax(0, 2fr)` or `96px` */
  width: string;
  render: (row: T, index: number) => ReactNode;
  /** numbers line up on the right */
  numeric?: boolean;
}

/**
 * A short table of songs that are not a server list (downloads, local files): not virtualized
 * (a few hundred rows at most), double-click or Enter plays a row.
 */
export function PlainTable<T>({
  rows,
  rowKey,
  columns,
  onPlay,
  playingKey,
  label,
  rowTestId,
  empty,
}: {
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  columns: PlainColumn<T>[];
  onPlay?: (row: T, index: number) => void;
  playingKey?: string | number | null;
  label: string;
  rowTestId?: string;
  empty?: string;
}) {
  // A phone has no double-click: a tap plays, a tap on the row's links and buttons is theirs.
  const phone = usePhone();
  const template = { gridTemplateColumns: `48px ${columns.map((c) => c.width).join(' ')}` };
  const onKey = (e: KeyboardEvent, row: T, index: number) => {
    if (e.key === 'Enter' && e.target === e.currentTarget) onPlay?.(row, index);
  };
  return (
    <div className={styles.table} role="table" aria-label={label}>
      <div className={`${styles.row} ${styles.head}`} role="row" style={template}>
        <span role="columnheader" />
        {columns.map((c) => (
          <span key={c.title} role="columnheader" className={c.numeric ? styles.numeric : undefined}>
            {c.title}
          </span>
        ))}
      </div>
      {rows.length === 0 ? <EmptyList text={empty} /> : null}
      {rows.map((row, index) => {
        const key = rowKey(row);
        return (
          <div
            key={key}
            role="row"
            tabIndex={0}
            data-testid={rowTestId}
            data-key={key}
            className={`${styles.row} ${index % 2 ? styles.odd : ''} ${key === playingKey ? styles.playing : ''}`}
            style={template}
            onDoubleClick={() => onPlay?.(row, index)}
            onClick={
              phone
                ? (e) => {
                    if (!(e.target as Element).closest('a, button')) onPlay?.(row, index);
                  }
                : undefined
            }
            onKeyDown={(e) => onKey(e, row, index)}
          >
            <span className={styles.index}>{String(index + 1).padStart(2, '0')}</span>
            {columns.map((c) => (
              <span key={c.title} role="cell" className={c.numeric ? styles.numeric : undefined}>
                {c.render(row, index)}
              </span>
            ))}
          </div>
        );
      })}
    </div>
  );
}
