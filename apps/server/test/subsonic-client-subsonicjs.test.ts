import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseBuffer } from 'music-metadata';
import { SubsonicAPI } from 'subsonic-api';
import subsonicjs, { type Json } from 'subsonicjs';
import subsonicMethod from 'subsonicjs/lib/subsonicMethod';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { call, loginByPhone } from './account-helpers.ts';
import { startTestApp, type TestApp } from './helpers.ts';
import { runFfmpeg } from './import-media.ts';

/**
 * A second real Subsonic client library from npm, `subsonicjs` (CommonJS, node-fetch and qs, token
 * auth with one salt per instance), against a listening server: what its apps do — browse, info,
 * top songs, genres, bookmarks, a share opened by a browser without an account, a podcast episode
 * from a local feed, user admin and an API key — and a play queue handed between it and
 * `subsonic-api` (test/subsonic-client*.test.ts), two libraries naming themselves apart (`c`).
 *
 * What the library gets wrong, worked around here:
 * - it never puts `port` in the URL it builds (protocol + host + `/rest`): the host carries the port;
 * - it flattens an array param into numbered keys (`{ id: ['1', '2'] }` → `0=1&1=2`), so a repeated
 *   `id` (a queue, a share of several songs) cannot be sent: one id per call here;
 * - it logs every URL it fetches, credentials included, with console.log: silenced here.
 */
const dir = mkdtempSync(join(tmpdir(), 'cloudtune-subsonicjs-'));
const DEMO = { username: '13800000000', password: 'subsonic' };
let mp3: Buffer;
let feedServer: Server;
let feedOrigin: string;
let t: TestApp;
let base: string;
let host: string;

