import { useMemo, type ComponentType, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { Button } from '../../components/button.tsx';
import {
  CloudIcon,
  DownloadIcon,
  FolderIcon,
  FolderPlusIcon,
  FriendsIcon,
  HeartIcon,
  ListIcon,
  MusicIcon,
  VideoIcon,
} from '../../components/icons.tsx';
import { useAuthStore } from '../../features/auth/index.ts';
import { openCreatePlaylist, splitUserPlaylists, type UserPlaylistItem } from '../../features/my-music/index.ts';
import type { Platform } from '../../lib/platform.ts';
import { useUserPlaylists } from './use-user-playlists.ts';
import styles from './sidebar.module.css';

export interface NavItem {
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

/** 我的音乐's entries: the sidebar's section, and the phone's 我的音乐 page (decision 0050). */
export const MY_MUSIC: readonly NavItem[] = [
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

/** 创建的歌单 / 收藏的歌单: 我喜欢的音乐 heads the created ones; 新建歌单 sits by the heading. */
function PlaylistSection({
  title,
  playlists,
  likedId,
  action,
}: {
  title: string;
  playlists: readonly UserPlaylistItem[];
  likedId?: number;
  action?: ReactNode;
}) {
  if (!playlists.length && !action) return null;
  return (
    <section aria-label={title} data-testid="sidebar-playlists">
      <h3 className={`${styles.heading} ${styles.headingRow}`}>
        <span>{title}</span>
        {action}
      </h3>
      {playlists.map((p) => (
        <Item key={p.id} to={`/list/song/${p.id}`} label={p.name} icon={p.id === likedId ? HeartIcon : ListIcon} />
      ))}
    </section>
  );
}

function UserPlaylists() {
  const uid = useAuthStore((s) => s.user?.account.id ?? 0);
  const playlists = useUserPlaylists(uid);
  const { liked, created, collected } = useMemo(() => splitUserPlaylists(playlists, uid), [playlists, uid]);
  const create = (
    <Button
      variant="icon"
      shape="square"
      size="xs"
      className={styles.headingAction}
      aria-label="新建歌单"
      title="新建歌单"
      onClick={() => openCreatePlaylist()}
    >
      <FolderPlusIcon size={16} />
    </Button>
  );
  return (
    <>
      <PlaylistSection title="创建的歌单" playlists={created} likedId={liked?.id} action={create} />
      <PlaylistSection title="收藏的歌单" playlists={collected} />
    </>
  );
}

/** The main navigation; the user's playlists appear once logged in. */
export function Sidebar({ platform }: { platform: Platform }) {
  const loggedIn = useAuthStore((s) => s.user !== null);
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
      {loggedIn ? <UserPlaylists /> : null}
    </nav>
  );
}
