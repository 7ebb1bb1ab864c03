import { useEffect, useEffectEvent, type RefObject } from 'react';

export type DismissReason = 'escape' | 'outside';

export interface DismissOptions {
  /** false while the layer is closed: it is not listening */
  enabled?: boolean;
  /** a pointer-down outside the element closes it (true); false: only Escape or its own buttons */
  outside?: boolean;
  /** a modal layer: pointer-downs outside it belong to it alone, the layers under it stay open */
  modal?: boolean;
}

interface Layer {
  ref: RefObject<HTMLElement | null>;
  outside: boolean;
  modal: boolean;
  dismiss: (reason: DismissReason) => void;
}

/** The open layers, the innermost (the last opened) last. */
const layers: Layer[] = [];

// Escape closes the innermost layer only; the next Escape closes the one under it.
function onKeyDown(event: KeyboardEvent) {
  if (event.key !== 'Escape' || event.defaultPrevented || event.isComposing) return;
  layers.at(-1)?.dismiss('escape');
}

// A pointer-down closes, from the innermost outwards, every layer it is outside of, up to the
// first layer it is inside (a click in a panel closes the menu over it, not the panel) or a modal one.
function onPointerDown(event: PointerEvent) {
  const target = event.target instanceof Node ? event.target : null;
  const outside: Layer[] = [];
  for (const layer of [...layers].reverse()) {
    if (target && layer.ref.current?.contains(target)) break;
    if (layer.outside) outside.push(layer);
    if (layer.modal) break;
  }
  for (const layer of outside) layer.dismiss('outside');
}

function open(layer: Layer): () => void {
  if (layers.length === 0) {
    window.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown, true);
  }
  // A layer opened around one already open (in the same render) sits under it.
  const element = layer.ref.current;
  const inner = element ? layers.findIndex((l) => !!l.ref.current && element.contains(l.ref.current)) : -1;
  layers.splice(inner >= 0 ? inner : layers.length, 0, layer);
  return () => {
    const at = layers.indexOf(layer);
    if (at >= 0) layers.splice(at, 1);
    if (layers.length === 0) {
      window.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown, true);
    }
  };
}

/**
 * Closes a menu, panel or dialog on Escape and on a pointer-down outside `ref`'s element. All
 * open layers share one key listener and one pointer listener; the innermost layer closes first.
 * A layer keeps its place while it stays open, whatever the component renders meanwhile.
 */
export function useDismiss(
  ref: RefObject<HTMLElement | null>,
  onDismiss: (reason: DismissReason) => void,
  { enabled = true, outside = true, modal = false }: DismissOptions = {},
): void {
  const dismiss = useEffectEvent((reason: DismissReason) => onDismiss(reason));
  useEffect(() => {
    if (!enabled) return;
    return open({ ref, outside, modal, dismiss: (reason) => dismiss(reason) });
  }, [enabled, outside, modal, ref]);
}
