import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/connection.ts';
import { call, register, testClock } from './account-helpers.ts';
import { startTestApp, type TestApp } from './helpers.ts';

/**
 * What a Subsonic listener keeps on the server: the play queue (id- and index-based, one per user,
 * saved on one client and restored on another), bookmarks, ratings (userRating on every song,
 * album and artist answer), now playing and OpenSubsonic's reportPlayback — through app.inject in
 * XML and JSON, with golden answers from the seeded demo library at a fixed clock.
 */
const clock = testClock(Date.UTC(2025, 0, 2, 8));
let t: TestApp;
let otherAuth: string;
beforeAll(async () => {
  t = await startTestApp({ clock: clock.now });
  const session = await register(t.app, t.dataDir, '13900000031', 'password1', '另一位听众');
  const made = await call(t.app, '/api/subsonic/password', { session, method: 'POST' });
  otherAuth = `u=13900000031&p=${(made.body.data as { password: string }).password}&v=1.16.1&c=other`;
});
afterAll(async () => t?.close());

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const DEMO = 'u=13800000000&p=subsonic&v=1.16.1';

async function rest(method: string, query: string, auth: string): Promise<Json> {
  const res = await t.app.inject({ url: `/rest/${method}?${[auth, 'f=json', query].filter(Boolean).join('&')}` });
  expect(res.statusCode).toBe(200);
  return (res.json() as Json)['subsonic-response'];
}
/** A method answered ok, as client `c` of the demo account (or `auth`). */
async function ok(method: string, query = '', c = 'test', auth = `${DEMO}&c=${c}`): Promise<Json> {
  const body = await rest(method, query, auth);
  expect(body.error).toBeUndefined();
  expect(body.status).toBe('ok');
  return body;
}
async function failed(method: string, query: string, code: number, auth = `${DEMO}&c=test`): Promise<string> {
  const body = await rest(method, query, auth);
  expect(body).toMatchObject({ status: 'failed', error: { code } });
  return body.error.message as string;
}
/** Deletes a song as a rescan does when its file is gone (through another connection, as the importer's CLI would). */
async function removeSong(id: number): Promise<void> {
  const db = await openDatabase(t.dataDir);
  await db.run('DELETE FROM songs WHERE id = ?', id);
  await db.close();
}
/**
 * A player's id is the engine's row id: stable for the player, but its value depends on the rows
 * the engine numbered before (SQLite reuses a deleted top id, PostgreSQL never does). The goldens
 * hold each id's rank among the answer's ids instead, the same on every engine.
 */
