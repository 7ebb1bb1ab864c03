import { LogoIcon } from '../../components/icons.tsx';
import styles from './pages.module.css';

/** Shown for the instant a cold start into a code-split page loads its chunk. */
export function Splash() {
  return (
    <div className={styles.splash} aria-busy="true" aria-label="加载中">
      <LogoIcon size={56} />
    </div>
  );
}
