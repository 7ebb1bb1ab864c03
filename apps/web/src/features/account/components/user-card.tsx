import { Link } from 'react-router';
import { CoverImage } from '../../../components/cover-image.tsx';
import { formatCount } from '../../../lib/format.ts';
import type { SocialUser } from '../api/types.ts';
import styles from './user-card.module.css';

/**
 * A follow or fan card: avatar with its identity badge, nickname, a vip tag when
 * vipType > 0, signature, 歌单 and 粉丝 counts and a disabled 私信; the card opens the profile.
 */
export function UserCard({ user }: { user: SocialUser }) {
  const badge = user.avatarDetail?.identityIconUrl;
  return (
    <li className={styles.card} data-testid="user-card" data-user-id={user.userId}>
      <Link to={`/userinfo/${user.userId}`} className={styles.link} aria-label={user.nickname}>
        <span className={styles.avatar}>
          <CoverImage src={user.avatarUrl} width={64} radius="50%" />
          {badge ? <img className={styles.badge} src={badge} alt="" /> : null}
        </span>
        <span className={styles.body}>
          <span className={styles.name}>
            <span className={styles.nickname}>{user.nickname}</span>
            {(user.vipType ?? 0) > 0 ? <span className={styles.vip}>VIP</span> : null}
          </span>
          <span className={styles.signature}>{user.signature || ' '}</span>
          <span className={styles.counts}>
            <span>歌单：{formatCount(user.playlistCount ?? 0)}</span>
            <span>粉丝：{formatCount(user.followeds ?? 0)}</span>
          </span>
        </span>
      </Link>
      <button type="button" className={styles.message} disabled title="私信暂未开放">
        私信
      </button>
    </li>
  );
}