function rankPlayerIds(text: string): string {
  const ids = [...new Set([...text.matchAll(/"?playerId"?[=:] ?"?(\d+)/g)].map((m) => Number(m[1])))].sort((a, b) => a - b);
  return text.replace(/("?playerId"?[=:] ?"?)(\d+)/g, (_, head: string, id: string) => `${head}${ids.indexOf(Number(id)) + 1}`);
}
/** The whole answer in XML and in JSON, against the goldens (reviewed against the spec's examples). */
async function golden(method: string, query: string, name = method, c = 'test'): Promise<void> {
  const url = `/rest/${method}?${DEMO}&c=${c}${query ? `&${query}` : ''}`;
  const xml = await t.app.inject({ url });
  expect(xml.headers['content-type']).toMatch(/^text\/xml/);
  await expect(rankPlayerIds(xml.body)).toMatchFileSnapshot(`goldens/subsonic/${name}.xml`);
  const json = await t.app.inject({ url: `${url}&f=json` });
  expect(json.headers['content-type']).toMatch(/^application\/json/);
  await expect(rankPlayerIds(`${JSON.stringify(json.json(), null, 2)}\n`)).toMatchFileSnapshot(`goldens/subsonic/${name}.json`);
}

test('the extensions list indexBasedQueue and playbackReport', async () => {
  const names = (await ok('getOpenSubsonicExtensions')).openSubsonicExtensions.map((e: Json) => e.name);
  expect(names).toContain('indexBasedQueue');
  expect(names).toContain('playbackReport');
});

describe('play queue', () => {
  test('nothing saved: the required playQueue element, empty (never changed, by no client), not an error', async () => {
    const queue = (await ok('getPlayQueue')).playQueue;
    expect(queue).toEqual({ username: expect.any(String), changed: '1970-01-01T00:00:00.000Z', changedBy: '' });
    expect((await ok('getPlayQueueByIndex')).playQueueByIndex).toEqual(queue);
    await golden('getPlayQueue', '', 'getPlayQueue-empty');
    await golden('getPlayQueueByIndex', '', 'getPlayQueueByIndex-empty');
  });

  test('saved by one client (c=phone), restored by another (c=desktop): entries as full songs, current, position, who and when', async () => {
    clock.advance(60_000);
    await ok('savePlayQueue', 'id=3&id=5&id=7&current=5&position=12345', 'phone');
    const queue = (await ok('getPlayQueue', '', 'desktop')).playQueue;
    expect(queue).toMatchObject({ current: '5', position: 12345, changedBy: 'phone', changed: new Date(clock.now()).toISOString() });
    expect(queue.entry.map((e: Json) => e.id)).toEqual(['3', '5', '7']);
    expect(queue.entry[0]).toMatchObject({
      id: '3',
      isDir: false,
      title: expect.any(String),
      albumId: expect.stringMatching(/^al-/),
      duration: expect.any(Number),
    });
    expect((await ok('getPlayQueueByIndex', '', 'desktop')).playQueueByIndex).toMatchObject({ currentIndex: 1, position: 12345 });
    await golden('getPlayQueue', '', 'getPlayQueue', 'desktop');
    await golden('getPlayQueueByIndex', '', 'getPlayQueueByIndex', 'desktop');
    // Another user has a queue of their own.
    expect((await ok('getPlayQueue', '', '', otherAuth)).playQueue.entry).toBeUndefined();
  });

  test('the index-based pair keeps duplicates and says which one is current; the id-based getter names its song', async () => {
    clock.advance(60_000);
    await golden('savePlayQueueByIndex', 'id=9&id=4&id=9&currentIndex=2&position=500', 'savePlayQueueByIndex', 'web');
    const byIndex = (await ok('getPlayQueueByIndex')).playQueueByIndex;
    expect(byIndex).toMatchObject({ currentIndex: 2, position: 500, changedBy: 'web' });
    expect(byIndex.entry.map((e: Json) => e.id)).toEqual(['9', '4', '9']);
    expect((await ok('getPlayQueue')).playQueue).toMatchObject({ current: '9', position: 500 });
    await golden('getPlayQueueByIndex', '', 'getPlayQueueByIndex-duplicates');
    // The id-based save of a repeated song makes its first entry current.
    await ok('savePlayQueue', 'id=9&id=4&id=9&current=9');
    expect((await ok('getPlayQueueByIndex')).playQueueByIndex).toMatchObject({ currentIndex: 0, position: 0 });
  });

  test('saving without ids clears the queue (who and when are kept); both savers answer an empty document', async () => {
    clock.advance(60_000);
    await golden('savePlayQueue', 'id=1&current=1', 'savePlayQueue');
    await ok('savePlayQueue', '', 'car');
    expect((await ok('getPlayQueue')).playQueue).toEqual({
      username: expect.any(String),
      changed: new Date(clock.now()).toISOString(),
      changedBy: 'car',
    });
    await ok('savePlayQueueByIndex', 'id=2&currentIndex=0');
    await ok('savePlayQueueByIndex', '', 'car');
    expect((await ok('getPlayQueueByIndex')).playQueueByIndex.entry).toBeUndefined();
  });

  test('bad saves are refused and change nothing: current or currentIndex missing or naming no entry (10), unknown songs (70)', async () => {
    await ok('savePlayQueue', 'id=11&id=12&current=12&position=42');
    expect(await failed('savePlayQueue', 'id=1&id=2', 10)).toBe('Required parameter is missing: current');
    await failed('savePlayQueue', 'id=1&id=2&current=3', 10);
    await failed('savePlayQueueByIndex', 'id=1&id=2', 10);
    expect(await failed('savePlayQueueByIndex', 'id=1&id=2&currentIndex=2', 10)).toBe('currentIndex must be from 0 to 1');
    await failed('savePlayQueueByIndex', 'id=1&currentIndex=-1', 10);
    await failed('savePlayQueueByIndex', 'currentIndex=0', 10);
    await failed('savePlayQueueByIndex', 'id=1&currentIndex=x', 0);
    expect(await failed('savePlayQueue', 'id=1&id=99999&current=1', 70)).toBe('Song not found');
    await failed('savePlayQueue', 'id=abc&current=abc', 0);
    await failed('savePlayQueue', 'id=1&current=1&position=later', 0);
    const queue = (await ok('getPlayQueue')).playQueue;
    expect(queue).toMatchObject({ current: '12', position: 42 });
    expect(queue.entry.map((e: Json) => e.id)).toEqual(['11', '12']);
  });

  test('a form POST saves like a GET (formPost); a song removed from the library leaves the queue', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/rest/savePlayQueue.view',
      payload: `${DEMO}&c=form&f=json&id=470&id=471&id=472&current=471&position=7`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.json()['subsonic-response'].status).toBe('ok');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    // A rescan finds the current song's file gone: the next entry is current, from its start.
    await removeSong(471);
    const queue = (await ok('getPlayQueue')).playQueue;
    expect(queue).toMatchObject({ current: '472', position: 0 });
    expect(queue.entry.map((e: Json) => e.id)).toEqual(['470', '472']);
  });
});

describe('bookmarks', () => {
  test('create, read (full song entry, bookmarkPosition on the song), move, delete; private to their user', async () => {
    expect((await ok('getBookmarks')).bookmarks).toEqual({ bookmark: [] });
    clock.advance(60_000);
    const made = clock.now();
    await golden('createBookmark', 'id=30&position=65000&comment=' + encodeURIComponent('第二段 <副歌> & 尾声'), 'createBookmark');
    clock.advance(60_000);
    await ok('createBookmark', 'id=31&position=1000');
    await golden('getBookmarks', '', 'getBookmarks');
    const [latest, first] = (await ok('getBookmarks')).bookmarks.bookmark;
    expect(latest).toMatchObject({ position: 1000, comment: '', entry: { id: '31', bookmarkPosition: 1000 } });
    expect(first).toMatchObject({ position: 65000, comment: '第二段 <副歌> & 尾声', username: expect.any(String), entry: { id: '30' } });
    expect((await ok('getSong', 'id=30')).song.bookmarkPosition).toBe(65000);

    // Saving again moves it and keeps when it was made.
    clock.advance(60_000);
    await ok('createBookmark', 'id=30&position=70000');
    const moved = (await ok('getBookmarks')).bookmarks.bookmark[0];
    expect(moved).toMatchObject({
      position: 70000,
      comment: '',
      created: new Date(made).toISOString(),
      changed: new Date(clock.now()).toISOString(),
    });

    expect((await ok('getBookmarks', '', '', otherAuth)).bookmarks.bookmark).toEqual([]);
    expect((await ok('getSong', 'id=30', '', otherAuth)).song.bookmarkPosition).toBeUndefined();

    await golden('deleteBookmark', 'id=31', 'deleteBookmark');
    await ok('deleteBookmark', 'id=30');
    expect((await ok('getBookmarks')).bookmarks.bookmark).toEqual([]);
    expect((await ok('getSong', 'id=30')).song.bookmarkPosition).toBeUndefined();
  });

  test('refusals: a missing id or position (10), an unknown song (70), a malformed position or a comment past 1000 characters (0)', async () => {
    await failed('createBookmark', 'position=5', 10);
    await failed('createBookmark', 'id=30', 10);
    expect(await failed('createBookmark', 'id=99999&position=5', 70)).toBe('Song not found');
    await failed('createBookmark', 'id=30&position=soon', 0);
    await failed('createBookmark', `id=30&position=5&comment=${'长'.repeat(1001)}`, 0);
    await failed('deleteBookmark', '', 10);
    expect((await ok('getBookmarks')).bookmarks.bookmark).toEqual([]);
  });
});

describe('ratings', () => {
  test('setRating: songs, albums and artists carry the listener’s userRating (and the average) in every answer; 0 removes it', async () => {
    await golden('setRating', 'id=40&rating=4', 'setRating');
    await ok('setRating', 'id=40&rating=2', '', otherAuth);
    await ok('setRating', 'id=al-5&rating=5');
    await ok('setRating', 'id=ar-3&rating=3');

    const song = (await ok('getSong', 'id=40')).song;
    expect(song).toMatchObject({ userRating: 4, averageRating: 3 });
    expect((await ok('getSong', 'id=40', '', otherAuth)).song).toMatchObject({ userRating: 2, averageRating: 3 });
    // Rated by someone else only: the average, no userRating.
    await ok('setRating', 'id=41&rating=5', '', otherAuth);
    const unrated = (await ok('getSong', 'id=41')).song;
    expect(unrated.userRating).toBeUndefined();
    expect(unrated.averageRating).toBe(5);

    const album = (await ok('getAlbum', 'id=al-5')).album;
    expect(album.userRating).toBe(5);
    expect(
      (await ok('getAlbumList2', 'type=alphabeticalByName&size=500')).albumList2.album.find((a: Json) => a.id === 'al-5').userRating,
    ).toBe(5);
    expect((await ok('getMusicDirectory', 'id=al-5')).directory.userRating).toBe(5);
    const artist = (await ok('getArtist', 'id=ar-3')).artist;
    expect(artist).toMatchObject({ userRating: 3, averageRating: 3 });
    const indexed = (await ok('getArtists')).artists.index.flatMap((i: Json) => i.artist).find((a: Json) => a.id === 'ar-3');
    expect(indexed.userRating).toBe(3);
    expect((await ok('getIndexes')).indexes.index.flatMap((i: Json) => i.artist).find((a: Json) => a.id === 'ar-3').userRating).toBe(3);
    const found = (await ok('search3', `query=${encodeURIComponent(song.title)}`)).searchResult3.song.find((s: Json) => s.id === '40');
    expect(found.userRating).toBe(4);
    await golden('getSong', 'id=40', 'getSong-rated');

    await ok('setRating', 'id=40&rating=0');
    expect((await ok('getSong', 'id=40')).song).toMatchObject({ averageRating: 2 });
    expect((await ok('getSong', 'id=40')).song.userRating).toBeUndefined();
  });

  test('refusals: rating outside 0–5 or not a number (0), a playlist (0), unknown things (70), missing params (10)', async () => {
    await failed('setRating', 'id=40&rating=6', 0);
    await failed('setRating', 'id=40&rating=2.5', 0);
    await failed('setRating', 'id=40&rating=-1', 0);
    await failed('setRating', 'id=pl-1&rating=3', 0);
    expect(await failed('setRating', 'id=99999&rating=3', 70)).toBe('Song not found');
    expect(await failed('setRating', 'id=al-99999&rating=3', 70)).toBe('Album not found');
    expect(await failed('setRating', 'id=ar-99999&rating=3', 70)).toBe('Artist not found');
    await failed('setRating', 'id=40', 10);
    await failed('setRating', 'rating=3', 10);
  });
});

describe('now playing', () => {
  const entries = async (auth?: string) => (await ok('getNowPlaying', '', 'viewer', ...(auth ? [auth] : []))).nowPlaying.entry as Json[];
  /** Moves past every entry's expiry (the longest song plus the 10-minute grace). */
  const expireAll = () => clock.advance(3 * 60 * 60_000);

  test('nothing playing: an empty list, not an error', async () => {
    expireAll();
    expect(await entries()).toEqual([]);
    await golden('getNowPlaying', '', 'getNowPlaying-empty');
  });

  test('a now-playing scrobble shows for every user with who, which player and how long ago; it expires after the song', async () => {
    expireAll();
    await ok('scrobble', 'id=50&submission=false', 'phone');
    const [entry] = await entries(otherAuth);
    expect(entry).toMatchObject({
      id: '50',
      username: expect.any(String),
      minutesAgo: 0,
      playerId: expect.any(Number),
      playerName: 'phone',
    });
    expect(entry!.state).toBeUndefined();
    const duration = entry!.duration as number;
    clock.advance(2 * 60_000);
    expect((await entries())[0]).toMatchObject({ id: '50', minutesAgo: 2 });
    // The same player's next song replaces it, keeping the player's id.
    await ok('scrobble', 'id=51&submission=false', 'phone');
    const next = await entries();
    expect(next.map((e) => [e.id, e.playerId])).toEqual([['51', entry!.playerId]]);
    // `duration` is rounded to seconds: a second either side of the song's end plus the grace.
    clock.advance((next[0]!.duration - 1) * 1000 + 10 * 60_000);
    expect(await entries()).toHaveLength(1);
    clock.advance(2000);
    expect(await entries()).toEqual([]);
    expect(duration).toBeGreaterThan(0);
  });

  test('a stream from the start is a song starting; a seek (a later range) or HEAD is not', async () => {
    expireAll();
    const stream = (headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
      t.app.inject({ method, url: `/rest/stream?${DEMO}&c=web&id=3`, headers });
    expect((await stream({ range: 'bytes=0-99' })).statusCode).toBe(206);
    expect(await entries()).toMatchObject([{ id: '3', playerName: 'web', minutesAgo: 0 }]);
    clock.advance(60_000);
    expect((await stream({ range: 'bytes=1000-1999' })).statusCode).toBe(206);
    expect((await stream({}, 'HEAD')).statusCode).toBe(200);
    expect(await entries()).toMatchObject([{ id: '3', minutesAgo: 1 }]);
  });

  test('reportPlayback: the state, a position moving at the playback rate, pauses, and a stop after half the song counting one play', async () => {
    expireAll();
    const report = (query: string, auth = `${DEMO}&c=car`) => ok('reportPlayback', `mediaType=song&${query}`, '', auth);
    const playCount = async () => (await ok('getSong', 'id=60')).song.playCount as number;
    const before = await playCount();
    const durationMs = (await ok('getSong', 'id=60')).song.duration * 1000;

    await golden('reportPlayback', 'mediaId=60&mediaType=song&positionMs=0&state=starting', 'reportPlayback', 'car');
    expect(await entries()).toMatchObject([{ id: '60', playerName: 'car', state: 'starting', positionMs: 0, playbackRate: 1 }]);
    await report('mediaId=60&positionMs=1000&state=playing&playbackRate=1.5');
    clock.advance(10_000);
    expect((await entries())[0]).toMatchObject({ state: 'playing', positionMs: 16_000, playbackRate: 1.5 });
    await ok('scrobble', 'id=61&submission=false', '', otherAuth);
    await golden('getNowPlaying', '', 'getNowPlaying');

    await report('mediaId=60&positionMs=20000&state=paused');
    clock.advance(5 * 60_000);
    expect((await entries()).find((e) => e.playerName === 'car')).toMatchObject({ state: 'paused', positionMs: 20_000, minutesAgo: 5 });
    await report(`mediaId=60&positionMs=${Math.ceil(durationMs * 0.6)}&state=stopped`);
    expect((await entries()).map((e) => e.id)).toEqual(['61']);
    expect(await playCount()).toBe(before + 1);

    // Not a play: stopped early, with ignoreScrobble, or with no playback reported before.
    clock.advance(60_000);
    await report('mediaId=60&positionMs=0&state=starting');
    await report(`mediaId=60&positionMs=${Math.floor(durationMs * 0.1)}&state=stopped`);
    await report('mediaId=60&positionMs=0&state=playing');
    await report(`mediaId=60&positionMs=${durationMs}&state=stopped&ignoreScrobble=true`);
    await report(`mediaId=60&positionMs=${durationMs}&state=stopped`);
    expect(await playCount()).toBe(before + 1);

    // A paused player that stops reporting is gone 10 minutes after its last report.
    await report('mediaId=60&positionMs=5000&state=PAUSED');
    clock.advance(10 * 60_000 - 1);
    expect((await entries()).map((e) => e.playerName)).toContain('car');
    clock.advance(1);
    expect((await entries()).map((e) => e.playerName)).not.toContain('car');
  });

  test('another server process over the same data directory sees the same players', async () => {
    expireAll();
    await ok('reportPlayback', 'mediaId=70&mediaType=song&positionMs=0&state=playing', 'tv');
    const second = await buildApp({ dataDir: t.dataDir, demo: true, clock: clock.now });
    try {
      const res = await second.inject({ url: `/rest/getNowPlaying?${DEMO}&c=x&f=json` });
      expect(res.json()['subsonic-response'].nowPlaying.entry).toMatchObject([{ id: '70', playerName: 'tv', state: 'playing' }]);
    } finally {
      await second.close();
    }
  });

  test('refusals: missing params (10), an unknown state, media type or rate (0), an unknown song or a podcast episode (70)', async () => {
    await failed('reportPlayback', 'mediaType=song&positionMs=0&state=playing', 10);
    await failed('reportPlayback', 'mediaId=60&positionMs=0&state=playing', 10);
    await failed('reportPlayback', 'mediaId=60&mediaType=song&state=playing', 10);
    await failed('reportPlayback', 'mediaId=60&mediaType=song&positionMs=0', 10);
    await failed('reportPlayback', 'mediaId=60&mediaType=song&positionMs=0&state=rewinding', 0);
    await failed('reportPlayback', 'mediaId=60&mediaType=video&positionMs=0&state=playing', 0);
    await failed('reportPlayback', 'mediaId=60&mediaType=song&positionMs=0&state=playing&playbackRate=0', 0);
    await failed('reportPlayback', 'mediaId=60&mediaType=song&positionMs=0&state=playing&playbackRate=fast', 0);
    await failed('reportPlayback', 'mediaId=60&mediaType=song&positionMs=soon&state=playing', 0);
    expect(await failed('reportPlayback', 'mediaId=99999&mediaType=song&positionMs=0&state=playing', 70)).toBe('Song not found');
    await failed('reportPlayback', 'mediaId=pe-1&mediaType=podcast&positionMs=0&state=playing', 70);
    await failed('scrobble', 'id=99999&submission=false', 70);
  });
});
