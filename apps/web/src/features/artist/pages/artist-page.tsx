import { NavLink, Outlet } from 'react-router';
import type { Song } from '@cloudtune/contract';
import { EmptyList } from '../../../components/empty-list.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { isNotFound } from '../../../lib/http.ts';
import { useArtistDetail } from '../api/artist-detail.ts';
import { useHotSongs } from '../api/hot-songs.ts';
import { ArtistHeader, ArtistHeaderSkeleton } from '../components/artist-header.tsx';
import { useArtistId } from '../hooks/use-artist-id.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import styles from './artist-page.module.css';

/** The artist page's child tabs. */
const TABS = [
  { to: 'album', label: '专辑' },
  { to: 'mv', label: 'MV' },
  { to: 'detail', label: '歌手详情' },
  { to: 'similar', label: '相似歌手' },
];

export interface ArtistPageProps {
  /** 播放热门: the app replaces the queue with the hot songs and plays the first */
  onPlayHot: (songs: readonly Song[]) => void;
}

/** /artist/:id — the head, then the tabs (专辑 / MV / 歌手详情 / 相似歌手) as child routes. */
export function ArtistPage({ onPlayHot }: ArtistPageProps) {
  const id = useArtistId();
  const detail = useArtistDetail(id);
  const hot = useHotSongs(id);
  useDocumentTitle(detail.data?.artist.name);

  if (Number.isNaN(id)) return <EmptyList text="歌手不存在" />;

  let head;
  if (detail.isPending) head = <ArtistHeaderSkeleton />;
  else if (detail.isError) {
    return (
      <div className={styles.page}>
        {isNotFound(detail.error) ? <EmptyList text="歌手不存在" /> : <LoadError onRetry={() => void detail.refetch()} />}
      </div>
    );
  } else {
    head = <ArtistHeader detail={detail.data} canPlay={!!hot.data?.length} onPlayHot={() => hot.data && onPlayHot(hot.data)} />;
  }

  return (
    <div className={styles.page}>
      {head}
      <nav className={styles.tabs} aria-label="歌手">
        {TABS.map((tab) => (
          <NavLink
            key={tab.to}
            to={`/artist/${id}/${tab.to}`}
            className={({ isActive }) => `${styles.tab} ${isActive ? styles.active : ''}`}
          >
            {tab.label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
