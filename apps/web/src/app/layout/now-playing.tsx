import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from '../../components/button.tsx';
import { ChevronDownIcon } from '../../components/icons.tsx';
import { useDismiss } from '../../components/use-dismiss.ts';
import { useSwipe } from '../../components/use-swipe.ts';
import { usePlayerStore } from '../../features/player/index.ts';
import { useNowPlaying } from './now-playing.store.ts';
import styles from './now-playing.module.css';

/**
 * The phone's full-screen now-playing view (decision 0050): the player bar's own controls laid out
 * full (`player`), so there is one player and no second copy of its logic. A pull down or
 * 收起播放页 closes it; a swipe to the left opens the lyric panel over it.
 */
export function NowPlaying({ player }: { player: ReactNode }) {
  const view = useRef<HTMLDivElement>(null);
  const close = () => useNowPlaying.getState().setOpen(false);
  const swipe = useSwipe((direction) => {
    if (direction === 'down') close();
    else if (direction === 'left') usePlayerStore.getState().setLyricOpen(true);
  });
  useDismiss(view, close, { outside: false });

  useEffect(() => {
    view.current?.focus({ preventScroll: true });
  }, []);

  return (
    <div ref={view} className={styles.view} role="dialog" aria-label="正在播放" data-testid="now-playing" tabIndex={-1} {...swipe}>
      <header className={styles.head}>
        <Button variant="icon" size="lg" aria-label="收起播放页" title="收起播放页" onClick={close}>
          <ChevronDownIcon size={24} />
        </Button>
        <span className={styles.title}>正在播放</span>
        <span className={styles.balance} />
      </header>
      <div className={styles.body}>{player}</div>
    </div>
  );
}
