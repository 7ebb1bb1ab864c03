import { useRef, type PointerEvent } from 'react';

export type SwipeDirection = 'left' | 'right' | 'down';

/** A swipe travels this far before it counts: a tap that slips a little is still a tap. */
const SWIPE_MIN_PX = 48;
/** A pull down travels further: it closes a whole view. */
const PULL_MIN_PX = 80;

/**
 * Swipes by pointer events (touch, pen or mouse): left or right when the gesture is mostly
 * sideways, down when it is mostly downwards. The element sets `touch-action` so the browser
 * leaves those gestures to the page.
 */
export function useSwipe(onSwipe: (direction: SwipeDirection) => void) {
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  return {
    onPointerDown: (e: PointerEvent) => {
      // a slider's drag is the slider's (the progress bar), not a swipe
      if (e.button !== 0 || (e.target as Element).closest('input[type="range"]')) return;
      start.current = { x: e.clientX, y: e.clientY, id: e.pointerId };
    },
    onPointerCancel: () => {
      start.current = null;
    },
    onPointerUp: (e: PointerEvent) => {
      const from = start.current;
      start.current = null;
      if (!from || from.id !== e.pointerId) return;
      const dx = e.clientX - from.x;
      const dy = e.clientY - from.y;
      if (Math.abs(dx) >= SWIPE_MIN_PX && Math.abs(dx) > Math.abs(dy) * 1.5) onSwipe(dx < 0 ? 'left' : 'right');
      else if (dy >= PULL_MIN_PX && dy > Math.abs(dx) * 1.5) onSwipe('down');
    },
  };
}
