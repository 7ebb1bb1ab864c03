import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronRightIcon } from './icons.tsx';
import styles from './section-title.module.css';

/** A content section heading, optionally linking to the full list (推荐歌单 ›). */
export function SectionTitle({ children, to }: { children: ReactNode; to?: string }) {
  return (
    <h2 className={styles.title}>
      {to ? (
        <Link to={to} className={styles.link}>
          {children}
          <ChevronRightIcon size={18} />
        </Link>
      ) : (
        children
      )}
    </h2>
  );
}
