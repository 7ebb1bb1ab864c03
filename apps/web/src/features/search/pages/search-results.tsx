import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import type { LyricSearchSong, SearchSong } from '@cloudtune/contract';
import { EmptyList } from '../../../components/empty-list.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Pager } from '../../../components/pager.tsx';
import { useScrollContainer } from '../../../components/scroll-container.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { Button } from '../../../components/button.tsx';
import { PlayIcon } from '../../../components/icons.tsx';
import { useSearch } from '../api/search.ts';
import { AlbumResults, ArtistResults, LyricResults, PlaylistResults, SongResults } from '../components/result-lists.tsx';
import { offsetOf, pageCount, pageFromQuery, resultTitle, tabBySlug, type SearchTabSlug } from '../search-tabs.ts';
import styles from './search-results.module.css';

export interface SearchResultsProps {
  tab: SearchTabSlug;
  /** play these songs (by id, in order) with `index` first; 播放全部 passes 0 */
  onPlaySongs: (ids: readonly number[], index: number) => void;
  playingId: number | null;
}

/** One tab of /search: 找到 N …, the page of results, and the pager (page in the URL). */
export function SearchResults({ tab: slug, onPlaySongs, playingId }: SearchResultsProps) {
  const tab = tabBySlug(slug)!;
  const [params, setParams] = useSearchParams();
  const keywords = params.get('keywords')?.trim() ?? '';
  const page = pageFromQuery(params.get('page'));
  const results = useSearch(keywords, tab.type, page);
  const scroller = useScrollContainer();

  useDocumentTitle(keywords ? `搜索“${keywords}” - ${tab.label}` : undefined);

  const goTo = (next: number) => {
    const query = new URLSearchParams(params);
    if (next > 1) query.set('page', String(next));
    else query.delete('page');
    setParams(query);
    if (scroller?.current) scroller.current.scrollTop = 0;
  };

  if (!keywords) return <EmptyList text="请输入关键词搜索" />;
  if (results.isError) return <LoadError onRetry={() => void results.refetch()} />;
  if (results.isPending) {
    return (
      <div className={styles.results} aria-busy="true">
        <Skeleton height={18} width={140} />
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} height={32} style={{ marginTop: 10 }} />
        ))}
      </div>
    );
  }

  const r = results.data;
  const count = (() => {
    switch (tab.type) {
      case 1:
      case 1006:
        return r.songCount ?? 0;
      case 100:
        return r.artistCount ?? 0;
      case 10:
        return r.albumCount ?? 0;
      case 1000:
        return r.playlistCount ?? 0;
    }
  })();
  const songs = (r.songs ?? []) as (SearchSong | LyricSearchSong)[];
  const ids = songs.map((s) => s.id);
  const empty =
    (tab.type === 1 || tab.type === 1006
      ? songs.length
      : tab.type === 100
        ? (r.artists?.length ?? 0)
        : tab.type === 10
          ? (r.albums?.length ?? 0)
          : (r.playlists?.length ?? 0)) === 0;

  return (
    <div className={styles.results} aria-busy={results.isFetching || undefined}>
      <div className={styles.head}>
        <p className={styles.title} data-testid="search-title">
          {resultTitle(tab, count)}
        </p>
        {tab.type === 1 && songs.length > 0 ? (
          <Button variant="primary" onClick={() => onPlaySongs(ids, 0)}>
            <PlayIcon size={14} />
            播放全部
          </Button>
        ) : null}
      </div>
      {empty ? (
        <EmptyList text={`没有找到与“${keywords}”相关的${tab.label}`} />
      ) : tab.type === 1 ? (
        <SongResults
          songs={songs as SearchSong[]}
          keywords={keywords}
          playingId={playingId}
          numberFrom={offsetOf(page)}
          onPlay={(i) => onPlaySongs(ids, i)}
        />
      ) : tab.type === 1006 ? (
        <LyricResults songs={songs as LyricSearchSong[]} onPlay={(i) => onPlaySongs(ids, i)} />
      ) : tab.type === 100 ? (
        <ArtistResults artists={r.artists ?? []} />
      ) : tab.type === 10 ? (
        <AlbumResults albums={r.albums ?? []} keywords={keywords} />
      ) : (
        <PlaylistResults playlists={r.playlists ?? []} keywords={keywords} />
      )}
      <Pager page={page} pages={pageCount(count)} onChange={goTo} label="搜索结果分页" />
    </div>
  );
}
