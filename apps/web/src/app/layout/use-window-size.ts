import { useEffect } from 'react';
import { create } from 'zustand';
import { RESIZE_DEBOUNCE_MS, nextSizes, type WindowSizes } from '../../lib/screen-size.ts';

/** The window's size classes, with the previous ones. */
export const useWindowSizes = create<WindowSizes>(() => nextSizes(null, typeof window === 'undefined' ? 1440 : window.innerWidth));

function apply(sizes: WindowSizes) {
  document.documentElement.dataset.screen = sizes.screen;
  document.documentElement.dataset.layout = sizes.layout;
}

// Before the first render, so the first paint already has the right layout.
if (typeof document !== 'undefined') apply(useWindowSizes.getState());

/**
 * Follows the window's width: the size classes update 1000 ms after resizing stops
 * and are written on <html> (`data-screen`, `data-layout`) for CSS to adapt to.
 */
export function useWindowSizeTracking(): void {
  useEffect(() => {
    const follow = () => {
      const next = nextSizes(useWindowSizes.getState(), window.innerWidth);
      if (next !== useWindowSizes.getState()) useWindowSizes.setState(next, true);
      apply(next);
    };
    // The window may have changed while the page was drawn by the server and hydrated, before
    // anything listened: that resize has long settled, so it counts at once.
    follow();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(follow, RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);
}
