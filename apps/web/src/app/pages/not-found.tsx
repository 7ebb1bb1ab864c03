import { Link } from 'react-router';
import { LogoIcon } from '../../components/icons.tsx';
import styles from './not-found.module.css';

/** Unmatched paths get this full-screen page (never collectable). */
export default function NotFoundPage() {
  return (
    <main className={styles.screen} data-testid="not-found">
      <LogoIcon size={72} className={styles.logo} />
      <p className={styles.code}>404</p>
      <h1 className={styles.title}>页面走丢了</h1>
      <p className={styles.lead}>你要找的页面不存在或已被移除。</p>
      <Link to="/music/recommend" className={styles.go}>
        去听歌
      </Link>
    </main>
  );
}
