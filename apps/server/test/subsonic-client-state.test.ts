import { afterAll, beforeAll, expect, test } from 'vitest';
import { SubsonicAPI } from 'subsonic-api';
import { startTestApp, type TestApp } from './helpers.ts';

/**
 * The listener's state through a real Subsonic client library (subsonic-api, from npm) against a
 * listening server: a play queue saved by one app and restored by another, bookmarks, ratings,
 * now playing, and a share whose link plays for a browser with no account.
 */
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await startTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t?.close());

/** The library names itself `subsonic-api` in every request; each app here gets a name of its own (`c`). */
const app = (name: string) =>
  new SubsonicAPI({
    url: base,
    auth: { username: '13800000000', password: 'subsonic' },
    fetch: (input, init) => {
      const url = new URL(String(input));
      url.searchParams.set('c', name);
      return fetch(url, init);
    },
  });

test('a queue saved on the phone is restored on the desktop, current song and position included', async () => {
  const phone = app('phone');
  const desktop = app('desktop');
  expect((await desktop.getPlayQueue()).playQueue?.entry).toBeUndefined();
  expect(await phone.savePlayQueue({ id: ['12', '13', '14'], current: '13', position: 61_000 })).toMatchObject({ status: 'ok' });
  const { playQueue } = await desktop.getPlayQueue();
  expect(playQueue).toMatchObject({ current: '13', position: 61_000, changedBy: 'phone' });
  expect(playQueue!.entry!.map((e) => e.id)).toEqual(['12', '13', '14']);
  // The desktop moves on and saves; the phone picks that up.
  await desktop.savePlayQueue({ id: ['13', '14'], current: '14', position: 0 });
  expect((await phone.getPlayQueue()).playQueue).toMatchObject({ current: '14', changedBy: 'desktop' });
});

test('bookmarks and ratings read back on another app', async () => {
  await app('phone').createBookmark({ id: '15', position: 90_000, comment: '听到这里' });
  await app('phone').setRating({ id: '15', rating: 5 });
  const { bookmarks } = await app('tablet').getBookmarks();
  expect(bookmarks.bookmark).toMatchObject([{ position: 90_000, comment: '听到这里', entry: { id: '15', userRating: 5 } }]);
  await app('tablet').deleteBookmark({ id: '15' });
  expect((await app('phone').getBookmarks()).bookmarks.bookmark).toEqual([]);
});

test('reportPlayback shows in getNowPlaying with the player’s name and state', async () => {
  await app('car').reportPlayback({ mediaId: '16', mediaType: 'song', positionMs: 3000, state: 'playing' });
  const { nowPlaying } = await app('phone').getNowPlaying();
  expect(nowPlaying.entry).toEqual([expect.objectContaining({ id: '16', playerName: 'car', state: 'playing', minutesAgo: 0 })]);
  await app('car').reportPlayback({ mediaId: '16', mediaType: 'song', positionMs: 4000, state: 'stopped' });
  expect((await app('phone').getNowPlaying()).nowPlaying.entry).toEqual([]);
});

test('a share made in an app opens in a browser without an account and plays its songs (ranged), and no others', async () => {
  const { shares } = await app('phone').createShare({ id: ['17', '18'], description: '给你听' });
  const share = shares.share![0]!;
  expect(share.url).toBe(`${base}/share/${share.id}`);
  const page = await fetch(share.url);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('给你听');
  const audio = [...html.matchAll(/href="(\/share\/[^"]+\/audio\/\d+)"/g)].map((m) => m[1]!);
  expect(audio).toEqual([`/share/${share.id}/audio/17`, `/share/${share.id}/audio/18`]);
  const part = await fetch(`${base}${audio[0]}`, { headers: { range: 'bytes=0-1023' } });
  expect(part.status).toBe(206);
  expect((await part.arrayBuffer()).byteLength).toBe(1024);
  expect((await fetch(`${base}/share/${share.id}/audio/19`)).status).toBe(404);
  expect((await app('phone').getShares()).shares.share).toMatchObject([{ id: share.id, visitCount: 1 }]);
  await app('phone').deleteShare({ id: share.id });
  expect((await fetch(share.url)).status).toBe(404);
});
