import { Link } from 'react-router';
import { CoverImage } from '../../components/cover-image.tsx';
import { UserIcon } from '../../components/icons.tsx';
import { openLoginView, useAuthStore } from '../../features/auth/index.ts';
import styles from './top-bar.module.css';

/** Avatar and nickname when logged in (links to the profile), else a 未登录 button. */
export function UserChip() {
  const profile = useAuthStore((s) => s.user?.profile);
  if (!profile) {
    return (
      <button type="button" className={styles.user} onClick={openLoginView}>
        <span className={styles.avatarEmpty}>
          <UserIcon size={16} />
        </span>
        未登录
      </button>
    );
  }
  return (
    <Link to={`/userinfo/${profile.userId}`} className={styles.user}>
      <CoverImage src={profile.avatarUrl} width={28} radius="50%" className={styles.avatar} />
      <span className={styles.nickname}>{profile.nickname}</span>
    </Link>
  );
}
