import { Skeleton } from '../../../components/skeleton.tsx';
import { PlaylistCard, type PlaylistCardData } from './playlist-card.tsx';
import styles from './playlist-grid.module.css';

/** cover size at a 1440 px window (five columns); the image request doubles it */
const COVER_SIZE = 220;

/** A fluid grid of playlist cards (精品歌单, 全球榜); placeholder cards while `loading`. */
export function CardGrid({
  items,
  loading = false,
  placeholders = 10,
}: {
  items?: readonly PlaylistCardData[];
  loading?: boolean;
  placeholders?: number;
}) {
  return (
    <div className={`${styles.grid} ${styles.fluid}`} aria-busy={loading || undefined}>
      {loading
        ? Array.from({ length: placeholders }, (_, i) => (
            <div key={i} className={styles.card} aria-hidden="true">
              <Skeleton style={{ aspectRatio: '1', borderRadius: 10 }} />
              <Skeleton height={14} style={{ marginTop: 10, width: '80%' }} />
            </div>
          ))
        : items?.map((item) => <PlaylistCard key={item.id} playlist={item} coverSize={COVER_SIZE} />)}
    </div>
  );
}
