import { useCallback, useState } from 'react';
import { CoverImage } from '../../components/cover-image.tsx';
import { UserIcon } from '../../components/icons.tsx';
import { openLoginView, useAuthStore, UserMenu } from '../../features/auth/index.ts';
import styles from './top-bar.module.css';

/** Avatar and nickname when logged in (opens the user menu), else a 未登录 button that opens the login view. */
export function UserChip() {
  const profile = useAuthStore((s) => s.user?.profile);
  const [anchor, setAnchor] = useState<DOMRect | null>(null);
  const close = useCallback(() => setAnchor(null), []);
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
    <>
      <button
        type="button"
        className={styles.user}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-label={`${profile.nickname}，用户菜单`}
        data-testid="user-chip"
        onClick={(e) => setAnchor(anchor ? null : e.currentTarget.getBoundingClientRect())}
      >
        <CoverImage src={profile.avatarUrl} width={28} radius="50%" className={styles.avatar} />
        <span className={styles.nickname}>{profile.nickname}</span>
      </button>
      {anchor ? <UserMenu anchor={anchor} onClose={close} /> : null}
    </>
  );
}
