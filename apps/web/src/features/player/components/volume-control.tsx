import { useRef, type CSSProperties } from 'react';
import { Button } from '../../../components/button.tsx';
import { MuteIcon, VolumeIcon } from '../../../components/icons.tsx';
import { usePlayerStore } from '../player.store.ts';
import styles from './player-bar.module.css';

/** Volume slider with a mute toggle that remembers the level it muted from. */
export function VolumeControl() {
  const volume = usePlayerStore((s) => s.volume);
  const setVolume = usePlayerStore((s) => s.setVolume);
  const beforeMute = useRef(1);
  const muted = volume === 0;

  const toggleMute = () => {
    if (muted) setVolume(beforeMute.current || 1);
    else {
      beforeMute.current = volume;
      setVolume(0);
    }
  };

  return (
    <div className={styles.volume}>
      <Button
        variant="icon"
        size="md"
        tone="accent"
        aria-label="静音"
        aria-pressed={muted}
        title={muted ? '取消静音' : '静音'}
        onClick={toggleMute}
      >
        {muted ? <MuteIcon /> : <VolumeIcon />}
      </Button>
      <input
        type="range"
        className={`${styles.range} ${styles.volumeRange}`}
        aria-label="音量"
        min={0}
        max={1}
        step={0.01}
        value={volume}
        style={{ '--fill': `${volume * 100}%` } as CSSProperties}
        onChange={(e) => setVolume(Number(e.currentTarget.value))}
      />
    </div>
  );
}
