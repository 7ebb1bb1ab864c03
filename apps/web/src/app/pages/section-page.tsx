import { NavLink, Outlet, useLocation, useMatches } from 'react-router';
import type { RouteHandle } from '../build-routes.tsx';
import styles from './pages.module.css';

/** A titled screen with child tabs (search, download, local music, artist, video). */
export default function SectionPage() {
  const matches = useMatches();
  const { search } = useLocation();
  const section = matches.find((m) => (m.handle as RouteHandle | undefined)?.tabs?.length);
  const handle = section?.handle as RouteHandle | undefined;
  const base = section?.pathname.replace(/\/+$/, '') ?? '';
  const keywords = new URLSearchParams(search).get('keywords');
  // A page number belongs to one tab's results: another tab starts at its first page.
  const tabQuery = (() => {
    const query = new URLSearchParams(search);
    query.delete('page');
    const text = query.toString();
    return text ? `?${text}` : '';
  })();
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>
        {handle?.title}
        {keywords ? <span className={styles.keywords}>“{keywords}”</span> : null}
      </h1>
      <nav className={styles.tabs} aria-label={handle?.title}>
        {handle?.tabs?.map((tab) => (
          <NavLink
            key={tab.to}
            to={`${base}/${tab.to}${tabQuery}`}
            className={({ isActive }) => `${styles.tab} ${isActive ? styles.active : ''}`}
          >
            {tab.title}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
