import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '../src/db/connection.ts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { toXml } from '../src/http/subsonic-envelope.ts';
import { streamWish } from '../src/routes/subsonic/media.ts';
import { chooseVariant } from '../src/services/transcode-choice.ts';
import { SubsonicParams } from '../src/routes/subsonic/params.ts';
import { call, loginByPhone, register } from './account-helpers.ts';
import { shapeOf, startTestApp, type TestApp } from './helpers.ts';

/**
 * The Subsonic API at /rest (decision 0022): auth by app password, XML and JSON, Subsonic's
 * error codes, browsing, lists, search, media, lyrics, stars, scrobbles and playlists — inject
 * tests over a real demo library (subsonic-client.test.ts drives it with a real client library).
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const DEMO = 'u=13800000000&p=subsonic&v=1.16.1&c=test';
/** The demo's credentials: its built-in app password until a test makes a new one. */
let demoAuth = DEMO;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function rest(method: string, query = '', auth = demoAuth): Promise<Json> {
  const res = await t.app.inject({ url: `/rest/${method}?${[auth, 'f=json', query].filter(Boolean).join('&')}` });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return (res.json() as Json)['subsonic-response'];
}
async function ok(method: string, query = '', auth = demoAuth): Promise<Json> {
  const body = await rest(method, query, auth);
  expect(body.error).toBeUndefined();
  expect(body).toMatchObject({ status: 'ok', version: '1.16.1', type: 'cloudtune', openSubsonic: true });
  return body;
}
async function failed(method: string, query: string, code: number, auth = demoAuth): Promise<string> {
  const body = await rest(method, query, auth);
  expect(body.status).toBe('failed');
  expect(body.error.code).toBe(code);
  return body.error.message as string;
}
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

describe('auth', () => {
  test('the demo account works out of the box with its app password: plain, enc:hex and token', async () => {
    await ok('ping');
    await ok('ping', '', `u=13800000000&p=enc:${Buffer.from('subsonic').toString('hex')}`);
    await ok('ping', '', `u=demo@cloudtune.local&t=${md5('subsonicabc123')}&s=abc123`);
    // the nickname names the user too
    const user = (await ok('getUser')).user;
    await ok('ping', '', `u=${encodeURIComponent(user.username)}&p=subsonic`);
  });

  test('the login password never works; wrong, missing and conflicting credentials get 40, 10 and 43', async () => {
    expect(await failed('ping', '', 40, 'u=13800000000&p=cloudtune')).toBe('Wrong username or password');
    await failed('ping', '', 40, `u=13800000000&t=${md5('cloudtunexyz')}&s=xyz`);
    await failed('ping', '', 40, 'u=13999999999&p=subsonic');
    await failed('ping', '', 10, 'p=subsonic');
    await failed('ping', '', 10, 'u=13800000000');
    await failed('ping', '', 43, 'u=13800000000&apiKey=x');
    await failed('ping', '', 44, 'apiKey=not-a-key');
  });

  test('/subsonic/password makes a new one (shown once) that replaces the old; revoking ends it; apiKey is the same secret', async () => {
    const session = await loginByPhone(t.app, '13800000000', 'cloudtune');
    expect((await call(t.app, '/api/subsonic/password/status', { session })).body.data).toMatchObject({
      exists: true,
      username: '13800000000',
    });
    expect((await call(t.app, '/api/subsonic/password', { method: 'POST' })).status).toBe(301);
    const made = (await call(t.app, '/api/subsonic/password', { session, method: 'POST' })).body.data as Json;
    expect(made.password).toMatch(/^[a-z2-9]{5}(-[a-z2-9]{5}){3}$/);
    expect(made.username).toBe('13800000000');
    await failed('ping', '', 40);
    await ok('ping', '', `u=13800000000&p=${made.password}`);
    await ok('ping', '', `u=13800000000&t=${md5(`${made.password}s4lt`)}&s=s4lt`);
    await ok('ping', '', `apiKey=${made.password}`);
    // stored encrypted with the data dir's key: the database alone holds neither the password nor its MD5
    const db = await openDatabase(t.dataDir);
    const stored = await db.all<{ secret: string; keyHash: string }>('SELECT secret, key_hash AS keyHash FROM subsonic_passwords');
    await db.close();
    expect(stored.length).toBeGreaterThan(0);
    for (const row of stored) expect(`${row.secret} ${row.keyHash}`).not.toMatch(new RegExp(`${made.password}|${md5(made.password)}`));
    expect(existsSync(join(t.dataDir, 'secret.key'))).toBe(true);
    expect((await call(t.app, '/api/subsonic/password/revoke', { session, method: 'POST' })).body.data).toEqual({ revoked: true });
    await failed('ping', '', 40, `u=13800000000&p=${made.password}`);
    await failed('ping', '', 44, `apiKey=${made.password}`);
    expect((await call(t.app, '/api/subsonic/password/status', { session })).body.data).toMatchObject({ exists: false, createdAt: null });
    // the demo's own password comes back at the next start only; give it back for the other tests
    const again = (await call(t.app, '/api/subsonic/password', { session, method: 'POST' })).body.data as Json;
    demoAuth = `u=13800000000&p=${again.password}`;
  });
});

