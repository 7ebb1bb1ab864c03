import { configureDownloads, downloadedSource } from '../features/downloads/index.ts';
import { fetchLyricText } from '../features/lyrics/index.ts';
import { fetchSongUrl, setLocalSource } from '../features/player/index.ts';
// The store itself, not the feature's index: the settings page stays out of the first screen's bundle.
import { useSettingsStore } from '../features/settings/settings.store.ts';
import { isDesktop, platform } from '../lib/platform.ts';

/**
 * Downloads and offline listening: the downloads feature gets song URLs from the player's
 * /song/url (the settings' bit rate and sources) and LRC text from the lyrics feature, the player plays downloaded songs from their
 * kept copy first, and the browser build registers its service worker (public/sw.js, made by
 * build-tools/service-worker-plugin.ts) so the app opens with the server unreachable.
 */
export function wireOffline(): void {
  configureDownloads({
    songUrl: (id, signal) => fetchSongUrl(id, undefined, signal),
    lyricText: fetchLyricText,
    downloadDirectory: () => useSettingsStore.getState().downloadDir,
  });
  setLocalSource(downloadedSource);
  if (!isDesktop(platform) && import.meta.env.PROD && 'serviceWorker' in navigator) {
    window.addEventListener('load', () => {
      navigator.serviceWorker.register('/sw.js').catch((error: unknown) => console.warn('[offline] service worker', error));
    });
  }
}
