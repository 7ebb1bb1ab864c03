import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { PlayIcon } from '../../../components/icons.tsx';
import styles from './playlist-grid.module.css';

const WEEKDAYS = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'];

/** The built-in first card (id -1): today's date on a calendar page. */
export function DailyCard({ now = new Date(), onOpen }: { now?: Date; onOpen: (event: MouseEvent) => void }) {
  return (
    <Link to="/list/song/-1" className={styles.card} data-testid="daily-card" title="根据你的口味生成，每天6:00更新" onClick={onOpen}>
      <div className={styles.coverBox}>
        <div className={styles.calendar}>
          <span className={styles.weekday}>{WEEKDAYS[now.getDay()]}</span>
          <span className={styles.day}>{now.getDate()}</span>
        </div>
        <span className={styles.copywriter}>根据你的口味生成，每天6:00更新</span>
        <span className={styles.play} aria-hidden="true">
          <PlayIcon size={16} />
        </span>
      </div>
      <p className={styles.name}>每日歌曲推荐</p>
    </Link>
  );
}
