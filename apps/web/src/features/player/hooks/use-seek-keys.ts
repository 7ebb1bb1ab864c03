import { useEffect } from 'react';
import { SEEK_STEP_SECONDS, seekBy } from '../audio-engine.ts';

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/** ←/→ seek by 10 s (SPEC §4) anywhere except while typing. */
export function useSeekKeys(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || isTyping(e.target)) return;
      if (e.key === 'ArrowLeft') seekBy(-SEEK_STEP_SECONDS);
      else if (e.key === 'ArrowRight') seekBy(SEEK_STEP_SECONDS);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
