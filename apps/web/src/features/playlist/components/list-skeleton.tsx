import { Skeleton } from '../../../components/skeleton.tsx';
import styles from './list-header.module.css';

/** Placeholder for the header and the first rows while a list loads. */
export function ListSkeleton() {
  return (
    <div aria-busy="true" aria-label="加载中">
      <div className={styles.header}>
        <Skeleton width={184} height={184} radius={12} />
        <div className={styles.info}>
          <Skeleton width="45%" height={26} />
          <Skeleton width="25%" height={16} style={{ marginTop: 18 }} />
          <Skeleton width={220} height={34} radius={17} style={{ marginTop: 20 }} />
          <Skeleton width="60%" height={14} style={{ marginTop: 20 }} />
          <Skeleton width="50%" height={14} style={{ marginTop: 10 }} />
        </div>
      </div>
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} height={28} style={{ marginTop: 8 }} />
      ))}
    </div>
  );
}
