import { useEffect } from 'react';
import { useCurrentLyric } from '../features/lyrics/index.ts';
import { artistNames, usePlaybackTime, usePlayerStore, usePlaying } from '../features/player/index.ts';
import { desktopBridge, isDesktop, platform } from '../lib/platform.ts';
import { isLyricWindow } from './desktop-wiring.ts';

/**
 * Desktop build, main window: the line being sung (and the next one) sent to the desktop lyric
 * window through the shell whenever it changes. Renders nothing.
 */
function Feed() {
  const current = usePlayerStore((s) => s.current);
  const time = usePlaybackTime((s) => s.currentTime);
  const playing = usePlaying();
  const { lines, index } = useCurrentLyric(current?.id, time);
  const line = index >= 0 ? (lines[index]?.lyric ?? '') : '';
  const next = lines[index + 1]?.lyric ?? '';
  const song = current ? [current.name, artistNames(current)].filter(Boolean).join(' - ') : '';
  useEffect(() => {
    desktopBridge()?.lyricWindow?.update?.({ line, next, playing, song });
  }, [line, next, playing, song]);
  return null;
}

export function DesktopLyricFeed() {
  return isDesktop(platform) && !isLyricWindow() ? <Feed /> : null;
}
