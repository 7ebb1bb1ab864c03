import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { createThrottledStorage } from '../../lib/throttled-storage.ts';
import { isHexColor } from './theme-colors.ts';
import { DEFAULT_SETTINGS, migrateSettings, SETTINGS_STORAGE_KEY, type ColorScheme, type PersistedSettings } from './settings-rules.ts';

export { DEFAULT_SETTINGS, migrateSettings, type ColorScheme, type PersistedSettings } from './settings-rules.ts';

interface SettingsState extends PersistedSettings {
  setThemeColor: (color: string) => void;
  setColorScheme: (scheme: ColorScheme) => void;
  setDownloadDir: (dir: string) => void;
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
      name: SETTINGS_STORAGE_KEY,
      version: 1,
      // The custom colour picker fires on every drag step.
      storage: createThrottledStorage<PersistedSettings>(),
      partialize: ({ themeColor, colorScheme, downloadDir }) => ({ themeColor, colorScheme, downloadDir }),
      migrate: (persisted) => migrateSettings(persisted),
      merge: (persisted, current) => ({ ...current, ...migrateSettings(persisted) }),
    },
  ),
);
