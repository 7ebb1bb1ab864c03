import { Link } from 'react-router';
import { CoverImage } from '../../../components/cover-image.tsx';
import { ListFooter } from '../../../components/infinite-scroll.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { formatCount } from '../../../lib/format.ts';
import type { ProfilePlaylist } from '../api/types.ts';
import type { ListState } from '../paging.ts';
import styles from './profile-playlists.module.css';

interface Props {
  title: string;
  playlists: ProfilePlaylist[];
  state: ListState;
  failedEmpty: boolean;
  onRetry: () => void;
  ranking: { title: string; count: number; cover?: string | null; open: boolean; onToggle: () => void };
}

/**
 * The profile's playlists: labelled 我的 / Ta的, the synthetic 听歌排行 entry first
 * (with the play count), then pages of 20 with 没有更多了 / 请求失败，点击重新加载.
 */
export function ProfilePlaylists({ title, playlists, state, failedEmpty, onRetry, ranking }: Props) {
  return (
    <section className={styles.section}>
      <h2 className={styles.title}>{title}</h2>
      <ul className={styles.grid} aria-label={title}>
        <li>
          <button type="button" className={styles.card} aria-pressed={ranking.open} onClick={ranking.onToggle} data-testid="ranking-card">
            <span className={`${styles.cover} ${styles.rankingCover}`}>
              <CoverImage src={ranking.cover} width={180} radius={8} />
              <span className={styles.rankingLabel}>{ranking.title}</span>
            </span>
            <span className={styles.name}>{ranking.title}</span>
            <span className={styles.sub}>累计听歌{ranking.count}首</span>
          </button>
        </li>
        {playlists.map((p) => (
          <li key={p.id}>
            <Link to={`/list/song/${p.id}`} className={styles.card} data-testid="profile-playlist">
              <span className={styles.cover}>
                <CoverImage src={p.coverImgUrl} width={180} radius={8} alt={p.name} />
                <span className={styles.count}>{formatCount(p.playCount ?? 0)}</span>
              </span>
              <span className={styles.name}>{p.name}</span>
              <span className={styles.sub}>{p.trackCount ?? 0}首</span>
            </Link>
          </li>
        ))}
      </ul>
      {failedEmpty ? <LoadError onRetry={onRetry} /> : <ListFooter state={state} onRetry={onRetry} />}
    </section>
  );
}
