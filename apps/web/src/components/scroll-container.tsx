import { createContext, useContext, type RefObject } from 'react';

/**
 * The shell's scrolling main area. Long lists virtualize against it (one scrollbar for the
 * page, as a desktop app has) instead of nesting their own scroll boxes.
 */
export const ScrollContainerContext = createContext<RefObject<HTMLElement | null> | null>(null);

export function useScrollContainer(): RefObject<HTMLElement | null> | null {
  return useContext(ScrollContainerContext);
}
