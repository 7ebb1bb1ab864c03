/**
 * Window size classes (screen size sm, md, lg; layout sizes SM, MD). Layout decisions
 * are made in CSS against the `data-screen` / `data-layout` attributes the app sets on <html>,
 * so any module can adapt without importing the app.
 */
export type ScreenSize = 'sm' | 'md' | 'lg';
export type LayoutSize = 'SM' | 'MD';

/** Below SM_MAX the sidebar narrows to icons and the player bar moves secondary controls into a menu. */
export const SM_MAX = 1080;
/** From LG_MIN on there is room for everything at full size. */
export const LG_MIN = 1440;
/** The resize handler is debounced by 1000 ms. */
export const RESIZE_DEBOUNCE_MS = 1000;

export const screenSizeOf = (width: number): ScreenSize => (width < SM_MAX ? 'sm' : width < LG_MIN ? 'md' : 'lg');
export const layoutSizeOf = (screen: ScreenSize): LayoutSize => (screen === 'sm' ? 'SM' : 'MD');

/** The current sizes and the previous ones (layout values are tracked with the previous size). */
export interface WindowSizes {
  screen: ScreenSize;
  layout: LayoutSize;
  previous: { screen: ScreenSize; layout: LayoutSize } | null;
}

export function nextSizes(current: WindowSizes | null, width: number): WindowSizes {
  const screen = screenSizeOf(width);
  const layout = layoutSizeOf(screen);
  if (current && current.screen === screen) return current;
  return { screen, layout, previous: current ? { screen: current.screen, layout: current.layout } : null };
}
