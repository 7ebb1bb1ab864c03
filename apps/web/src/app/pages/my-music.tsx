import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CoverImage } from '../../components/cover-image.tsx';
import { ChevronRightIcon, HeartIcon, ListIcon, UserIcon } from '../../components/icons.tsx';
import { openLoginView, useAuthStore } from '../../features/auth/index.ts';
import { splitUserPlaylists, type UserPlaylistItem } from '../../features/my-music/index.ts';
import { platform } from '../../lib/platform.ts';
import { MY_MUSIC } from '../layout/sidebar.tsx';
import { useUserPlaylists } from '../layout/use-user-playlists.ts';
import styles from './my-music.module.css';

function Entry({ to, label, icon }: { to: string; label: string; icon: ReactNode }) {
  return (
    <li>
      <Link to={to} className={styles.entry}>
        <span className={styles.icon}>{icon}</span>
        <span className={styles.label}>{label}</span>
        <ChevronRightIcon size={16} />
      </Link>
    </li>
  );
}

function Playlists({ title, playlists, likedId }: { title: string; playlists: readonly UserPlaylistItem[]; likedId?: number }) {
  if (!playlists.length) return null;
  return (
    <section aria-label={title}>
      <h2 className={styles.heading}>{title}</h2>
      <ul className={styles.list}>
        {playlists.map((p) => (
          <Entry
            key={p.id}
            to={`/list/song/${p.id}`}
            label={p.name}
            icon={p.id === likedId ? <HeartIcon size={18} /> : <ListIcon size={18} />}
          />
        ))}
      </ul>
    </section>
  );
}

/**
 * /my-music (我的音乐), the phone's third tab (decision 0050): the profile, the sidebar's 我的音乐
 * entries (下载管理, 我的音乐云盘…) and the user's playlists, since a phone has no sidebar.
 */
export default function MyMusicRoute() {
  const profile = useAuthStore((s) => s.user?.profile);
  const uid = useAuthStore((s) => s.user?.account.id ?? 0);
  const playlists = useUserPlaylists(uid);
  const { liked, created, collected } = useMemo(() => splitUserPlaylists(playlists, uid), [playlists, uid]);
  const entries = MY_MUSIC.filter((item) => !item.platforms || item.platforms.includes(platform));
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>我的音乐</h1>
      {profile ? (
        <Link to={`/userinfo/${uid}`} className={styles.profile} aria-label={`${profile.nickname}，个人主页`}>
          <CoverImage src={profile.avatarUrl} width={56} radius="50%" className={styles.avatar} />
          <span className={styles.label}>
            <strong>{profile.nickname}</strong>
            <span className={styles.hint}>个人主页</span>
          </span>
          <ChevronRightIcon size={16} />
        </Link>
      ) : (
        <button type="button" className={styles.profile} onClick={openLoginView}>
          <span className={styles.avatarEmpty}>
            <UserIcon size={24} />
          </span>
          <span className={styles.label}>
            <strong>未登录</strong>
            <span className={styles.hint}>登录后查看我的音乐云盘和个人主页</span>
          </span>
          <ChevronRightIcon size={16} />
        </button>
      )}
      <ul className={styles.list}>
        {entries.map(({ to, label, icon: Icon }) => (
          <Entry key={to} to={to} label={label} icon={<Icon size={18} />} />
        ))}
      </ul>
      <Playlists title="创建的歌单" playlists={created} likedId={liked?.id} />
      <Playlists title="收藏的歌单" playlists={collected} />
    </div>
  );
}
