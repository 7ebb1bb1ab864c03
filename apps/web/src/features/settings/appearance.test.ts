import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyAppearance, bindAppearance } from './appearance.ts';
import { DEFAULT_SETTINGS, migrateSettings, useSettingsStore } from './settings.store.ts';
import { THEME_SWATCHES, contrast, textOnTheme } from './theme-colors.ts';

const root = document.documentElement;
let unbind = () => {};
beforeEach(() => {
  vi.useFakeTimers();
  useSettingsStore.setState(DEFAULT_SETTINGS);
  vi.runOnlyPendingTimers();
});
afterEach(() => {
  unbind();
  vi.runOnlyPendingTimers();
  vi.useRealTimers();
  root.removeAttribute('style');
  delete root.dataset.theme;
});

describe('外观', () => {
  it('starts light with the SPEC theme colour #3dc095', () => {
    expect(DEFAULT_SETTINGS).toEqual({ themeColor: '#3dc095', colorScheme: 'light', downloadDir: '' });
    expect(THEME_SWATCHES[0]!.color).toBe('#3dc095');
  });

  it('puts the theme colour, the text colour on it and light/dark on the document, and follows changes', () => {
    unbind = bindAppearance();
    expect(root.style.getPropertyValue('--theme')).toBe('#3dc095');
    expect(root.dataset.theme).toBe('light');
    useSettingsStore.getState().setColorScheme('dark');
    useSettingsStore.getState().setThemeColor('#EC4141');
    expect(root.dataset.theme).toBe('dark');
    expect(root.style.getPropertyValue('--theme')).toBe('#ec4141');
    expect(root.style.getPropertyValue('--on-theme')).toBe('#ffffff');
  });

  it('a light custom colour gets dark text on it', () => {
    applyAppearance({ themeColor: '#ffe066', colorScheme: 'light' });
    expect(root.style.getPropertyValue('--on-theme')).toBe('#1f2329');
    expect(contrast(textOnTheme('#ffe066'), '#ffe066')).toBeGreaterThan(4.5);
    // The swatches keep white text.
    expect(THEME_SWATCHES.map((s) => textOnTheme(s.color))).toEqual(THEME_SWATCHES.map(() => '#ffffff'));
  });

  it('refuses what is not a colour, and persists with a version', async () => {
    useSettingsStore.getState().setThemeColor('red; background: url(x)');
    expect(useSettingsStore.getState().themeColor).toBe('#3dc095');
    useSettingsStore.getState().setColorScheme('dark');
    await vi.advanceTimersByTimeAsync(600);
    expect(JSON.parse(localStorage.getItem('cloudtune-settings')!)).toEqual({
      state: { themeColor: '#3dc095', colorScheme: 'dark', downloadDir: '' },
      version: 1,
    });
  });

  it('migrates SPEC’s `theme` key and repairs unreadable values', () => {
    expect(migrateSettings({ theme: '#3B82F6', colorScheme: 'dim', downloadDir: 3 })).toEqual({
      themeColor: '#3b82f6',
      colorScheme: 'light',
      downloadDir: '',
    });
  });
});
