import { lazy, Suspense, useCallback } from 'react';
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
  if (!open || !song) return null;
  return (
    <Suspense fallback={null}>
      <LyricPanel
        song={song}
        playing={playing}
        getTime={playbackPosition}
        getRate={playbackRate}
        subscribeTime={subscribePlayhead}
        onSeek={seekTo}
        onClose={close}
      />
    </Suspense>
  );
}
