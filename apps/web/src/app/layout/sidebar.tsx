import type { ComponentType } from 'react';
import { NavLink } from 'react-router';
import { CloudIcon, DownloadIcon, FolderIcon, FriendsIcon, HeartIcon, ListIcon, MusicIcon, VideoIcon } from '../../components/icons.tsx';
import { useAuthStore, type UserPlaylist } from '../../features/auth/index.ts';
import type { Platform } from '../../lib/platform.ts';
import styles from './sidebar.module.css';

interface NavItem {
  to: string;
  label: string;
  icon: ComponentType<{ size?: number }>;
  platforms?: readonly Platform[];
}

const DISCOVER: NavItem[] = [
  { to: '/music', label: '发现音乐', icon: MusicIcon },
  { to: '/video', label: '视频', icon: VideoIcon },
  { to: '/moments', label: '朋友', icon: FriendsIcon },
];

const MY_MUSIC: NavItem[] = [
  { to: '/download', label: '下载管理', icon: DownloadIcon },
  { to: '/local-music', label: '本地音乐', icon: FolderIcon, platforms: ['desktop'] },
  { to: '/cloud', label: '我的音乐云盘', icon: CloudIcon },
];

function Item({ to, label, icon: Icon }: Pick<NavItem, 'to' | 'label' | 'icon'>) {
  return (
    <NavLink to={to} className={({ isActive }) => `${styles.item} ${isActive ? styles.active : ''}`} title={label}>
      <Icon size={18} />
      <span>{label}</span>
    </NavLink>
  );
}

function PlaylistSection({ title, playlists }: { title: string; playlists: UserPlaylist[] }) {
  if (!playlists.length) return null;
  return (
    <>
      <h3 className={styles.heading}>{title}</h3>
      {playlists.map((p) => (
        <Item key={p.id} to={`/list/song/${p.id}`} label={p.name} icon={p.specialType === 5 ? HeartIcon : ListIcon} />
      ))}
    </>
  );
}

/** The main navigation (SPEC §2); the user's playlists appear once logged in. */
export function Sidebar({ platform }: { platform: Platform }) {
  const loggedIn = useAuthStore((s) => s.user !== null);
  const playlists = useAuthStore((s) => s.playlist);
  const visible = (item: NavItem) => !item.platforms || item.platforms.includes(platform);
  return (
    <nav className={styles.sidebar} aria-label="主导航">
      {DISCOVER.filter(visible).map((item) => (
        <Item key={item.to} {...item} />
      ))}
      <h3 className={styles.heading}>我的音乐</h3>
      {MY_MUSIC.filter(visible).map((item) => (
        <Item key={item.to} {...item} />
      ))}
      {loggedIn ? (
        <>
          <PlaylistSection title="创建的歌单" playlists={playlists.filter((p) => !p.subscribed)} />
          <PlaylistSection title="收藏的歌单" playlists={playlists.filter((p) => p.subscribed)} />
        </>
      ) : null}
    </nav>
  );
}
