import { ChevronLeftIcon, ChevronRightIcon } from './icons.tsx';
import styles from './pager.module.css';

/**
 * Which page numbers a pager shows: the first, the last, and two either side of the current
 * one, with null for a gap (…): 1 … 4 5 [6] 7 8 … 20.
 */
export function pagerItems(page: number, pages: number): (number | null)[] {
  const shown = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2].filter((p) => p >= 1 && p <= pages));
  const sorted = [...shown].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const p of sorted) {
    const last = out.at(-1);
    if (typeof last === 'number' && p - last === 2) out.push(last + 1);
    else if (typeof last === 'number' && p - last > 2) out.push(null);
    out.push(p);
  }
  return out;
}

export interface PagerProps {
  /** 1-based */
  page: number;
  pages: number;
  onChange: (page: number) => void;
  label?: string;
}

/** Page numbers with previous / next (search results, 30 a page). Hidden for a single page. */
export function Pager({ page, pages, onChange, label = '分页' }: PagerProps) {
  if (pages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={label}>
      <button type="button" className={styles.step} aria-label="上一页" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        <ChevronLeftIcon size={14} />
      </button>
      {pagerItems(page, pages).map((p, i) =>
        p === null ? (
          <span key={`gap-${i}`} className={styles.gap} aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={p}
            type="button"
            className={`${styles.page} ${p === page ? styles.current : ''}`}
            aria-label={`第 ${p} 页`}
            aria-current={p === page ? 'page' : undefined}
            onClick={() => p !== page && onChange(p)}
          >
            {p}
          </button>
        ),
      )}
      <button type="button" className={styles.step} aria-label="下一页" disabled={page >= pages} onClick={() => onChange(page + 1)}>
        <ChevronRightIcon size={14} />
      </button>
    </nav>
  );
}
