import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { HighqualityPlaylist } from '@cloudtune/contract';
import { EmptyList } from '../../../components/empty-list.tsx';
import { ListFooter, useInfiniteScroll } from '../../../components/infinite-scroll.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { useCatlist } from '../api/catlist.ts';
import { useSquare } from '../api/highquality.ts';
import { useHotTags } from '../api/hot-tags.ts';
import { CardGrid } from '../components/card-grid.tsx';
import { HotTags } from '../components/hot-tags.tsx';
import type { PlaylistCardData } from '../components/playlist-card.tsx';
import { TagPicker } from '../components/tag-picker.tsx';
import { uniqueById } from '../paging.ts';
import { groupTags, tagFromSearch } from '../square-rules.ts';
import styles from './discover-pages.module.css';

const toCard = (p: HighqualityPlaylist): PlaylistCardData => ({
  id: p.id,
  name: p.name,
  cover: p.coverImgUrl,
  playCount: p.playCount,
  copywriter: p.copywriter,
  creator: p.creator.nickname,
});

/** 精品歌单 (/music/songlist?tag=): the tag picker, the hot tags and the tag's playlists, paged as the user scrolls. */
export function SonglistPage() {
  const [params] = useSearchParams();
  const tag = tagFromSearch(params);
  const catlist = useCatlist();
  const hot = useHotTags();
  const square = useSquare(tag);
  const groups = useMemo(() => (catlist.data ? groupTags(catlist.data) : undefined), [catlist.data]);
  const playlists = useMemo(() => uniqueById(square.data?.pages.map((p) => p.playlists) ?? []).map(toCard), [square.data]);

  useInfiniteScroll({
    hasMore: square.hasNextPage,
    busy: square.isFetching || square.isFetchNextPageError,
    onLoadMore: () => void square.fetchNextPage(),
  });

  let content;
  if (square.isPending) content = <CardGrid loading placeholders={15} />;
  else if (square.isError && !square.isFetchNextPageError) content = <LoadError onRetry={() => void square.refetch()} />;
  else if (playlists.length === 0) content = <EmptyList />;
  else content = <CardGrid items={playlists} />;

  const footer = square.isFetchNextPageError ? 'error' : square.isFetchingNextPage ? 'loading' : square.hasNextPage ? 'idle' : 'end';

  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <TagPicker
          current={tag}
          groups={groups}
          loading={catlist.isPending}
          failed={catlist.isError}
          onRetry={() => void catlist.refetch()}
        />
        <HotTags tags={hot.data} loading={hot.isPending} current={tag} />
      </div>
      <section aria-label="歌单列表" aria-busy={square.isPending || undefined}>
        {content}
      </section>
      {playlists.length > 0 ? <ListFooter state={footer} onRetry={() => void square.fetchNextPage()} /> : null}
    </div>
  );
}
