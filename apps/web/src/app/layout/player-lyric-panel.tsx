import { lazy, Suspense, useCallback } from 'react';
import { usePhone } from '../../components/use-phone.ts';
import { useSwipe } from '../../components/use-swipe.ts';
import { playbackPosition, playbackRate, seekTo, usePlaybackTime, usePlayerStore, usePlaying } from '../../features/player/index.ts';

const LyricPanel = lazy(() => import('../../features/lyrics/panel.ts').then((m) => ({ default: m.LyricPanel })));

/** Every change of the stored playhead (the ticks of playback, every seek). */
const subscribePlayhead = (listener: () => void) => usePlaybackTime.subscribe(listener);

/**
 * The full lyric panel of the current song, open while the player says so (the 歌词 button, the
 * cover, the L key; persisted): the app joins the player (song, clock, seek) and the lyrics feature.
 */
export function PlayerLyricPanel() {
  const open = usePlayerStore((s) => s.lyricOpen);
  const song = usePlayerStore((s) => s.current);
  const playing = usePlaying();
  const close = useCallback(() => usePlayerStore.getState().setLyricOpen(false), []);
  // On a phone the panel is a swipe away from the now-playing view; a swipe back to the right closes it.
  const phone = usePhone();
  const swipe = useSwipe((direction) => {
    if (direction === 'right') close();
  });
  if (!open || !song) return null;
  return (
    <Suspense fallback={null}>
      <div {...(phone ? swipe : {})}>
        <LyricPanel
          song={song}
          playing={playing}
          getTime={playbackPosition}
          getRate={playbackRate}
          subscribeTime={subscribePlayhead}
          onSeek={seekTo}
          onClose={close}
        />
      </div>
    </Suspense>
  );
}
