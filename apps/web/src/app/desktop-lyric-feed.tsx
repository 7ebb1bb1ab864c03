import { useEffect } from 'react';
import { useLyricsStore } from '../features/lyrics/index.ts';
import { artistNames, playbackPosition, playbackRate, usePlaybackTime, usePlayerStore, usePlaying } from '../features/player/index.ts';
import { desktopBridge, isDesktop, platform } from '../lib/platform.ts';
import { isLyricWindow } from './desktop-wiring.ts';

/**
 * Desktop build, main window: the playing song and its playhead sent to the desktop lyric window
 * through the shell on every playhead tick (a few a second, and every seek) and on every change of
 * song, play/pause or 译. The lyric window fills the words between ticks itself. Renders nothing.
 */
function Feed() {
  const current = usePlayerStore((s) => s.current);
  const playing = usePlaying();
  const translation = useLyricsStore((s) => s.showTranslation);
  const songId = current?.id ?? 0;
  const song = current ? [current.name, artistNames(current)].filter(Boolean).join(' - ') : '';
  useEffect(() => {
    const send = () =>
      desktopBridge()?.lyricWindow?.update?.({ songId, song, time: playbackPosition(), playing, rate: playbackRate(), translation });
    send();
    return usePlaybackTime.subscribe(send);
  }, [songId, song, playing, translation]);
  return null;
}

export function DesktopLyricFeed() {
  return isDesktop(platform) && !isLyricWindow() ? <Feed /> : null;
}
