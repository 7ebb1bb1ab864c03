import { NavLink, Outlet } from 'react-router';
import styles from './music-layout.module.css';

/** The /music children and their titles; 精品歌单 opens on tag=all. */
const TABS = [
  { to: '/music/recommend', label: '个性推荐' },
  { to: '/music/songlist?tag=all', label: '精品歌单' },
  { to: '/music/toplist', label: '排行榜' },
  { to: '/music/artists', label: '歌手' },
];

/** 发现音乐: the tab strip over its four child screens. */
export function MusicLayout() {
  return (
    <div className={styles.layout}>
      <nav className={styles.tabs} aria-label="发现音乐">
        {TABS.map((tab) => (
          <NavLink key={tab.to} to={tab.to} className={({ isActive }) => `${styles.tab} ${isActive ? styles.active : ''}`}>
            {tab.label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
