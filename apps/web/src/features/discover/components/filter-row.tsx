import { useId } from 'react';
import { Link } from 'react-router';
import type { FilterOption } from '../artist-filters.ts';
import chip from '../../../components/chip.module.css';
import styles from './filter-row.module.css';

interface FilterRowProps<V> {
  label: string;
  options: readonly FilterOption<V>[];
  value: V;
  /** where picking an option leads (the filters live in the URL) */
  hrefFor: (value: V) => string;
}

/** One row of the 歌手 filters (语种 / 分类 / 筛选): the label, then its options; the chosen one marked. */
export function FilterRow<V extends string | number>({ label, options, value, hrefFor }: FilterRowProps<V>) {
  const labelId = useId();
  return (
    <div className={styles.row} role="group" aria-labelledby={labelId}>
      <span className={styles.label} id={labelId}>
        {label}：
      </span>
      <ul className={styles.options}>
        {options.map((option) => {
          const selected = option.value === value;
          return (
            <li key={String(option.value)}>
              <Link
                to={hrefFor(option.value)}
                className={`${chip.chip} ${styles.option} ${selected ? chip.selected : ''}`}
                aria-current={selected ? 'true' : undefined}
                preventScrollReset
              >
                {option.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
