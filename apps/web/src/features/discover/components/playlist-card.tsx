import { Link } from 'react-router';
import type { PersonalizedPlaylist } from '@cloudtune/contract';
import { CoverImage } from '../../../components/cover-image.tsx';
import { PlayIcon } from '../../../components/icons.tsx';
import { formatCount } from '../../../lib/format.ts';
import styles from './playlist-grid.module.css';

/** SPEC §3 allows `playcount` (lower-case, /recommend/resource) beside `playCount`. */
const playCountOf = (p: PersonalizedPlaylist) => p.playCount ?? (p as { playcount?: number }).playcount ?? 0;

/** A recommended playlist: cover with play count, name in at most two lines, copywriter on hover. */
export function PlaylistCard({ playlist, coverSize }: { playlist: PersonalizedPlaylist; coverSize: number }) {
  const copywriter = playlist.copywriter ?? undefined;
  return (
    <Link to={`/list/song/${playlist.id}`} className={styles.card} data-testid="playlist-card" title={copywriter}>
      <div className={styles.coverBox}>
        <CoverImage src={playlist.picUrl} width={coverSize} radius={10} alt={playlist.name} />
        {copywriter ? <span className={styles.copywriter}>{copywriter}</span> : null}
        <span className={styles.count}>
          <PlayIcon size={11} />
          {formatCount(playCountOf(playlist))}
        </span>
        <span className={styles.play} aria-hidden="true">
          <PlayIcon size={16} />
        </span>
      </div>
      <p className={styles.name}>{playlist.name}</p>
    </Link>
  );
}