describe('documents', () => {
  test('XML by default (with and without .view), JSON with f=json, JSONP with a callback', async () => {
    for (const path of ['/rest/ping', '/rest/ping.view']) {
      const res = await t.app.inject({ url: `${path}?${demoAuth}` });
      expect(res.headers['content-type']).toMatch(/^text\/xml/);
      expect(res.body).toBe(
        '<?xml version="1.0" encoding="UTF-8"?>\n<subsonic-response xmlns="http://subsonic.org/restapi" status="ok" version="1.16.1" type="cloudtune" serverVersion="0.1.0" openSubsonic="true"/>',
      );
    }
    const post = await t.app.inject({
      method: 'POST',
      url: '/rest/ping.view',
      payload: `${demoAuth}&f=json`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(post.json()['subsonic-response'].status).toBe('ok');
    // web players on other origins read the answers (no cookie authenticates /rest)
    const cors = await t.app.inject({ url: `/rest/ping?${demoAuth}`, headers: { origin: 'https://player.example' } });
    expect(cors.headers['access-control-allow-origin']).toBe('*');
    expect(cors.headers['access-control-allow-credentials']).toBeUndefined();
    const jsonp = await t.app.inject({ url: `/rest/ping?${demoAuth}&f=jsonp&callback=cb` });
    expect(jsonp.body).toMatch(/^cb\(\{"subsonic-response":\{"status":"ok"/);
  });

  test('XML: scalars are attributes, lists repeated elements, `value` the text, special characters escaped', () => {
    expect(toXml('ok', { lyrics: { artist: 'A & B', title: '"x"', value: '<line>' }, user: { folder: [1, 2] } })).toContain(
      '<lyrics artist="A &amp; B" title="&quot;x&quot;">&lt;line&gt;</lyrics><user><folder>1</folder><folder>2</folder></user>',
    );
    expect(toXml('failed', { error: { code: 40, message: 'Wrong username or password' } })).toContain(
      'status="failed" version="1.16.1" type="cloudtune" serverVersion="0.1.0" openSubsonic="true"><error code="40" message="Wrong username or password"/>',
    );
  });

  test('errors: unknown ids are 70, a missing id 10, a malformed one and an unknown method 0 (never named) — always HTTP 200', async () => {
    expect(await failed('getNothing', '', 0)).toBe('Unknown method');
    await failed('getAlbum', 'id=al-99999', 70);
    await failed('getSong', 'id=99999', 70);
    await failed('getArtist', 'id=ar-99999', 70);
    await failed('getPlaylist', 'id=99999', 70);
    expect(await failed('getAlbum', '', 10)).toBe('Required parameter is missing: id');
    await failed('getAlbum', 'id=al-x', 0);
    await failed('getAlbumList2', 'type=byYear', 10);
    await failed('getAlbumList2', 'type=sideways', 0);
    await failed('stream', 'id=99999', 70);
    await failed('getCoverArt', 'id=al-99999', 70);
    await failed('getAlbumList2', 'type=random&size=abc', 0);
  });

  test('system: ping, license, extensions, music folders, user, genres', async () => {
    expect((await ok('getLicense')).license.valid).toBe(true);
    expect((await ok('getMusicFolders')).musicFolders).toEqual({ musicFolder: [{ id: 1, name: 'Cloudtune' }] });
    expect((await ok('getOpenSubsonicExtensions')).openSubsonicExtensions.map((e: Json) => e.name)).toEqual([
      'apiKeyAuthentication',
      'formPost',
      'getPodcastEpisode',
      'indexBasedQueue',
      'playbackReport',
      'songLyrics',
      'topSongsByArtistId',
      'transcodeOffset',
      'transcoding',
    ]);
    const user = (await ok('getUser', 'username=13800000000')).user;
    expect(user).toMatchObject({ email: 'demo@cloudtune.local', streamRole: true, playlistRole: true, adminRole: true, folder: [1] });
    // an administrator reads any user: a name nobody has is not found (others get 50: subsonic-users.test.ts)
    await failed('getUser', 'username=nobody-else', 70);
  });
});

describe('browsing', () => {
  test('artists → artist → album → song, with the golden shapes', async () => {
    const artists = (await ok('getArtists', '', demoAuth)).artists;
    const names = artists.index.map((i: Json) => i.name);
    expect(names.at(-1) === '#' || !names.includes('#')).toBe(true);
    const all = artists.index.flatMap((i: Json) => i.artist);
    expect(all.length).toBeGreaterThan(20);
    expect(all.every((a: Json) => /^ar-\d+$/.test(a.id) && a.albumCount > 0)).toBe(true);
    const artist = (await ok('getArtist', `id=${all[0].id}`, demoAuth)).artist;
    expect(artist.album.length).toBe(all[0].albumCount);
    const album = (await ok('getAlbum', `id=${artist.album[0].id}`, demoAuth)).album;
    expect(album.song.length).toBe(album.songCount);
    expect(album.duration).toBe(album.song.reduce((n: number, s: Json) => n + s.duration, 0) || album.duration);
    const song = (await ok('getSong', `id=${album.song[0].id}`, demoAuth)).song;
    expect(song).toMatchObject({
      albumId: album.id,
      parent: album.id,
      coverArt: album.id,
      isDir: false,
      suffix: 'mp3',
      contentType: 'audio/mpeg',
      bitRate: 128,
      type: 'music',
    });
    expect(song.size).toBeGreaterThan(0);
    // a bare number is taken where the kind is known
    expect((await ok('getAlbum', `id=${album.id.slice(3)}`, demoAuth)).album.id).toBe(album.id);
    expect({
      artists: shapeOf(artists.index[0].artist[0]),
      artist: shapeOf({ ...artist, album: [] }),
      album: shapeOf({ ...album, song: [] }),
      song: shapeOf(song),
    }).toMatchSnapshot();
  });

  test('getIndexes and getMusicDirectory walk the same tree as folders', async () => {
    const indexes = (await ok('getIndexes', '', demoAuth)).indexes;
    expect(indexes.lastModified).toBeGreaterThan(0);
    const artist = indexes.index[0].artist[0];
    const dir = (await ok('getMusicDirectory', `id=${artist.id}`, demoAuth)).directory;
    expect(dir).toMatchObject({ id: artist.id, name: artist.name });
    expect(dir.child.every((c: Json) => c.isDir && c.parent === artist.id)).toBe(true);
    const albumDir = (await ok('getMusicDirectory', `id=${dir.child[0].id}`, demoAuth)).directory;
    expect(albumDir.parent).toBe(artist.id);
    expect(albumDir.child.every((c: Json) => !c.isDir && c.parent === dir.child[0].id)).toBe(true);
  });

  test('getAlbumList2: every type answers; newest, alphabetical, byYear, frequent order as named; size and offset page', async () => {
    for (const type of ['random', 'newest', 'highest', 'frequent', 'alphabeticalByName', 'alphabeticalByArtist']) {
      expect((await ok('getAlbumList2', `type=${type}&size=5`, demoAuth)).albumList2.album).toHaveLength(5);
    }
    expect((await ok('getAlbumList2', 'type=byGenre&genre=Rock', demoAuth)).albumList2.album).toEqual([]);
    const page1 = (await ok('getAlbumList2', 'type=alphabeticalByName&size=4', demoAuth)).albumList2.album;
    const page2 = (await ok('getAlbumList2', 'type=alphabeticalByName&size=4&offset=2', demoAuth)).albumList2.album;
    expect(page2[0].id).toBe(page1[2].id);
    const years = (await ok('getAlbumList2', 'type=byYear&fromYear=2020&toYear=2024&size=500', demoAuth)).albumList2.album;
    expect(years.length).toBeGreaterThan(0);
    expect(years.every((a: Json) => a.year >= 2020 && a.year <= 2024)).toBe(true);
    expect(years.map((a: Json) => a.year)).toEqual([...years.map((a: Json) => a.year)].sort((x, y) => x - y));
    const down = (await ok('getAlbumList2', 'type=byYear&fromYear=2024&toYear=2020&size=500', demoAuth)).albumList2.album;
    expect(down.map((a: Json) => a.year)).toEqual([...years.map((a: Json) => a.year)].reverse());
    expect((await ok('getAlbumList', 'type=newest&size=2', demoAuth)).albumList.album[0]).toMatchObject({ isDir: true });
  });

  test('getRandomSongs and search3 (the NetEase search; an empty query pages through everything)', async () => {
    const random = (await ok('getRandomSongs', 'size=7', demoAuth)).randomSongs.song;
    expect(random).toHaveLength(7);
    const found = (await ok('search3', `query=${encodeURIComponent('月光')}&songCount=5`, demoAuth)).searchResult3;
    expect(found.song.length).toBeGreaterThan(0);
    expect(found.song.every((s: Json) => `${s.title}${s.album}${s.artist}`.includes('月') || s.title.length > 0)).toBe(true);
    const everything = (await ok('search3', 'query=&songCount=500&albumCount=0&artistCount=0', demoAuth)).searchResult3;
    expect(everything.song).toHaveLength(480);
    expect(everything.album).toEqual([]);
    const quoted = (await ok('search3', 'query=%22%22&artistCount=3&albumCount=3&songCount=0', demoAuth)).searchResult3;
    expect([quoted.artist.length, quoted.album.length]).toEqual([3, 3]);
  });
});

describe('media', () => {
  test('stream honours Range; maxBitRate maps onto the transcoder levels; download names the file', async () => {
    const res = await t.app.inject({ url: `/rest/stream.view?id=1&${demoAuth}`, headers: { range: 'bytes=0-1023' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.headers['content-range']).toMatch(/^bytes 0-1023\/\d+$/);
    expect(res.rawPayload.length).toBe(1024);
    const whole = await t.app.inject({ url: `/rest/stream?id=1&maxBitRate=96&${demoAuth}` });
    expect(whole.statusCode).toBe(200);
    expect(Number(whole.headers['content-length'])).toBe(Number(res.headers['content-range']!.toString().split('/')[1]));
    // real MP3: an ID3 tag, then frames
    expect(whole.rawPayload.subarray(0, 3).toString('latin1')).toBe('ID3');
    const dl = await t.app.inject({ url: `/rest/download?id=1&${demoAuth}` });
    expect(dl.headers['content-disposition']).toMatch(/^attachment; filename\*=UTF-8''.+\.mp3$/);
    expect(dl.rawPayload.equals(whole.rawPayload)).toBe(true);
  });

  test('maxBitRate and format → the variant asked of the transcoder', () => {
    const flac = { type: 'flac', bitrate: 900_000, lossless: true };
    const choose = (q: Record<string, string>) => chooseVariant(flac, streamWish(new SubsonicParams(q)));
    expect(choose({})).toBeNull();
    expect(choose({ maxBitRate: '0' })).toBeNull();
    expect(choose({ maxBitRate: '320' })).toEqual({ format: 'mp3', bitrate: 320_000 });
    expect(choose({ maxBitRate: '256' })).toEqual({ format: 'mp3', bitrate: 192_000 });
    expect(choose({ maxBitRate: '64' })).toEqual({ format: 'mp3', bitrate: 128_000 });
    expect(choose({ format: 'mp3' })).toEqual({ format: 'mp3', bitrate: 320_000 });
    expect(choose({ format: 'raw', maxBitRate: '128' })).toBeNull();
  });

  test('getCoverArt draws albums, artists, playlists and a song (its album) at the size asked', async () => {
    const sharp = (await import('sharp')).default;
    for (const id of ['al-1', 'ar-1', 'pl-1', '1']) {
      const res = await t.app.inject({ url: `/rest/getCoverArt?id=${id}&size=100&${demoAuth}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(res.rawPayload).metadata();
      expect(Math.max(meta.width!, meta.height!)).toBeGreaterThanOrEqual(100);
      expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(256);
    }
  });

  test('lyrics: getLyrics by artist and title (plain text), getLyricsBySongId (timed lines in ms)', async () => {
    const song = (await ok('getSong', 'id=1', demoAuth)).song;
    const plain = (
      await ok('getLyrics', `artist=${encodeURIComponent(song.artists[0].name)}&title=${encodeURIComponent(song.title)}`, demoAuth)
    ).lyrics;
    expect(plain.title).toBe(song.title);
    expect(plain.value).not.toMatch(/\[\d/);
    expect(plain.value.split('\n').length).toBeGreaterThan(3);
    const timed = (await ok('getLyricsBySongId', 'id=1', demoAuth)).lyricsList.structuredLyrics[0];
    expect(timed).toMatchObject({ displayTitle: song.title, synced: true, offset: 0 });
    expect(timed.line[2].start).toBeGreaterThan(timed.line[1].start);
    expect((await ok('getLyrics', 'artist=nobody&title=zzzzzzzzqqq', demoAuth)).lyrics).toEqual({});
    const xml = await t.app.inject({ url: `/rest/getLyricsBySongId?id=1&${demoAuth}` });
    expect(xml.body).toMatch(
      /<structuredLyrics displayArtist="[^"]+" displayTitle="[^"]+" offset="0" lang="und" synced="true"><line start="0">/,
    );
  });
});

describe('the listener', () => {
  test('star and unstar albums and artists: getStarred2 lists them, the entries say starred', async () => {
    await ok('star', 'albumId=al-3&artistId=ar-2', demoAuth);
    const starred = (await ok('getStarred2', '', demoAuth)).starred2;
    expect(starred.album.map((a: Json) => a.id)).toContain('al-3');
    expect(starred.artist.map((a: Json) => a.id)).toContain('ar-2');
    expect((await ok('getAlbum', 'id=al-3', demoAuth)).album.starred).toMatch(/^\d{4}-/);
    expect((await ok('getAlbumList2', 'type=starred', demoAuth)).albumList2.album.map((a: Json) => a.id)).toEqual(['al-3']);
    await ok('unstar', 'albumId=al-3&artistId=ar-2', demoAuth);
    const after = (await ok('getStarred2', '', demoAuth)).starred2;
    expect(after.album).toEqual([]);
    expect(after.artist).toEqual([]);
    await failed('star', 'albumId=al-99999', 70, demoAuth);
  });

  test('scrobble records a play for the listener (a repeat within 20 s is not counted); submission=false records nothing', async () => {
    const before = (await ok('getSong', 'id=7', demoAuth)).song.playCount;
    await ok('scrobble', 'id=7&submission=false', demoAuth);
    expect((await ok('getSong', 'id=7', demoAuth)).song.playCount).toBe(before);
    await ok('scrobble', 'id=7', demoAuth);
    await ok('scrobble', 'id=7', demoAuth);
    const song = (await ok('getSong', 'id=7', demoAuth)).song;
    expect(song.playCount).toBe(before + 1);
    expect((await ok('getAlbumList2', 'type=recent&size=1', demoAuth)).albumList2.album[0].id).toBe(song.albumId);
    await failed('scrobble', 'id=99999', 70, demoAuth);
  });

  test('starring a song puts it in 我喜欢的音乐 (what /likelist reads); unstarring takes it out', async () => {
    const session = await loginByPhone(t.app, '13800000000', 'cloudtune');
    await ok('unstar', 'id=20', demoAuth);
    await ok('star', 'id=20', demoAuth);
    const status = (await call(t.app, '/api/login/status', { session })).body as unknown as { data: { account: { id: number } } };
    const likelist = async () =>
      ((await call(t.app, `/api/likelist?uid=${status.data.account.id}`, { session })).body as unknown as { ids: number[] }).ids;
    expect(await likelist()).toContain(20);
    expect((await ok('getSong', 'id=20', demoAuth)).song.starred).toMatch(/^\d{4}-/);
    expect((await ok('getStarred2', '', demoAuth)).starred2.song[0].id).toBe('20');
    await ok('unstar', 'id=20', demoAuth);
    expect(await likelist()).not.toContain(20);
    await failed('star', 'id=99999', 70, demoAuth);
  });

  test('playlist writes: create, update (name, comment, removals by position, additions), delete; only the owner, never 我喜欢的音乐', async () => {
    const created = (await ok('createPlaylist', 'name=%E5%A4%9C%E8%B7%91&songId=30&songId=31&songId=32', demoAuth)).playlist;
    expect(created).toMatchObject({ name: '夜跑', songCount: 3, public: true });
    expect(created.entry.map((e: Json) => e.id)).toEqual(['30', '31', '32']);
    await ok(
      'updatePlaylist',
      `playlistId=${created.id}&name=%E6%99%A8%E8%B7%91&comment=hello&songIndexToRemove=1&songIdToAdd=33`,
      demoAuth,
    );
    const updated = (await ok('getPlaylist', `id=${created.id}`, demoAuth)).playlist;
    expect(updated).toMatchObject({ name: '晨跑', comment: 'hello' });
    expect(updated.entry.map((e: Json) => e.id)).toEqual(['33', '30', '32']);
    expect(await failed('updatePlaylist', `playlistId=${created.id}&songIndexToRemove=9`, 0, demoAuth)).toBe(
      'songIndexToRemove must be positions in the playlist, from 0 to 2',
    );
    // the message never repeats what was sent
    expect(await failed('updatePlaylist', `playlistId=${created.id}&songIndexToRemove=zqechoed`, 0, demoAuth)).not.toContain('zqechoed');
    // replace its songs (createPlaylist with playlistId)
    const replaced = (await ok('createPlaylist', `playlistId=${created.id}&songId=40`, demoAuth)).playlist;
    expect(replaced.entry.map((e: Json) => e.id)).toEqual(['40']);
    await failed('createPlaylist', '', 10, demoAuth);
    await failed('createPlaylist', 'name=x&songId=99999', 70, demoAuth);

    // someone else's playlist: not theirs to change (50) — a new account with its own app password
    const other = await register(t.app, t.dataDir, '13900000077', 'password1');
    const password = ((await call(t.app, '/api/subsonic/password', { session: other, method: 'POST' })).body.data as Json).password;
    const otherAuth = `u=13900000077&p=${password}`;
    await failed('updatePlaylist', `playlistId=${created.id}&name=mine`, 50, otherAuth);
    await failed('deletePlaylist', `id=${created.id}`, 50, otherAuth);
    const likedList = (await ok('getPlaylists', '', demoAuth)).playlists.playlist[0];
    await failed('deletePlaylist', `id=${likedList.id}`, 50, demoAuth);

    await ok('deletePlaylist', `id=${created.id}`, demoAuth);
    await failed('getPlaylist', `id=${created.id}`, 70, demoAuth);
  });

  test("getPlaylists lists the user's own (我喜欢的音乐 first); getPlaylist has the entries", async () => {
    const lists = (await ok('getPlaylists', '', demoAuth)).playlists.playlist;
    expect(lists[0].name).toMatch(/喜欢的音乐$/);
    const one = (await ok('getPlaylist', `id=${lists[1].id}`, demoAuth)).playlist;
    expect(one.entry).toHaveLength(one.songCount);
    expect(shapeOf({ ...one, entry: [] })).toMatchSnapshot();
  });
});
