/**
 * Window size classes (screen size sm, md, lg; layout sizes SM, MD). Layout decisions
 * are made in CSS against the `data-screen` / `data-layout` attributes the app sets on <html>,
 * so any module can adapt without importing the app.
 */
export type ScreenSize = 'xs' | 'sm' | 'md' | 'lg';
export type LayoutSize = 'SM' | 'MD';

/**
 * Below PHONE_MAX the window is a phone (screen size xs, decision 0050): the sidebar gives way to
 * a bottom tab bar, the player bar to a mini player and a full-screen now-playing view.
 */
export const PHONE_MAX = 600;
/** Below SM_MAX the sidebar narrows to icons and the player bar moves secondary controls into a menu. */
export const SM_MAX = 1080;
/** From LG_MIN on there is room for everything at full size. */
export const LG_MIN = 1440;
/** The resize handler is debounced by 1000 ms. */
export const RESIZE_DEBOUNCE_MS = 1000;

export const screenSizeOf = (width: number): ScreenSize =>
  width < PHONE_MAX ? 'xs' : width < SM_MAX ? 'sm' : width < LG_MIN ? 'md' : 'lg';
export const layoutSizeOf = (screen: ScreenSize): LayoutSize => (screen === 'sm' || screen === 'xs' ? 'SM' : 'MD');
/** The phone class, as the app writes it on <html> (`data-screen="xs"`). */
export const isPhoneScreen = (screen: string | undefined): boolean => screen === 'xs';

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
