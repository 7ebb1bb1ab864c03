import { afterAll, beforeAll, expect, test } from 'vitest';
import { SubsonicAPI } from 'subsonic-api';
import { startTestApp, type TestApp } from './helpers.ts';

/**
 * A real Subsonic client library (subsonic-api, from npm) against a listening server: the token
 * auth most apps use (t = md5(password + s), a new salt each request), browsing, search, a
 * ranged stream, stars, a playlist round trip and cover art — what a Subsonic app does first.
 */
let t: TestApp;
let base: string;
let ranges: string[] = [];
beforeAll(async () => {
  t = await startTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t?.close());

/** The client's own fetch, with a Range header added where the test asks for one (players seek this way). */
const fetchWithRange: typeof fetch = (input, init) => {
  const range = ranges.shift();
  return fetch(input, range ? { ...init, headers: { ...(init?.headers as Record<string, string>), range } } : init);
};
const client = () => new SubsonicAPI({ url: base, auth: { username: '13800000000', password: 'subsonic' }, fetch: fetchWithRange });

test('ping with token auth; a wrong password is refused', async () => {
  expect(await client().ping()).toMatchObject({ status: 'ok', openSubsonic: true, type: 'cloudtune' });
  const wrong = new SubsonicAPI({ url: base, auth: { username: '13800000000', password: 'cloudtune' } });
  expect(await wrong.ping()).toMatchObject({ status: 'failed', error: { code: 40 } });
  const extensions = await client().getOpenSubsonicExtensions();
  expect(extensions.openSubsonicExtensions.map((e) => e.name)).toContain('songLyrics');
});

test('browse artists → artist → album → song, and search3', async () => {
  const api = client();
  const { artists } = await api.getArtists();
  const first = artists.index![0]!.artist![0]!;
  const { artist } = await api.getArtist({ id: first.id });
  expect(artist.album!.length).toBe(first.albumCount);
  const { album } = await api.getAlbum({ id: artist.album![0]!.id });
  expect(album.song!.length).toBe(album.songCount);
  const { song } = await api.getSong({ id: album.song![0]!.id });
  expect(song).toMatchObject({ id: album.song![0]!.id, albumId: album.id, title: album.song![0]!.title });
  const { searchResult3 } = await api.search3({ query: song.title, songCount: 10, albumCount: 5, artistCount: 5 });
  expect(searchResult3.song!.map((s) => s.id)).toContain(song.id);
});

test('stream with Range: 206 and exactly the bytes asked, the same bytes as the whole file', async () => {
  const api = client();
  ranges = ['bytes=1000-1999'];
  const part = await api.stream({ id: '3' });
  expect(part.status).toBe(206);
  expect(part.headers.get('content-range')).toMatch(/^bytes 1000-1999\/\d+$/);
  const bytes = Buffer.from(await part.arrayBuffer());
  expect(bytes.length).toBe(1000);
  const whole = Buffer.from(await (await api.stream({ id: '3' })).arrayBuffer());
  expect(whole.subarray(1000, 2000).equals(bytes)).toBe(true);
  expect(whole.subarray(0, 3).toString('latin1')).toBe('ID3');
});

test('star a song (into 我喜欢的音乐), an album and an artist; getStarred2 lists them; unstar', async () => {
  const api = client();
  await api.unstar({ id: '5' });
  expect((await api.star({ id: '5', albumId: 'al-2', artistId: 'ar-3' })).status).toBe('ok');
  const { starred2 } = await api.getStarred2();
  expect(starred2.song!.map((s) => s.id)).toContain('5');
  expect(starred2.album!.map((a) => a.id)).toContain('al-2');
  expect(starred2.artist!.map((a) => a.id)).toContain('ar-3');
  const { playlists } = await api.getPlaylists();
  const liked = await api.getPlaylist({ id: playlists.playlist![0]!.id });
  expect(liked.playlist.entry!.map((s) => s.id)).toContain('5');
  await api.unstar({ id: '5', albumId: 'al-2', artistId: 'ar-3' });
  const after = (await api.getStarred2()).starred2;
  expect(after.song!.map((s) => s.id)).not.toContain('5');
  expect(after.album ?? []).toEqual([]);
});

test('a playlist round trip: create with songs, rename and add, remove by index, delete', async () => {
  const api = client();
  const created = await api.createPlaylist({ name: '地铁上听', songId: ['10', '11', '12'] });
  expect(created.status).toBe('ok');
  const id = created.playlist.id;
  expect(created.playlist.entry!.map((s) => s.id)).toEqual(['10', '11', '12']);
  await api.updatePlaylist({ playlistId: id, name: '通勤路上', songIdToAdd: ['13'], songIndexToRemove: [0] });
  const { playlist } = await api.getPlaylist({ id });
  expect(playlist.name).toBe('通勤路上');
  // removals by position first, then additions — at the top, as NetEase playlists add songs
  expect(playlist.entry!.map((s) => s.id)).toEqual(['13', '11', '12']);
  expect((await api.getPlaylists()).playlists.playlist!.map((p) => p.id)).toContain(id);
  await api.deletePlaylist({ id });
  expect((await api.getPlaylists()).playlists.playlist!.map((p) => p.id)).not.toContain(id);
  expect(await api.getPlaylist({ id })).toMatchObject({ status: 'failed', error: { code: 70 } });
});

test('cover art at a size', async () => {
  const res = await client().getCoverArt({ id: 'al-1', size: 120 });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/jpeg');
  const sharp = (await import('sharp')).default;
  const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
  expect(meta.format).toBe('jpeg');
  expect(meta.width).toBeGreaterThanOrEqual(120);
});

test('an artist page as apps load it: artist info, album info, top songs, similar songs, lyrics', async () => {
  const api = client();
  const { artist } = await api.getArtist({ id: 'ar-2' });
  const { artistInfo2 } = await api.getArtistInfo2({ id: artist.id, count: 3 });
  expect(artistInfo2.biography).toContain(artist.name);
  expect(artistInfo2.largeImageUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/media\/image\/artist\/2\.jpg$/);
  expect(artistInfo2.similarArtist).toHaveLength(3);
  const image = await fetch(artistInfo2.smallImageUrl!);
  expect(image.headers.get('content-type')).toBe('image/jpeg');
  const { albumInfo } = await api.getAlbumInfo2({ id: artist.album![0]!.id });
  expect(albumInfo.notes).toContain(artist.album![0]!.name);
  const { topSongs } = await api.getTopSongs({ artist: artist.name, count: 5 });
  expect(topSongs.song).toHaveLength(5);
  for (const song of topSongs.song!) expect(song.artist).toContain(artist.name);
  const { similarSongs2 } = await api.getSimilarSongs2({ id: artist.id, count: 10 });
  expect(similarSongs2.song).toHaveLength(10);
  const { lyrics } = await api.getLyrics({ artist: topSongs.song![0]!.artist, title: topSongs.song![0]!.title });
  expect(lyrics.title).toBe(topSongs.song![0]!.title);
});

test('genres: getGenres, getSongsByGenre and getAlbumList2 byGenre agree; getRandomSongs keeps to a genre', async () => {
  const api = client();
  const { genres } = await api.getGenres();
  const genre = genres.genre!.find((g) => g.songCount > 10)!;
  const { songsByGenre } = await api.getSongsByGenre({ genre: genre.value, count: 500 });
  expect(songsByGenre.song).toHaveLength(genre.songCount);
  const { albumList2 } = await api.getAlbumList2({ type: 'byGenre', genre: genre.value, size: 500 });
  expect(albumList2.album).toHaveLength(genre.albumCount);
  const { randomSongs } = await api.getRandomSongs({ genre: genre.value, size: 5 });
  const inGenre = new Set(songsByGenre.song!.map((s) => s.id));
  expect(randomSongs.song!.every((s) => inGenre.has(s.id))).toBe(true);
});
