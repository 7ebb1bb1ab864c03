import { Link } from 'react-router';
import type { HotPlaylistTag } from '@cloudtune/contract';
import { Skeleton } from '../../../components/skeleton.tsx';
import { songlistPath } from '../square-rules.ts';
import chip from '../../../components/chip.module.css';
import styles from './hot-tags.module.css';

/** The hot tags of /playlist/hot as one-click chips; the current tag is marked. */
export function HotTags({ tags, loading, current }: { tags: readonly HotPlaylistTag[] | undefined; loading: boolean; current: string }) {
  if (loading) {
    return (
      <div className={styles.hot} aria-hidden="true">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} width={44} height={24} radius={12} />
        ))}
      </div>
    );
  }
  if (!tags?.length) return null;
  return (
    <nav className={styles.hot} aria-label="热门标签">
      {tags.map((tag) => {
        const selected = tag.name === current;
        return (
          <Link
            key={tag.id}
            to={songlistPath(tag.name)}
            className={`${chip.chip} ${styles.chip} ${selected ? chip.selected : ''}`}
            aria-current={selected ? 'true' : undefined}
          >
            {tag.name}
          </Link>
        );
      })}
    </nav>
  );
}
