/**
 * Browser build: downloaded songs kept for offline listening in Cache Storage (the audio and its
 * cover, by song id). Cache Storage survives reloads, counts against the origin's quota (shown by
 * storageEstimate) and hands back Blobs the player plays through object URLs, so nothing needs
 * the server once a song is kept.
 */
export const OFFLINE_CACHE = 'cloudtune-downloads';

const audioKey = (id: number) => new URL(`/offline/song/${id}`, location.origin).href;
const coverKey = (id: number) => new URL(`/offline/cover/${id}`, location.origin).href;

const open = () => caches.open(OFFLINE_CACHE);

/**
 * The cover also under its image's path: offline, the service worker answers the player bar's
 * and the lists' requests for that image (any size) with it.
 */
const coverByPathKey = (picUrl: string) =>
  new URL(`/offline/cover-by-path${new URL(picUrl, location.origin).pathname}`, location.origin).href;

/** Keeps a song's audio (and its cover, when there is one). */
export async function keepSong(id: number, audio: Blob, cover: Blob | null, picUrl?: string | null): Promise<void> {
  const cache = await open();
  const headers = (blob: Blob) => ({ 'content-type': blob.type || 'application/octet-stream', 'content-length': String(blob.size) });
  await cache.put(audioKey(id), new Response(audio, { headers: headers(audio) }));
  if (cover) await cache.put(coverKey(id), new Response(cover, { headers: headers(cover) }));
  if (cover && picUrl) await cache.put(coverByPathKey(picUrl), new Response(cover, { headers: headers(cover) }));
}

const objectUrls = new Map<string, string>();

/** An object URL of a kept blob; one per key for the page's life (the player may hold it on two elements). */
async function blobUrl(key: string): Promise<string | null> {
  const known = objectUrls.get(key);
  if (known) return known;
  if (typeof caches === 'undefined') return null;
  const response = await (await open()).match(key);
  if (!response) return null;
  const url = URL.createObjectURL(await response.blob());
  objectUrls.set(key, url);
  return url;
}

/** Where a kept song plays from, or null when it is not kept. */
export const offlineAudioUrl = (id: number): Promise<string | null> => blobUrl(audioKey(id));

/** The kept audio itself (保存到本地 saves it to the user's disk). */
export async function offlineAudio(id: number): Promise<Blob | null> {
  const response = await (await open()).match(audioKey(id));
  return response ? response.blob() : null;
}

export async function dropSong(id: number, picUrl?: string | null): Promise<void> {
  const cache = await open();
  await Promise.all([cache.delete(audioKey(id)), cache.delete(coverKey(id)), picUrl ? cache.delete(coverByPathKey(picUrl)) : undefined]);
  for (const key of [audioKey(id), coverKey(id)]) {
    const url = objectUrls.get(key);
    if (url) URL.revokeObjectURL(url);
    objectUrls.delete(key);
  }
}

/** What the origin uses of what it may use (bytes), when the browser says. */
export async function storageEstimate(): Promise<{ usage: number; quota: number } | null> {
  if (!navigator.storage?.estimate) return null;
  const { usage, quota } = await navigator.storage.estimate();
  return usage !== undefined && quota !== undefined ? { usage, quota } : null;
}
