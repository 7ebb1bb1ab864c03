import type { MouseEvent } from 'react';
import type { PersonalizedPlaylist } from '@cloudtune/contract';
import { Skeleton } from '../../../components/skeleton.tsx';
import { DailyCard } from './daily-card.tsx';
import { fromPersonalized, PlaylistCard } from './playlist-card.tsx';
import styles from './playlist-grid.module.css';

/** cover size the grid shows at a 1440 px window; the image request doubles it */
const COVER_SIZE = 220;

interface PlaylistGridProps {
  playlists: readonly PersonalizedPlaylist[] | undefined;
  loading: boolean;
  onDailyOpen: (event: MouseEvent) => void;
}

/** 推荐歌单: the daily-songs card first, then the recommended playlists. */
export function PlaylistGrid({ playlists, loading, onDailyOpen }: PlaylistGridProps) {
  return (
    <div className={styles.grid}>
      <DailyCard onOpen={onDailyOpen} />
      {loading
        ? Array.from({ length: 14 }, (_, i) => (
            <div key={i} className={styles.card} aria-hidden="true">
              <Skeleton style={{ aspectRatio: '1', borderRadius: 10 }} />
              <Skeleton height={14} style={{ marginTop: 10, width: '80%' }} />
            </div>
          ))
        : playlists?.map((p) => <PlaylistCard key={p.id} playlist={fromPersonalized(p)} coverSize={COVER_SIZE} />)}
    </div>
  );
}
