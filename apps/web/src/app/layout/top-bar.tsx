import { Link, useNavigate } from 'react-router';
import { ChevronLeftIcon, ChevronRightIcon, LogoIcon, SettingsIcon } from '../../components/icons.tsx';
import { canGoBack, canGoForward } from '../../lib/nav-history.ts';
import { useNavHistory } from '../navigation/nav-history.store.ts';
import { SearchBox } from '../../features/search/index.ts';
import { playSongById } from '../play-songs.ts';
import { UserChip } from './user-chip.tsx';
import styles from './top-bar.module.css';

/** The title bar: brand, back/forward along the app's own history, search, the user. */
export function TopBar() {
  const navigate = useNavigate();
  const history = useNavHistory((s) => s.history);
  const now = Date.now();

  const travel = (step: 'back' | 'forward') => {
    const url = useNavHistory.getState()[step]();
    if (url) navigate(url);
  };

  return (
    <header className={styles.bar}>
      <a href="#main" className={styles.skip}>
        跳到主要内容
      </a>
      <div className={styles.brand}>
        <LogoIcon size={30} className={styles.logo} />
        <span>Cloudtune</span>
      </div>
      <div className={styles.history}>
        <button type="button" className={styles.round} aria-label="后退" disabled={!canGoBack(history, now)} onClick={() => travel('back')}>
          <ChevronLeftIcon size={18} />
        </button>
        <button
          type="button"
          className={`${styles.round} ${styles.forward}`}
          aria-label="前进"
          disabled={!canGoForward(history, now)}
          onClick={() => travel('forward')}
        >
          <ChevronRightIcon size={18} />
        </button>
      </div>
      <SearchBox onPlaySong={(id) => void playSongById(id)} />
      <div className={styles.spacer} />
      <Link to="/setting/source" className={styles.round} aria-label="设置" title="设置">
        <SettingsIcon size={16} />
      </Link>
      <UserChip />
    </header>
  );
}
