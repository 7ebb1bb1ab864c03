import { useMemo } from 'react';
import type { Song } from '@cloudtune/contract';
import { EmptyList } from '../../../components/empty-list.tsx';
import { ListFooter, useInfiniteScroll } from '../../../components/infinite-scroll.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { SongTable } from '../../../components/song-table.tsx';
import { useArtistAlbums } from '../api/artist-albums.ts';
import { useHotSongs } from '../api/hot-songs.ts';
import { AlbumGrid } from '../components/album-card.tsx';
import { useArtistId } from '../hooks/use-artist-id.ts';
import styles from './artist-page.module.css';

export interface AlbumTabProps {
  /** the song the player is on, marked in the table */
  playingId: number | null | undefined;
  /** play `songs[index]` with `songs` as the new queue */
  onPlay: (songs: readonly Song[], index: number) => void;
}

/** 专辑: the artist's 热门50首 as a song table, then the albums, paged as the user scrolls. */
export function AlbumTab({ playingId, onPlay }: AlbumTabProps) {
  const id = useArtistId();
  const hot = useHotSongs(id);
  const albums = useArtistAlbums(id);
  const list = useMemo(() => {
    const seen = new Set<number>();
    return (albums.data?.pages.flatMap((p) => p.hotAlbums) ?? []).filter((a) => !seen.has(a.id) && (seen.add(a.id), true));
  }, [albums.data]);

  useInfiniteScroll({
    hasMore: albums.hasNextPage,
    busy: albums.isFetching || albums.isFetchNextPageError,
    onLoadMore: () => void albums.fetchNextPage(),
  });

  let songs;
  if (hot.isPending)
    songs = (
      <div aria-busy="true" aria-label="加载中">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} height={28} style={{ marginTop: 8 }} />
        ))}
      </div>
    );
  else if (hot.isError) songs = <LoadError onRetry={() => void hot.refetch()} />;
  else songs = <SongTable songs={hot.data} playingId={playingId} onPlay={(_song, index) => onPlay(hot.data, index)} />;

  let grid;
  if (albums.isPending) grid = <AlbumGrid loading />;
  else if (albums.isError && !albums.isFetchNextPageError) grid = <LoadError onRetry={() => void albums.refetch()} />;
  else if (list.length === 0) grid = <EmptyList />;
  else grid = <AlbumGrid albums={list} />;

  const footer = albums.isFetchNextPageError ? 'error' : albums.isFetchingNextPage ? 'loading' : 'idle';

  return (
    <>
      <section aria-labelledby="artist-hot-songs">
        <h2 className={styles.sectionTitle} id="artist-hot-songs">
          热门50首
        </h2>
        {songs}
      </section>
      <section aria-labelledby="artist-albums">
        <h2 className={styles.sectionTitle} id="artist-albums">
          专辑
        </h2>
        {grid}
        <ListFooter state={footer} onRetry={() => void albums.fetchNextPage()} />
      </section>
    </>
  );
}
