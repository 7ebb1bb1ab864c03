import { useEffect, useMemo, useState } from 'react';
import type { Song } from '@cloudtune/contract';
import { Button } from '../../../components/button.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PlayIcon } from '../../../components/icons.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { SongTable } from '../../../components/song-table.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useRecommendSongs } from '../api/recommend-songs.ts';
import { dailyListDay, dailyReasons, msUntilNextDailyList, WEEKDAYS } from '../daily.ts';
import styles from './daily-songs-page.module.css';

export interface DailySongsPageProps {
  uid: number;
  playingId?: number | null;
  onPlay: (songs: readonly Song[], index: number) => void;
}

/** The day the list belongs to, moving on by itself at 6:00 while the page stays open. */
function useDailyDay(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setTimeout(() => setNow(new Date()), msUntilNextDailyList(now) + 1000);
    return () => clearTimeout(timer);
  }, [now]);
  return now;
}

/** 每日歌曲推荐 (/list/song/-1, login required): today's songs with their reasons and 播放全部. */
export function DailySongsPage({ uid, playingId, onPlay }: DailySongsPageProps) {
  useDocumentTitle('每日歌曲推荐');
  const now = useDailyDay();
  const query = useRecommendSongs(uid, dailyListDay(now));
  const songs = useMemo(() => query.data?.songs ?? [], [query.data]);
  const reasons = useMemo(() => dailyReasons(songs, query.data?.reasons), [songs, query.data]);

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div className={styles.calendar} aria-hidden="true">
          <span className={styles.weekday}>{WEEKDAYS[now.getDay()]}</span>
          <span className={styles.day}>{now.getDate()}</span>
        </div>
        <div>
          <h1 className={styles.title}>每日歌曲推荐</h1>
          <p className={styles.lead}>根据你的音乐口味生成，每天6:00更新</p>
          <Button variant="primary" size="md" disabled={songs.length === 0} onClick={() => onPlay(songs, 0)} data-testid="daily-play-all">
            <PlayIcon size={16} /> 播放全部
          </Button>
        </div>
      </header>
      {query.isPending ? (
        <Skeleton className={styles.skeleton} radius={8} />
      ) : query.isError ? (
        <LoadError onRetry={() => void query.refetch()} />
      ) : (
        <section aria-label="歌曲列表">
          <SongTable
            songs={songs}
            playingId={playingId}
            onPlay={(_song, index) => onPlay(songs, index)}
            note={(song) => reasons.get(song.id)}
          />
        </section>
      )}
    </div>
  );
}
