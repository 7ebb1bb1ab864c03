import { useCurrentLyric } from '../hooks/use-current-lyric.ts';
import styles from './current-lyric.module.css';

/** One line of lyrics, for the player bar; the app passes the song and the playhead. */
export function CurrentLyric({ songId, time }: { songId: number | null | undefined; time: number }) {
  const { line } = useCurrentLyric(songId, time);
  return (
    <p className={styles.line} data-testid="current-lyric" title={line?.lyric}>
      {line?.lyric ?? ''}
    </p>
  );
}
