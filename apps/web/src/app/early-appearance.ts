import { applyAppearance } from '../features/settings/appearance.ts';
import { migrateSettings, SETTINGS_STORAGE_KEY } from '../features/settings/settings-rules.ts';
import { screenSizeOf } from '../lib/screen-size.ts';

// The size class too, so a phone's first paint is already a phone's (decision 0050): the desktop
// frame the server drew hides its sidebar and player bar until the app swaps in the phone's.
document.documentElement.dataset.screen = screenSizeOf(window.innerWidth);

/**
 * The browser build's first script, inlined in the page's head (vite.config.ts): the server
 * sends the first screen drawn, so the listener's saved colours must be on the document before
 * that first paint — a dark theme never flashes light. The app applies them again when it boots.
 */
try {
  const saved = JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY) ?? 'null') as { state?: unknown } | null;
  if (saved?.state) applyAppearance(migrateSettings(saved.state));
} catch {
  // Storage off or unreadable: the default appearance, as the app will find too.
}
