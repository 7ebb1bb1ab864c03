import { Link } from 'react-router';
import type { Toplist } from '@cloudtune/contract';
import { CoverImage } from '../../../components/cover-image.tsx';
import { ChevronRightIcon } from '../../../components/icons.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { chartUpdateLabel } from '../toplist-rules.ts';
import styles from './official-chart.module.css';

const COVER = 176;

export interface OfficialChartProps {
  chart: Toplist;
  /** a preview song was double-clicked (or Enter): the app plays the chart's `index`-th song */
  onPlayTrack: (chart: Toplist, index: number) => void;
}

/** An official chart (官方榜) as a wide row: cover with the update time, its top 3, 查看全部. */
export function OfficialChart({ chart, onPlayTrack }: OfficialChartProps) {
  const to = `/list/song/${chart.id}`;
  const tracks = chart.tracks ?? [];
  const titleId = `chart-${chart.id}`;
  return (
    <article className={styles.chart} data-testid="official-chart" aria-labelledby={titleId}>
      <Link to={to} className={styles.coverBox} tabIndex={-1} aria-hidden="true">
        <CoverImage src={chart.coverImgUrl} width={COVER} radius={10} />
        <span className={styles.updated}>{chartUpdateLabel(chart.updateTime)}</span>
      </Link>
      <div className={styles.body}>
        <h3 className={styles.name} id={titleId}>
          <Link to={to}>{chart.name}</Link>
          {chart.updateFrequency ? <span className={styles.frequency}>{chart.updateFrequency}</span> : null}
        </h3>
        {tracks.length ? (
          <ol className={styles.tracks}>
            {tracks.map((track, i) => (
              <li
                key={i}
                className={styles.track}
                data-testid="chart-track"
                tabIndex={0}
                title={`${track.first} - ${track.second}`}
                onDoubleClick={() => onPlayTrack(chart, i)}
                onKeyDown={(e) => e.key === 'Enter' && onPlayTrack(chart, i)}
              >
                <span className={`${styles.rank} ${i < 3 ? styles.top : ''}`}>{i + 1}</span>
                <span className={styles.song}>{track.first}</span>
                <span className={styles.artist}>{track.second}</span>
              </li>
            ))}
          </ol>
        ) : (
          <p className={styles.empty}>暂无数据</p>
        )}
        <Link to={to} className={styles.all}>
          查看全部
          <ChevronRightIcon size={14} />
        </Link>
      </div>
    </article>
  );
}

export function OfficialChartSkeleton() {
  return (
    <div className={styles.chart} aria-hidden="true">
      <Skeleton width={COVER} height={COVER} radius={10} />
      <div className={styles.body}>
        <Skeleton width={120} height={20} />
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} height={30} style={{ marginTop: 10 }} />
        ))}
      </div>
    </div>
  );
}
