import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ArtistCard, ArtistGrid } from '../../../components/artist-card.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { ChevronDownIcon } from '../../../components/icons.tsx';
import { usePhone } from '../../../components/use-phone.ts';
import { EmptyList } from '../../../components/empty-list.tsx';
import { ListFooter, useInfiniteScroll } from '../../../components/infinite-scroll.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { useArtistList } from '../api/artist-list.ts';
import { AREA_OPTIONS, filtersFromSearch, INITIAL_OPTIONS, searchForFilters, TYPE_OPTIONS, type ArtistFilters } from '../artist-filters.ts';
import { FilterRow } from '../components/filter-row.tsx';
import { uniqueById } from '../paging.ts';
import styles from './discover-pages.module.css';

/** The label of an option of a filter row. */
const labelOf = <V,>(options: readonly { value: V; label: string }[], value: V): string =>
  options.find((o) => o.value === value)?.label ?? '';

/**
 * 歌手 (/music/artists?area&type&initial): three filter rows and the matching artists, paged as
 * the user scrolls. On a phone the rows would fill half the screen: a 筛选 button naming the
 * choices opens them in a sheet, and picking one closes it (the filters live in the URL, so a
 * sheet opened for other filters is no longer open).
 */
export function ArtistsPage() {
  const [params] = useSearchParams();
  const filters = filtersFromSearch(params);
  const phone = usePhone();
  const search = params.toString();
  const [sheetFor, setSheetFor] = useState<string | null>(null);
  const sheetOpen = phone && sheetFor === search;
  const list = useArtistList(filters);
  const artists = useMemo(() => uniqueById(list.data?.pages.map((p) => p.artists) ?? []), [list.data]);

  useInfiniteScroll({
    hasMore: list.hasNextPage,
    busy: list.isFetching || list.isFetchNextPageError,
    onLoadMore: () => void list.fetchNextPage(),
  });

  const href = (change: Partial<ArtistFilters>) => `/music/artists${searchForFilters({ ...filters, ...change })}`;

  let content;
  if (list.isPending) content = <ArtistGrid loading />;
  else if (list.isError && !list.isFetchNextPageError) content = <LoadError onRetry={() => void list.refetch()} />;
  else if (artists.length === 0) content = <EmptyList />;
  else
    content = (
      <ArtistGrid>
        {artists.map((artist) => (
          <ArtistCard key={artist.id} artist={artist} />
        ))}
      </ArtistGrid>
    );

  const footer = list.isFetchNextPageError ? 'error' : list.isFetchingNextPage ? 'loading' : list.hasNextPage ? 'idle' : 'end';

  const rows = (
    <>
      <FilterRow label="语种" options={AREA_OPTIONS} value={filters.area} hrefFor={(area) => href({ area })} />
      <FilterRow label="分类" options={TYPE_OPTIONS} value={filters.type} hrefFor={(type) => href({ type })} />
      <FilterRow label="筛选" options={INITIAL_OPTIONS} value={filters.initial} hrefFor={(initial) => href({ initial })} />
    </>
  );
  const chosen = [labelOf(AREA_OPTIONS, filters.area), labelOf(TYPE_OPTIONS, filters.type), labelOf(INITIAL_OPTIONS, filters.initial)];

  return (
    <div className={styles.page}>
      {phone ? (
        <button
          type="button"
          className={styles.filterSummary}
          aria-haspopup="dialog"
          aria-expanded={sheetOpen}
          onClick={() => setSheetFor(search)}
        >
          <span className={styles.filterSummaryLabel}>筛选</span>
          <span className={styles.filterSummaryValues}>{chosen.join(' · ')}</span>
          <ChevronDownIcon size={16} />
        </button>
      ) : (
        <div className={styles.filters}>{rows}</div>
      )}
      {sheetOpen ? (
        <Dialog title="筛选歌手" onClose={() => setSheetFor(null)} testId="artist-filters">
          {rows}
        </Dialog>
      ) : null}
      <section aria-label="歌手列表" aria-busy={list.isPending || undefined}>
        {content}
      </section>
      {artists.length > 0 ? <ListFooter state={footer} onRetry={() => void list.fetchNextPage()} /> : null}
    </div>
  );
}
