/**
 * The browser build's service worker (issue 11: a PWA whose shell and downloaded songs work
 * offline), written by hand rather than generated: it is short, and every rule is visible.
 *
 * - install: the app shell — index.html and every JS/CSS/font/image file of the build — is put
 *   in a cache named after the build's file list, so a new build gets a new cache;
 * - activate: older shell caches are deleted (never the downloads' cache, `cloudtune-downloads`);
 * - routes (where the browser has the static routing API): the API and media other than cover
 *   images go straight to the network, without starting this worker — a song's /song/url and its
 *   audio leave at once (a stopped worker took ~40 ms to start before the request left);
 * - fetch, same origin GETs only: a page navigation goes to the network first and falls back to
 *   the cached index.html (the app routes itself), so with the server stopped a reload still opens
 *   the app; a precached file comes from the cache; a reverb (audio-effect/*.wav) is cached the
 *   first time it is fetched; a cover image that cannot be fetched comes from a downloaded song's
 *   copy when there is one (offline-store.ts keeps it by the image's path); the rest of the API
 *   and media go to the network untouched.
 *
 * This function's source is written into sw.js with the values filled in; it must not use
 * anything from its module.
 */
export function serviceWorkerSource(precache: readonly string[], version: string, apiPrefix: string): string {
  return `/* Cloudtune service worker — made by build-tools/service-worker.ts */
const SHELL_CACHE = 'cloudtune-shell-${version}';
const EFFECTS_CACHE = 'cloudtune-effects';
const PRECACHE = ${JSON.stringify(precache)};
const API_PREFIX = ${JSON.stringify(apiPrefix)};

self.addEventListener('install', (event) => {
  if (API_PREFIX && typeof event.addRoutes === 'function') {
    // Best effort: a browser that rejects the routes still gets the worker, the API through it.
    try {
      event.waitUntil(
        event
          .addRoutes([
            { condition: { urlPattern: new URLPattern({ pathname: API_PREFIX + '/media/image/*' }) }, source: 'fetch-event' },
            { condition: { urlPattern: new URLPattern({ pathname: API_PREFIX + '/*' }) }, source: 'network' },
          ])
          .catch(() => undefined),
      );
    } catch {}
  }
  event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.addAll(PRECACHE)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('cloudtune-shell-') && k !== SHELL_CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

const precached = new Set(PRECACHE.map((path) => new URL(path, self.location.origin).pathname));

async function pageFromNetworkOrCache(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const cached = await caches.match('/index.html', { cacheName: SHELL_CACHE });
    if (cached) return cached;
    throw error;
  }
}

const DOWNLOADS_CACHE = 'cloudtune-downloads';

async function imageOrDownloadedCover(request, pathname) {
  try {
    return await fetch(request);
  } catch (error) {
    const kept = await caches.match('/offline/cover-by-path' + pathname, { cacheName: DOWNLOADS_CACHE });
    if (kept) return kept;
    throw error;
  }
}

async function cacheFirst(request, cacheName) {
  const cache = await caches.open(cacheName);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.includes('/media/image/')) {
    event.respondWith(imageOrDownloadedCover(request, url.pathname));
    return;
  }
  if (API_PREFIX && (url.pathname === API_PREFIX || url.pathname.startsWith(API_PREFIX + '/'))) return;
  if (request.mode === 'navigate') {
    event.respondWith(pageFromNetworkOrCache(request));
  } else if (precached.has(url.pathname)) {
    event.respondWith(cacheFirst(request, SHELL_CACHE));
  } else if (url.pathname.startsWith('/audio-effect/')) {
    event.respondWith(cacheFirst(request, EFFECTS_CACHE));
  }
});
`;
}