beforeAll(async () => {
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  await runFfmpeg(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', '-ac', '1', '-b:a', '64k', join(dir, 'ep.mp3')]);
  mp3 = readFileSync(join(dir, 'ep.mp3'));
  feedServer = createServer((req, res) => {
    if (req.url === '/ep.mp3') return void res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(mp3);
    if (req.url !== '/feed.xml') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(`<?xml version="1.0"?>
      <rss version="2.0"><channel><title>Subsonicjs Cast</title><description>A feed on this machine</description>
        <item><title>Episode one</title><guid>sj-1</guid><pubDate>Tue, 07 Jan 2025 10:00:00 GMT</pubDate>
          <enclosure url="/ep.mp3" type="audio/mpeg" length="${mp3.length}"/></item>
      </channel></rss>`);
  });
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
  feedOrigin = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}`;
  // A feed on loopback is refused unless the server is told to allow private addresses (README, Podcasts).
  t = await startTestApp({ podcastAllowPrivate: true });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  host = new URL(base).host;
});
afterAll(async () => {
  vi.restoreAllMocks();
  await t?.close();
  await new Promise((resolve) => feedServer?.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** A subsonicjs client: token auth, t = md5(password + s) with a salt of its own. */
function sj(username: string, password: string, client = 'subsonicjs') {
  const salt = randomBytes(6).toString('hex');
  return subsonicjs(username, md5(password + salt), salt, { protocol: 'http', host, format: 'json', client });
}
const demo = (client?: string) => sj(DEMO.username, DEMO.password, client);

/** subsonic-api naming itself `name` (it sends `c=subsonic-api` otherwise). */
const subsonicApi = (name: string) =>
  new SubsonicAPI({
    url: base,
    auth: DEMO,
    fetch: (input, init) => {
      const url = new URL(String(input));
      url.searchParams.set('c', name);
      return fetch(url, init);
    },
  });

const ok = (answer: Json) => {
  expect(answer).toMatchObject({ status: 'ok' });
  return answer;
};

test('ping with token auth; a wrong password is 40', async () => {
  expect(await demo().system.ping()).toMatchObject({ status: 'ok', version: '1.16.1', openSubsonic: true, type: 'cloudtune' });
  expect(await sj(DEMO.username, 'wrong-password').system.ping()).toMatchObject({ status: 'failed', error: { code: 40 } });
});

test('browse: music folders, indexes and artists agree, artist → album → song', async () => {
  const api = demo();
  expect(ok(await api.browsing.getMusicFolders()).musicFolders.musicFolder).toEqual([{ id: 1, name: 'Cloudtune' }]);
  const { artists } = ok(await api.browsing.getArtists());
  const indexed = artists.index.flatMap((i: Json) => i.artist.map((a: Json) => a.id));
  const { indexes } = ok(await api.browsing.getIndexes());
  expect(indexes.index.flatMap((i: Json) => i.artist.map((a: Json) => a.id))).toHaveLength(indexed.length);
  const first = artists.index[0].artist[0];
  const { artist } = ok(await api.browsing.getArtist(first.id));
  expect(artist).toMatchObject({ id: first.id, name: first.name });
  expect(artist.album).toHaveLength(first.albumCount);
  const { album } = ok(await api.browsing.getAlbum(artist.album[0].id));
  expect(album).toMatchObject({ id: artist.album[0].id, name: artist.album[0].name, artistId: artist.id });
  expect(album.song).toHaveLength(album.songCount);
  const { song } = ok(await api.browsing.getSong(album.song[0].id));
  expect(song).toMatchObject({ id: album.song[0].id, title: album.song[0].title, albumId: album.id, album: album.name });
  const { searchResult3 } = ok(await api.searching.search3(song.title, { songCount: 10, albumCount: 0, artistCount: 0 }));
  expect(searchResult3.song.map((s: Json) => s.id)).toContain(song.id);
});

test('info: getArtistInfo2 and getAlbumInfo2 from the library; getTopSongs by name', async () => {
  const api = demo();
  const { artist } = ok(await api.browsing.getArtist('ar-2'));
  const { artistInfo2 } = ok(await api.browsing.getArtistInfo2(artist.id, { count: 3 }));
  expect(artistInfo2.biography).toContain(artist.name);
  expect(artistInfo2.similarArtist).toHaveLength(3);
  expect(artistInfo2.similarArtist.map((a: Json) => a.id)).not.toContain(artist.id);
  expect(artistInfo2.largeImageUrl).toBe(`${base}/api/media/image/artist/2.jpg`);
  const { albumInfo } = ok(await api.browsing.getAlbumInfo2(artist.album[0].id));
  expect(albumInfo.notes).toContain(artist.album[0].name);
  const { topSongs } = ok(await api.browsing.getTopSongs(artist.name, { count: 5 }));
  expect(topSongs.song).toHaveLength(5);
  for (const song of topSongs.song) expect(song.artist).toContain(artist.name);
  expect(new Set(topSongs.song.map((s: Json) => s.id)).size).toBe(5);
});

test('genres: getGenres counts what getSongsByGenre and getAlbumList2 byGenre list', async () => {
  const api = demo();
  const { genres } = ok(await api.browsing.getGenres());
  const genre = genres.genre.find((g: Json) => g.songCount > 10 && g.albumCount > 1);
  expect(genre).toBeDefined();
  const { songsByGenre } = ok(await api.browsing.getSongsByGenre(genre.value, { count: 500 }));
  expect(songsByGenre.song).toHaveLength(genre.songCount);
  for (const song of songsByGenre.song) expect(song.genres.map((g: Json) => g.name)).toContain(genre.value);
  const { albumList2 } = ok(await api.browsing.getAlbumList2('byGenre', { genre: genre.value, size: 500 }));
  expect(albumList2.album).toHaveLength(genre.albumCount);
  const albumsOfSongs = new Set(songsByGenre.song.map((s: Json) => s.albumId));
  for (const album of albumList2.album) expect(albumsOfSongs.has(album.id)).toBe(true);
});

test('a play queue saved with subsonic-api is restored with subsonicjs, and the other way round', async () => {
  const phone = subsonicApi('phone-subsonic-api');
  const desktop = demo('desktop-subsonicjs');
  expect(await phone.savePlayQueue({ id: ['21', '22', '23'], current: '22', position: 45_000 })).toMatchObject({ status: 'ok' });
  const restored = ok(await desktop.playqueue.getPlayQueue()).playQueue;
  expect(restored).toMatchObject({ current: '22', position: 45_000, changedBy: 'phone-subsonic-api' });
  expect(restored.entry.map((e: Json) => e.id)).toEqual(['21', '22', '23']);
  expect(restored.entry[1]).toMatchObject({ id: '22', isDir: false });
  // One id only: the library cannot repeat `id` (see the top of this file).
  ok(await desktop.playqueue.savePlayQueue('23', { current: '23', position: 12_345 }));
  const { playQueue } = await phone.getPlayQueue();
  expect(playQueue).toMatchObject({ current: '23', position: 12_345, changedBy: 'desktop-subsonicjs' });
  expect(playQueue!.entry!.map((e) => e.id)).toEqual(['23']);
  expect(new Date(playQueue!.changed).getTime()).toBeGreaterThanOrEqual(Date.parse(restored.changed));
});

test('bookmarks: create, list with the song and comment, move, delete', async () => {
  const api = demo();
  ok(await api.bookmarks.createBookmark('25', 30_000, { comment: '副歌之前' }));
  ok(await api.bookmarks.createBookmark('26', 5_000));
  let { bookmarks } = ok(await api.bookmarks.getBookmarks());
  expect(bookmarks.bookmark.map((b: Json) => [b.entry.id, b.position, b.comment])).toEqual(
    expect.arrayContaining([
      ['25', 30_000, '副歌之前'],
      ['26', 5_000, ''],
    ]),
  );
  expect(bookmarks.bookmark).toHaveLength(2);
  // Saving again moves it: still one bookmark for the song.
  ok(await api.bookmarks.createBookmark('25', 61_000, { comment: '第二段' }));
  ok(await api.bookmarks.deleteBookmark('26'));
  ({ bookmarks } = ok(await api.bookmarks.getBookmarks()));
  expect(bookmarks.bookmark).toMatchObject([{ position: 61_000, comment: '第二段', entry: { id: '25' } }]);
  ok(await api.bookmarks.deleteBookmark('25'));
  expect(ok(await api.bookmarks.getBookmarks()).bookmarks.bookmark).toEqual([]);
});

test('a share of an album made with subsonicjs opens without a login and plays with Range', async () => {
  const api = demo();
  const { album } = ok(await api.browsing.getAlbum('al-3'));
  const { shares } = ok(await api.sharing.createShare(album.id, { description: 'subsonicjs 分享' }));
  const share = shares.share[0];
  expect(share).toMatchObject({ description: 'subsonicjs 分享', visitCount: 0 });
  expect(share.url).toBe(`${base}/share/${share.id}`);
  expect(share.entry.map((e: Json) => e.id)).toEqual(album.song.map((s: Json) => s.id));
  // A browser with no cookie and no credentials.
  const page = await fetch(share.url);
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  const html = await page.text();
  expect(html).toContain('subsonicjs 分享');
  for (const song of album.song) expect(html).toContain(song.title);
  const audio = [...html.matchAll(/href="(\/share\/[^"]+\/audio\/\d+)"/g)].map((m) => m[1]!);
  expect(audio).toEqual(album.song.map((s: Json) => `/share/${share.id}/audio/${s.id}`));
  const part = await fetch(`${base}${audio[0]}`, { headers: { range: 'bytes=0-2047' } });
  expect(part.status).toBe(206);
  expect(part.headers.get('content-type')).toMatch(/^audio\//);
  expect(part.headers.get('content-range')).toMatch(/^bytes 0-2047\/\d+$/);
  const bytes = Buffer.from(await part.arrayBuffer());
  expect(bytes.length).toBe(2048);
  const whole = Buffer.from(await (await fetch(api.media.stream(album.song[0].id))).arrayBuffer());
  expect(bytes.equals(whole.subarray(0, 2048))).toBe(true);
  expect(ok(await api.sharing.getShares()).shares.share).toMatchObject([{ id: share.id, visitCount: 1 }]);
  ok(await api.sharing.deleteShare(share.id));
  expect((await fetch(share.url)).status).toBe(404);
});

test('a podcast from a local feed: subscribe, download, wait until completed, stream real audio', async () => {
  const api = demo();
  ok(await api.podcasts.createPodcastChannel(`${feedOrigin}/feed.xml`));
  const { podcasts } = ok(await api.podcasts.getPodcasts({ includeEpisodes: true }));
  const channel = podcasts.channel.find((c: Json) => c.url === `${feedOrigin}/feed.xml`);
  expect(channel).toMatchObject({ title: 'Subsonicjs Cast', description: 'A feed on this machine', status: 'completed' });
  expect(channel.episode).toHaveLength(1);
  const episode = channel.episode[0];
  expect(episode).toMatchObject({ title: 'Episode one', status: 'new', channelId: channel.id });
  ok(await api.podcasts.downloadPodcastEpisode(episode.id));
  const done = await vi.waitFor(
    async () => {
      const answer = ok(await api.podcasts.getPodcasts({ id: channel.id, includeEpisodes: true }));
      const now = answer.podcasts.channel[0].episode[0];
      expect(now.status).toBe('completed');
      return now;
    },
    { timeout: 20_000, interval: 50 },
  );
  expect(done).toMatchObject({ id: episode.id, size: mp3.length, contentType: 'audio/mpeg' });
  const url = api.media.stream(done.streamId);
  const part = await fetch(url, { headers: { range: 'bytes=0-99' } });
  expect(part.status).toBe(206);
  expect(Buffer.from(await part.arrayBuffer()).equals(mp3.subarray(0, 100))).toBe(true);
  const whole = Buffer.from(await (await fetch(url)).arrayBuffer());
  expect(whole.equals(mp3)).toBe(true);
  const meta = await parseBuffer(whole, { mimeType: 'audio/mpeg' });
  expect(meta.format.codec).toMatch(/MPEG 1 Layer 3|MP3/i);
  expect(meta.format.duration).toBeCloseTo(2, 0);
});

test('user admin: create, list, update, change the password, delete — and a user who is not an administrator is refused (50)', async () => {
  const admin = demo();
  ok(await admin.user.createUser('ada', 'ada-pw-1', 'ada@example.com'));
  const { users } = ok(await admin.user.getUsers());
  expect(users.user.find((u: Json) => u.username === 'ada')).toMatchObject({
    email: 'ada@example.com',
    adminRole: false,
    podcastRole: false,
  });
  ok(await admin.user.updateUser('ada', { email: 'ada@lovelace.example', podcastRole: true }));
  const ada = sj('ada', 'ada-pw-1');
  expect(ok(await ada.user.getUser('ada')).user).toMatchObject({
    username: 'ada',
    email: 'ada@lovelace.example',
    adminRole: false,
    podcastRole: true,
  });
  // Not an administrator: no list of users, no new users, no deleting, nobody else's password.
  expect(await ada.user.getUsers()).toMatchObject({ status: 'failed', error: { code: 50 } });
  expect(await ada.user.createUser('eve', 'eve-pw-1', 'eve@example.com')).toMatchObject({ status: 'failed', error: { code: 50 } });
  expect(await ada.user.deleteUser(DEMO.username)).toMatchObject({ status: 'failed', error: { code: 50 } });
  expect(await ada.user.updateUser(DEMO.username, { adminRole: false })).toMatchObject({ status: 'failed', error: { code: 50 } });
  expect(await ada.user.changePassword(DEMO.username, 'taken-over')).toMatchObject({ status: 'failed', error: { code: 50 } });
  expect(await demo().system.ping()).toMatchObject({ status: 'ok' });
  // The administrator changes ada's password: the old one stops working.
  ok(await admin.user.changePassword('ada', 'ada-pw-2'));
  expect(await sj('ada', 'ada-pw-1').system.ping()).toMatchObject({ status: 'failed', error: { code: 40 } });
  expect(await sj('ada', 'ada-pw-2').system.ping()).toMatchObject({ status: 'ok' });
  ok(await admin.user.deleteUser('ada'));
  expect(ok(await admin.user.getUsers()).users.user.map((u: Json) => u.username)).not.toContain('ada');
  expect(await sj('ada', 'ada-pw-2').system.ping()).toMatchObject({ status: 'failed', error: { code: 40 } });
});

/** tokenInfo (OpenSubsonic apiKeyAuthentication) is not among subsonicjs's methods: made with its own method builder. */
const tokenInfo = subsonicMethod({ method: 'GET', path: 'tokenInfo', minVersion: '1.16.1' });

test('an API key made in 设置 → Subsonic logs subsonicjs in alone; tokenInfo names its user; revoked → 44', async () => {
  const session = await loginByPhone(t.app, DEMO.username, 'cloudtune');
  const made = (await call(t.app, '/api/subsonic/keys/create?name=subsonicjs', { session, method: 'POST' })).body.data as {
    id: number;
    key: string;
  };
  // No user, token or salt: the library leaves out what is undefined, and the key goes as a param of its own.
  const keyed = subsonicjs(undefined, undefined, undefined, { protocol: 'http', host, format: 'json', client: 'subsonicjs-key' });
  expect(await keyed.system.ping({ apiKey: made.key })).toMatchObject({ status: 'ok' });
  const { user } = ok(await demo().user.getUser(DEMO.username));
  expect(ok(await tokenInfo.call(keyed.system, { apiKey: made.key })).tokenInfo).toEqual({ username: user.username });
  expect(ok(await keyed.browsing.getAlbum('al-1', { apiKey: made.key })).album.id).toBe('al-1');
  // With a user name as well: conflicting mechanisms (43).
  expect(await demo().system.ping({ apiKey: made.key })).toMatchObject({ status: 'failed', error: { code: 43 } });
  const keys = (await call(t.app, '/api/subsonic/keys', { session })).body.data as { id: number; name: string }[];
  expect(keys).toEqual(expect.arrayContaining([expect.objectContaining({ id: made.id, name: 'subsonicjs' })]));
  await call(t.app, `/api/subsonic/keys/revoke?id=${made.id}`, { session, method: 'POST' });
  expect(await keyed.system.ping({ apiKey: made.key })).toMatchObject({ status: 'failed', error: { code: 44 } });
});

test('jukebox, radio and chat through subsonicjs: jukeboxControl is 50, a station and a message read back', async () => {
  const api = demo();
  expect(await api.jukebox.jukeboxControl('status')).toMatchObject({ status: 'failed', error: { code: 50 } });
  ok(await api.internetradio.createInternetRadioStation('https://radio.example/sj', 'subsonicjs FM'));
  const { internetRadioStations } = ok(await api.internetradio.getInternetRadioStations());
  expect(internetRadioStations.internetRadioStation).toEqual([
    expect.objectContaining({ name: 'subsonicjs FM', streamUrl: 'https://radio.example/sj' }),
  ]);
  ok(await api.chat.addChatMessage('来自 subsonicjs'));
  const { chatMessages } = ok(await api.chat.getChatMessages());
  expect(chatMessages.chatMessage[0]).toMatchObject({ message: '来自 subsonicjs' });
});
