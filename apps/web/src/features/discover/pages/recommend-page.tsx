import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { Banner } from '@cloudtune/contract';
import { LoadError } from '../../../components/load-error.tsx';
import { SectionTitle } from '../../../components/section-title.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { useBanners } from '../api/banner.ts';
import { personalizedQueryOptions } from '../api/personalized.ts';
import { recommendResourceQueryOptions } from '../api/recommend-resource.ts';
import { bannerTarget } from '../banner-target.ts';
import { BannerCarousel } from '../components/banner-carousel.tsx';
import { PlaylistGrid } from '../components/playlist-grid.tsx';
import styles from './recommend-page.module.css';

export interface RecommendPageProps {
  /** a song banner was clicked: the app hands it to the player */
  onPlaySong: (id: number) => void;
  /** the daily-songs card was clicked; the app may cancel it (not logged in → login view) */
  onDailyOpen: (event: MouseEvent) => void;
  /** The logged-in user: their daily playlists (/recommend/resource) replace the default ones */
  uid?: number | null;
}

/** 个性推荐 (/music/recommend): banner carousel and recommended playlists. */
export function RecommendPage({ onPlaySong, onDailyOpen, uid }: RecommendPageProps) {
  const navigate = useNavigate();
  const banners = useBanners();
  const personal = useQuery({ ...recommendResourceQueryOptions(uid ?? 0), enabled: uid != null });
  // Logged out, or a personal list that failed or came back empty: the default playlists.
  const usePersonal = uid != null && !personal.isError && !(personal.isSuccess && personal.data.length === 0);
  const fallback = useQuery({ ...personalizedQueryOptions(), enabled: !usePersonal });
  const playlists = usePersonal ? personal : fallback;

  const openBanner = (banner: Banner) => {
    const target = bannerTarget(banner);
    if (target.kind === 'song') onPlaySong(target.id);
    else if (target.kind === 'playlist') navigate(target.path);
    else if (target.kind === 'external') window.open(target.url, '_blank', 'noopener,noreferrer');
  };

  return (
    <div className={styles.page}>
      {banners.isPending ? (
        <Skeleton className={styles.bannerSkeleton} radius={12} />
      ) : banners.isError ? (
        <div className={styles.bannerError}>
          <LoadError onRetry={() => void banners.refetch()} />
        </div>
      ) : (
        <BannerCarousel banners={banners.data} onSelect={openBanner} />
      )}
      <SectionTitle to="/music/songlist">推荐歌单</SectionTitle>
      {playlists.isError ? (
        <LoadError onRetry={() => void playlists.refetch()} />
      ) : (
        <PlaylistGrid playlists={playlists.data} loading={playlists.isPending} onDailyOpen={onDailyOpen} />
      )}
    </div>
  );
}
