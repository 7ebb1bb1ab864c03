import type { Toplist } from '@cloudtune/contract';
import { EmptyList } from '../../../components/empty-list.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { useToplist } from '../api/toplist.ts';
import { CardGrid } from '../components/card-grid.tsx';
import { OfficialChart, OfficialChartSkeleton } from '../components/official-chart.tsx';
import type { PlaylistCardData } from '../components/playlist-card.tsx';
import { OFFICIAL_CHART_COUNT, splitCharts } from '../toplist-rules.ts';
import styles from './discover-pages.module.css';

export interface ToplistPageProps {
  /** a preview song was double-clicked: the app plays the chart's `index`-th song */
  onPlayTrack: (chart: Toplist, index: number) => void;
}

const toCard = (chart: Toplist): PlaylistCardData => ({
  id: chart.id,
  name: chart.name,
  cover: chart.coverImgUrl,
  playCount: chart.playCount,
  copywriter: chart.description,
});

/** 排行榜 (/music/toplist): 官方榜 as rows with their top 3, 全球榜 as cards. */
export function ToplistPage({ onPlayTrack }: ToplistPageProps) {
  const query = useToplist();
  if (query.isError) {
    return (
      <div className={styles.page}>
        <LoadError onRetry={() => void query.refetch()} />
      </div>
    );
  }
  const { official, global } = splitCharts(query.data?.list ?? []);
  if (query.isSuccess && official.length === 0) {
    return (
      <div className={styles.page}>
        <EmptyList />
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <section aria-labelledby="official-charts" aria-busy={query.isPending || undefined}>
        <h2 className={styles.sectionTitle} id="official-charts">
          官方榜
        </h2>
        {query.isPending
          ? Array.from({ length: OFFICIAL_CHART_COUNT }, (_, i) => <OfficialChartSkeleton key={i} />)
          : official.map((chart) => <OfficialChart key={chart.id} chart={chart} onPlayTrack={onPlayTrack} />)}
      </section>
      {query.isPending || global.length ? (
        <section aria-labelledby="global-charts">
          <h2 className={styles.sectionTitle} id="global-charts">
            全球榜
          </h2>
          {query.isPending ? <CardGrid loading placeholders={5} /> : <CardGrid items={global.map(toCard)} />}
        </section>
      ) : null}
    </div>
  );
}
