import { togglePlayback, usePlayerStore } from '../features/player/index.ts';
import { desktopBridge, isDesktop, platform, type PlayerCommand } from '../lib/platform.ts';

/** What a tray entry or a media key does to the player (the shell sends only these three). */
export function runPlayerCommand(command: PlayerCommand): void {
  const player = usePlayerStore.getState();
  if (command === 'play-pause') togglePlayback();
  else if (command === 'previous') player.prev();
  else if (command === 'next') player.next();
}

/** True in the desktop lyric window, which shows lines and holds no player. */
export const isLyricWindow = (): boolean => globalThis.location?.hash.startsWith('#/desktop-lyric') ?? false;

/**
 * Desktop build, main window: the tray menu and the media keys (window.cloudtune.onCommand) drive
 * the player. Returns the unsubscribe function.
 */
export function wireDesktop(): () => void {
  if (!isDesktop(platform) || isLyricWindow()) return () => undefined;
  return desktopBridge()?.onCommand?.(runPlayerCommand) ?? (() => undefined);
}
