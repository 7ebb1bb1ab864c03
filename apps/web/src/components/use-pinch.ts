import { useRef, type PointerEvent } from 'react';

/**
 * Two fingers pinching: `onPinch` gets how much the distance between them changed since the last
 * move (above 1: apart). Captured before the element's own handlers (a crop box's drag) see them.
 */
export function usePinch(onPinch: (ratio: number) => void) {
  const fingers = useRef(new Map<number, { x: number; y: number }>());
  const spread = () => {
    const [a, b] = [...fingers.current.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };
  const lift = (e: PointerEvent) => {
    fingers.current.delete(e.pointerId);
  };
  return {
    onPointerDownCapture: (e: PointerEvent) => {
      if (e.pointerType === 'touch') fingers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    },
    onPointerMoveCapture: (e: PointerEvent) => {
      if (!fingers.current.has(e.pointerId)) return;
      const before = spread();
      fingers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
      const after = spread();
      if (before > 0 && after > 0 && fingers.current.size === 2) onPinch(after / before);
    },
    onPointerUpCapture: lift,
    onPointerCancelCapture: lift,
  };
}
