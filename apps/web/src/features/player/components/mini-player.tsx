import { useDeferredValue } from 'react';
import { Button } from '../../../components/button.tsx';
import { CoverImage } from '../../../components/cover-image.tsx';
import { MusicIcon, NextIcon, PauseIcon, PlayIcon } from '../../../components/icons.tsx';
import { useSwipe } from '../../../components/use-swipe.ts';
import { togglePlayback } from '../audio-engine.ts';
import { usePlayerStore } from '../player.store.ts';
import { artistNames } from '../playable-song.ts';
import { useTransportStore } from '../transport.store.ts';
import styles from './mini-player.module.css';

/**
 * The phone's player (decision 0050), above the tab bar: cover, title, play/pause and next. A tap
 * on the song opens the now-playing view; a swipe to the left plays the next song, to the right
 * the previous one (switching needs more than one queued song, as the player bar's buttons do).
 */
export function MiniPlayer({ onOpen }: { onOpen: () => void }) {
  const current = useDeferredValue(usePlayerStore((s) => s.current));
  const playing = useTransportStore((s) => s.playing);
  const canSwitch = usePlayerStore((s) => s.queue.length > 1);
  const swipe = useSwipe((direction) => {
    if (!canSwitch) return;
    if (direction === 'left') usePlayerStore.getState().next();
    else if (direction === 'right') usePlayerStore.getState().prev();
  });

  return (
    <section className={styles.mini} aria-label="迷你播放器" data-testid="mini-player" {...swipe}>
      <button type="button" className={styles.song} aria-label="打开播放页" disabled={!current} onClick={onOpen}>
        {current ? (
          <CoverImage src={current.al.picUrl} width={40} radius={6} className={styles.cover} alt="" />
        ) : (
          <span className={styles.placeholder}>
            <MusicIcon size={18} />
          </span>
        )}
        <span className={styles.meta}>
          <span className={styles.name} data-testid="mini-player-title">
            {current?.name ?? 'Cloudtune 云音乐'}
          </span>
          <span className={styles.artists}>{current ? artistNames(current) : '点击歌曲开始播放'}</span>
        </span>
      </button>
      <Button
        variant="icon"
        size="lg"
        tone="accent"
        className={styles.control}
        onClick={togglePlayback}
        disabled={!current}
        aria-label={playing ? '暂停' : '播放'}
        aria-pressed={playing}
      >
        {playing ? <PauseIcon size={22} /> : <PlayIcon size={22} />}
      </Button>
      <Button
        variant="icon"
        size="lg"
        tone="accent"
        className={styles.control}
        onClick={() => usePlayerStore.getState().next()}
        disabled={!canSwitch}
        aria-label="下一首"
      >
        <NextIcon size={22} />
      </Button>
    </section>
  );
}
