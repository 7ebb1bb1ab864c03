import { useEffect } from 'react';
import { SEEK_STEP_SECONDS, seekBy, togglePlayback } from '../audio-engine.ts';
import { usePlayerStore } from '../player.store.ts';

/** how much Ctrl+↑/↓ changes the volume */
export const VOLUME_KEY_STEP = 0.1;

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
/** Space on a focused control presses it, as everywhere else */
const isControl = (target: EventTarget | null) =>
  target instanceof HTMLElement && !!target.closest('button, a[href], [role="button"], [role="menuitem"], [role="tab"], [role="option"]');

/**
 * The player's keys, anywhere but while typing: Space play/pause, ←/→ seek 10 s,
 * Ctrl+←/→ previous/next, Ctrl+↑/↓ volume, L the lyric panel.
 */
export function usePlayerKeys(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.metaKey || isTyping(e.target)) return;
      const player = usePlayerStore.getState();
      if (e.ctrlKey) {
        if (e.key === 'ArrowLeft') player.prev();
        else if (e.key === 'ArrowRight') player.next();
        else if (e.key === 'ArrowUp') player.setVolume(Math.round((player.volume + VOLUME_KEY_STEP) * 100) / 100);
        else if (e.key === 'ArrowDown') player.setVolume(Math.round((player.volume - VOLUME_KEY_STEP) * 100) / 100);
        else return;
      } else if (e.key === 'ArrowLeft') seekBy(-SEEK_STEP_SECONDS);
      else if (e.key === 'ArrowRight') seekBy(SEEK_STEP_SECONDS);
      else if (e.key === ' ' && !e.shiftKey && !e.repeat && !isControl(e.target)) togglePlayback();
      else if ((e.key === 'l' || e.key === 'L') && !e.shiftKey && !e.repeat && player.current) player.setLyricOpen(!player.lyricOpen);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
