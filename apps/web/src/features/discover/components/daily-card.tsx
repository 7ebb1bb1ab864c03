import { useSyncExternalStore, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { PlayIcon } from '../../../components/icons.tsx';
import styles from './playlist-grid.module.css';

const WEEKDAYS = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'];

const noChanges = () => () => {};
/** Today on the listener's own calendar: "weekday day", the same string all day long. */
const today = () => {
  const now = new Date();
  return `${now.getDay()} ${now.getDate()}`;
};
/**
 * The server that drew the page may live in another time zone than the listener: its day is
 * not shown. The page is drawn (and hydrated) without a date, and the listener's day follows.
 */
const notKnownOnTheServer = () => null;

/** The built-in first card (id -1): today's date on a calendar page. */
export function DailyCard({ now, onOpen }: { now?: Date; onOpen: (event: MouseEvent) => void }) {
  const day = useSyncExternalStore(noChanges, today, notKnownOnTheServer);
  const [weekday, date] = now ? [now.getDay(), now.getDate()] : (day?.split(' ').map(Number) ?? []);
  return (
    <Link to="/list/song/-1" className={styles.card} data-testid="daily-card" title="根据你的口味生成，每天6:00更新" onClick={onOpen}>
      <div className={styles.coverBox}>
        <div className={styles.calendar}>
          <span className={styles.weekday}>{weekday === undefined ? '' : WEEKDAYS[weekday]}</span>
          <span className={styles.day}>{date ?? ''}</span>
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
