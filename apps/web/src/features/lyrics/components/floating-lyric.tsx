import { usePanelLyric } from '../hooks/use-panel-lyric.ts';
import { LyricLines, type LyricClock } from './lyric-lines.tsx';
import styles from './lyric-panel.module.css';

export interface FloatingLyricProps extends LyricClock {
  /** the playing song; 0 or a local file (negative) has no lyric */
  songId: number;
  /** shown while there is no lyric to follow (loading, none, nothing playing) */
  label: string;
  /** 译: show the current line's translation under it */
  showTranslation: boolean;
}

/**
 * 桌面歌词: the playing song's lyric as the panel shows it — the same lines, words filling as they
 * are sung, the translation under the current line when 译 is on — cut down to the current line
 * and the one after it. The desktop lyric window and the browser's floating window render it; the
 * page around it sets the colours and the size (--lyric-on, --lyric-off, --lyric-font).
 */
export function FloatingLyric({ songId, label, showTranslation, ...clock }: FloatingLyricProps) {
  const lyric = usePanelLyric(songId);
  if (lyric.status !== 'ready') {
    return (
      <p className={styles.floatingState} data-testid="floating-lyric-state">
        {lyric.status === 'instrumental' ? '纯音乐，请欣赏' : label}
      </p>
    );
  }
  return (
    <LyricLines key={songId} variant="floating" lines={lyric.lines} showTranslation={showTranslation && lyric.translated} {...clock} />
  );
}
