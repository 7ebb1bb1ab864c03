import { useState, type CSSProperties } from 'react';
import { formatDuration } from '../../../lib/format.ts';
import { seekTo } from '../audio-engine.ts';
import { usePlaybackTime } from '../playback-time.store.ts';
import styles from './player-bar.module.css';

/** The seek bar with elapsed and total time; dragging previews, releasing seeks. */
export function ProgressBar({ disabled }: { disabled: boolean }) {
  const currentTime = usePlaybackTime((s) => s.currentTime);
  const duration = usePlaybackTime((s) => s.duration);
  const [scrub, setScrub] = useState<number | null>(null);
  const shown = scrub ?? currentTime;
  const percent = duration > 0 ? Math.min(100, (shown / duration) * 100) : 0;

  const commit = () => {
    if (scrub !== null) seekTo(scrub);
    setScrub(null);
  };

  return (
    <div className={styles.progress}>
      <span className={styles.time}>{formatDuration(shown * 1000)}</span>
      <input
        type="range"
        className={styles.range}
        aria-label="播放进度"
        min={0}
        max={duration || 0}
        step={0.1}
        value={Math.min(shown, duration || 0)}
        disabled={disabled || duration <= 0}
        style={{ '--fill': `${percent}%` } as CSSProperties}
        onChange={(e) => setScrub(Number(e.currentTarget.value))}
        onPointerUp={commit}
        onKeyUp={commit}
        onBlur={commit}
      />
      <span className={styles.time}>{formatDuration(duration * 1000)}</span>
    </div>
  );
}
