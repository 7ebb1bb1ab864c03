import type { ComponentType } from 'react';
import { NavLink, useLocation } from 'react-router';
import { DownloadIcon, MusicIcon, SearchIcon, UserIcon } from '../../components/icons.tsx';
import styles from './tab-bar.module.css';

interface Tab {
  to: string;
  label: string;
  icon: ComponentType<{ size?: number }>;
  /** other screens the tab holds: 我的音乐 holds the cloud drive, the user pages and the playlists */
  holds?: readonly string[];
}

/** The phone's four tabs (decision 0050): the product's sections; 我的音乐 lists the library, 我的音乐云盘 and the profile. */
export const PHONE_TABS: readonly Tab[] = [
  { to: '/music', label: '发现音乐', icon: MusicIcon },
  { to: '/search', label: '搜索', icon: SearchIcon },
  {
    to: '/my-music',
    label: '我的音乐',
    icon: UserIcon,
    holds: ['/cloud', '/userinfo', '/followList', '/eventView', '/fansView', '/userSetting', '/local-music'],
  },
  { to: '/download', label: '下载管理', icon: DownloadIcon },
];

const under = (pathname: string, base: string) => pathname === base || pathname.startsWith(`${base}/`);

/** The phone's main navigation, at the bottom within a thumb's reach; it replaces the sidebar. */
export function TabBar() {
  const { pathname } = useLocation();
  return (
    <nav className={styles.bar} aria-label="主导航" data-testid="tab-bar">
      {PHONE_TABS.map(({ to, label, icon: Icon, holds }) => (
        <NavLink
          key={to}
          to={to}
          className={({ isActive }) => `${styles.tab} ${isActive || holds?.some((base) => under(pathname, base)) ? styles.active : ''}`}
        >
          <Icon size={20} />
          <span>{label}</span>
        </NavLink>
      ))}
    </nav>
  );
}
