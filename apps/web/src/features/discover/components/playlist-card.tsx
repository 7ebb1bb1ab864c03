import { Link } from 'react-router';
import type { PersonalizedPlaylist } from '@cloudtune/contract';
import { CoverImage } from '../../../components/cover-image.tsx';
import { PlayIcon, UserIcon } from '../../../components/icons.tsx';
import { formatCount } from '../../../lib/format.ts';
import styles from './playlist-grid.module.css';

/** What a playlist card shows; recommended, curated and chart playlists all map onto it. */
export interface PlaylistCardData {
  id: number;
  name: string;
  cover: string | null | undefined;
  playCount: number;
  /** shown over the cover on hover */
  copywriter?: string | null;
  /** the creator's nickname, shown on the cover */
  creator?: string;
}

/** A card accepts `playcount` (lower-case, /recommend/resource) beside `playCount`. */
const playCountOf = (p: PersonalizedPlaylist) => p.playCount ?? (p as { playcount?: number }).playcount ?? 0;

export const fromPersonalized = (p: PersonalizedPlaylist): PlaylistCardData => ({
  id: p.id,
  name: p.name,
  cover: p.picUrl,
  playCount: playCountOf(p),
  copywriter: p.copywriter,
});

/** A playlist: cover with play count (and creator), name in at most two lines, copywriter on hover. */
export function PlaylistCard({ playlist, coverSize }: { playlist: PlaylistCardData; coverSize: number }) {
  const copywriter = playlist.copywriter ?? undefined;
  return (
    <Link to={`/list/song/${playlist.id}`} className={styles.card} data-testid="playlist-card" title={copywriter}>
      <div className={styles.coverBox}>
        <CoverImage src={playlist.cover} width={coverSize} radius={10} alt={playlist.name} />
        {copywriter ? <span className={styles.copywriter}>{copywriter}</span> : null}
        <span className={styles.count}>
          <PlayIcon size={11} />
          {formatCount(playlist.playCount)}
        </span>
        {playlist.creator ? (
          <span className={styles.creator}>
            <UserIcon size={12} />
            <span>{playlist.creator}</span>
          </span>
        ) : null}
        <span className={styles.play} aria-hidden="true">
          <PlayIcon size={16} />
        </span>
      </div>
      <p className={styles.name}>{playlist.name}</p>
    </Link>
  );
}
