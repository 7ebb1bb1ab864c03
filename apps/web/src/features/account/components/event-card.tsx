import { Link } from 'react-router';
import { CoverImage } from '../../../components/cover-image.tsx';
import { PlayIcon } from '../../../components/icons.tsx';
import type { UserEvent } from '../api/types.ts';
import { readEvent } from '../event-content.ts';
import styles from './event-card.module.css';

const timeText = (ms: number) =>
  new Date(ms).toLocaleString('zh-CN', { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });

/** One 动态 as a card: who, what, when, the message and the shared song (playable) or playlist. */
export function EventCard({ event, onPlaySong }: { event: UserEvent; onPlaySong: (id: number) => void }) {
  const { action, msg, song, playlist } = readEvent(event);
  return (
    <li className={styles.card} data-testid="event-card">
      <Link to={`/userinfo/${event.user.userId}`} className={styles.avatar} aria-label={event.user.nickname}>
        <CoverImage src={event.user.avatarUrl} width={44} radius="50%" />
      </Link>
      <div className={styles.body}>
        <div className={styles.who}>
          <Link to={`/userinfo/${event.user.userId}`} className={styles.name}>
            {event.user.nickname}
          </Link>
          <span className={styles.action}>{action}</span>
        </div>
        <time className={styles.time} dateTime={new Date(event.eventTime).toISOString()}>
          {timeText(event.eventTime)}
        </time>
        {msg ? <p className={styles.msg}>{msg}</p> : null}
        {song ? (
          <button type="button" className={styles.shared} onClick={() => onPlaySong(song.id)} aria-label={`播放 ${song.name}`}>
            <span className={styles.cover}>
              <CoverImage src={song.cover} width={48} radius={4} />
              <PlayIcon size={18} className={styles.play} />
            </span>
            <span className={styles.sharedText}>
              <span className={styles.sharedName}>{song.name}</span>
              <span className={styles.sharedSub}>{song.artists}</span>
            </span>
          </button>
        ) : null}
        {playlist ? (
          <Link to={`/list/song/${playlist.id}`} className={styles.shared}>
            <span className={styles.cover}>
              <CoverImage src={playlist.cover} width={48} radius={4} />
            </span>
            <span className={styles.sharedText}>
              <span className={styles.sharedName}>歌单：{playlist.name}</span>
              {playlist.creator ? <span className={styles.sharedSub}>by {playlist.creator}</span> : null}
            </span>
          </Link>
        ) : null}
      </div>
    </li>
  );
}
