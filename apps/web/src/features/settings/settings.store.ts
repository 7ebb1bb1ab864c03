import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { THEME_COLOR } from '../../lib/config.ts';
import { createThrottledStorage } from '../../lib/throttled-storage.ts';
import { isHexColor } from './theme-colors.ts';

export type ColorScheme = 'light' | 'dark';

/** The settings of this feature (SPEC §9: theme, download location); playback settings live with the player. */
export interface PersistedSettings {
  themeColor: string;
  colorScheme: ColorScheme;
  /** desktop build: where downloads go ('' = the system's download folder) */
  downloadDir: string;
}

interface SettingsState extends PersistedSettings {
  setThemeColor: (color: string) => void;
  setColorScheme: (scheme: ColorScheme) => void;
  setDownloadDir: (dir: string) => void;
}

export const DEFAULT_SETTINGS: PersistedSettings = { themeColor: THEME_COLOR, colorScheme: 'light', downloadDir: '' };

/** Any saved state → a valid one; SPEC §9 calls the colour `theme`. */
export function migrateSettings(saved: unknown): PersistedSettings {
  const s = (typeof saved === 'object' && saved !== null ? saved : {}) as Record<string, unknown>;
  const color = s.themeColor ?? s.theme;
  return {
    themeColor: isHexColor(color) ? color.toLowerCase() : THEME_COLOR,
    colorScheme: s.colorScheme === 'dark' ? 'dark' : 'light',
    downloadDir: typeof s.downloadDir === 'string' ? s.downloadDir : '',
  };
}

export const useSettingsStore = create<SettingsState>()(
  persist(
    (set) => ({
      ...DEFAULT_SETTINGS,
      setThemeColor: (color) => isHexColor(color) && set({ themeColor: color.toLowerCase() }),
      setColorScheme: (colorScheme) => set({ colorScheme }),
      setDownloadDir: (downloadDir) => set({ downloadDir: downloadDir.trim() }),
    }),
    {
      name: 'cloudtune-settings',
      version: 1,
      // The custom colour picker fires on every drag step.
      storage: createThrottledStorage<PersistedSettings>(),
      partialize: ({ themeColor, colorScheme, downloadDir }) => ({ themeColor, colorScheme, downloadDir }),
      migrate: (persisted) => migrateSettings(persisted),
      merge: (persisted, current) => ({ ...current, ...migrateSettings(persisted) }),
    },
  ),
);
