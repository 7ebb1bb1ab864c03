import { THEME_COLOR } from '../../lib/theme-color.ts';
import { isHexColor } from './theme-colors.ts';

/**
 * The saved settings' rules, without the store: the page's first script (app/early-appearance.ts)
 * reads them before anything else runs.
 */
export const SETTINGS_STORAGE_KEY = 'cloudtune-settings';

export type ColorScheme = 'light' | 'dark';

/** The settings of this feature (theme, download location); playback settings live with the player. */
export interface PersistedSettings {
  themeColor: string;
  colorScheme: ColorScheme;
  /** desktop build: where downloads go ('' = the system's download folder) */
  downloadDir: string;
}

export const DEFAULT_SETTINGS: PersistedSettings = { themeColor: THEME_COLOR, colorScheme: 'light', downloadDir: '' };

/** Any saved state → a valid one; the colour is saved as `theme`. */
export function migrateSettings(saved: unknown): PersistedSettings {
  const s = (typeof saved === 'object' && saved !== null ? saved : {}) as Record<string, unknown>;
  const color = s.themeColor ?? s.theme;
  return {
    themeColor: isHexColor(color) ? color.toLowerCase() : THEME_COLOR,
    colorScheme: s.colorScheme === 'dark' ? 'dark' : 'light',
    downloadDir: typeof s.downloadDir === 'string' ? s.downloadDir : '',
  };
}
