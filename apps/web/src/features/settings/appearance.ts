import type { PersistedSettings } from './settings-rules.ts';
import { useSettingsStore } from './settings.store.ts';
import { textOnTheme } from './theme-colors.ts';

/**
 * 外观 on the document: the theme colour as --theme (global.css derives the rest), the text
 * colour that reads on it, and data-theme for the dark palette. A small module on its own: the
 * app boots with it before the first paint, without the settings page.
 */
export function applyAppearance(
  { themeColor, colorScheme }: Pick<PersistedSettings, 'themeColor' | 'colorScheme'>,
  root = document.documentElement,
): void {
  root.style.setProperty('--theme', themeColor);
  root.style.setProperty('--on-theme', textOnTheme(themeColor));
  root.dataset.theme = colorScheme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', themeColor);
}

/** Applies the saved appearance now and on every change; returns the unsubscribe function. */
export function bindAppearance(): () => void {
  applyAppearance(useSettingsStore.getState());
  return useSettingsStore.subscribe((state, previous) => {
    if (state.themeColor !== previous.themeColor || state.colorScheme !== previous.colorScheme) applyAppearance(state);
  });
}
