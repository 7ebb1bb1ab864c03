import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { importFolder } from '../src/content/import/import-folder.ts';
import { openDatabase } from '../src/db/connection.ts';
import { failed, golden, GOLDEN_CLOCK, ok, rest, type Json } from './golden-rest.ts';
import { getJson, startTestApp, type TestApp, someAsync } from './helpers.ts';
import { runFfmpeg } from './import-media.ts';

/**
 * Info and discovery over /rest, from what the library knows: getArtistInfo(2) (the /artist/desc
 * introduction, /simi/artist's similar artists, image URLs), getAlbumInfo(2) (the album's
 * description), getTopSongs (by plays; by name or, topSongsByArtistId, by id) and
 * getSimilarSongs(2) (the daily recommendations' scoring around a song, album or artist).
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock: GOLDEN_CLOCK });
});
afterAll(async () => t?.close());

const q = encodeURIComponent;

/** SQL over a test app's database (the golden app's unless told). */
async function sql<T>(query: string, ...args: unknown[]): Promise<T[]> {
  return await sqlIn(t, query, ...args);
}
async function sqlIn<T>(app: TestApp, query: string, ...args: unknown[]): Promise<T[]> {
  const db = await openDatabase(app.dataDir);
  try {
    return (await db.prepare(query).all(...args)) as T[];
  } finally {
    await db.close();
  }
}
const playsOf = async (songId: string) =>
  (await sql<{ n: number }>('SELECT COUNT(*) AS n FROM play_records WHERE song_id = ?', Number(songId)))[0]!.n;
const creditsOf = async (songId: string) =>
  (await sql<{ id: number }>('SELECT artist_id AS id FROM song_artists WHERE song_id = ?', Number(songId))).map((r) => r.id);
const tagsOf = async (songId: number | string) =>
  (
    await sql<{ id: number }>(
      `SELECT DISTINCT tg.tag_id AS id FROM playlist_tracks pt JOIN playlists p ON p.id = pt.playlist_id AND p.special_type = 0
     JOIN playlist_tags tg ON tg.playlist_id = pt.playlist_id WHERE pt.song_id = ?`,
      Number(songId),
    )
  ).map((r) => r.id);

describe('getArtistInfo / getArtistInfo2', () => {
  test('biography from the artist introduction, image URLs, similar artists as /simi/artist ranks them', async () => {
    const info = (await golden(t.app, 'getArtistInfo2', 'getArtistInfo2', 'id=ar-1')).artistInfo2 as Json;
    const desc = (await getJson(t.app, '/api/artist/desc?id=1')).body as Json;
    expect(info.biography.startsWith(desc.briefDesc)).toBe(true);
    for (const section of desc.introduction as Json[]) expect(info.biography).toContain(`${section.ti}\n${section.txt}`);
    expect(info.musicBrainzId).toBeUndefined();
    expect(info.lastFmUrl).toBeUndefined();
    const simi = ((await getJson(t.app, '/api/simi/artist?id=1')).body as Json).artists as Json[];
    expect(info.similarArtist.map((a: Json) => a.id)).toEqual(simi.slice(0, 20).map((a) => `ar-${a.id}`));
    expect(info.similarArtist[0]).toEqual({
      id: `ar-${simi[0]!.id}`,
      name: simi[0]!.name,
      coverArt: `ar-${simi[0]!.id}`,
      albumCount: simi[0]!.albumSize,
    });
    // XML: the strings are elements (Subsonic's schema), similar artists ArtistID3 elements
    const xml = await rest(t.app, 'getArtistInfo2', 'id=ar-1', 'xml');
    expect(xml).toMatch(/<artistInfo2><biography>[^<]+<\/biography><smallImageUrl>http:\/\/[^<]+<\/smallImageUrl>/);
    expect(xml).toMatch(/<similarArtist id="ar-\d+" name="[^"]+" coverArt="ar-\d+" albumCount="\d+"\/>/);
  });

  test('getArtistInfo lists similar artists in the v1 artist shape; count limits them', async () => {
    const info = (await golden(t.app, 'getArtistInfo', 'getArtistInfo', 'id=ar-1&count=5')).artistInfo as Json;
    expect(info.similarArtist).toHaveLength(5);
    for (const a of info.similarArtist as Json[]) expect(Object.keys(a)).toEqual(['id', 'name']);
    expect((await ok(t.app, 'getArtistInfo', 'id=ar-1&count=0')).artistInfo.similarArtist).toEqual([]);
    expect((await ok(t.app, 'getArtistInfo2', 'id=ar-1&count=2&includeNotPresent=true')).artistInfo2.similarArtist).toHaveLength(2);
  });

  test('a starred similar artist says so', async () => {
    const second = (await ok(t.app, 'getArtistInfo2', 'id=ar-1&count=1')).artistInfo2.similarArtist[0] as Json;
    await ok(t.app, 'star', `artistId=${second.id}`);
    try {
      const starred = (await ok(t.app, 'getArtistInfo2', 'id=ar-1&count=1')).artistInfo2.similarArtist[0] as Json;
      expect(starred.starred).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect((await ok(t.app, 'getArtistInfo', 'id=ar-1&count=1')).artistInfo.similarArtist[0].starred).toBe(starred.starred);
    } finally {
      await ok(t.app, 'unstar', `artistId=${second.id}`);
    }
  });

  test('an album or a song id stands for its artist; the image URLs are the server’s, cut at image buckets', async () => {
    const byArtist = (await ok(t.app, 'getArtistInfo2', 'id=ar-1')).artistInfo2 as Json;
    const song = (await ok(t.app, 'getSong', 'id=1')).song as Json;
    expect(song.artistId).toBe('ar-1');
    expect((await ok(t.app, 'getArtistInfo2', 'id=1')).artistInfo2).toEqual(byArtist);
    expect((await ok(t.app, 'getArtistInfo2', `id=${song.albumId}`)).artistInfo2).toEqual(byArtist);
    const sides = [];
    for (const key of ['smallImageUrl', 'mediumImageUrl', 'largeImageUrl']) {
      expect(byArtist[key]).toMatch(/^http:\/\/localhost:80\/api\/media\/image\/artist\/1\.jpg/);
      const url = new URL(byArtist[key] as string);
      const res = await t.app.inject({ url: `${url.pathname}${url.search}` });
      expect(res.headers['content-type']).toBe('image/jpeg');
      sides.push((await sharp(res.rawPayload).metadata()).width);
    }
    expect(sides).toEqual([64, 256, 800]);
  });

  test('unknown ids are 70, a missing id 10, a playlist id 0', async () => {
    for (const method of ['getArtistInfo', 'getArtistInfo2']) {
      for (const id of ['ar-99999', 'al-99999', '99999']) expect((await failed(t.app, method, `id=${id}`)).code).toBe(70);
      expect((await failed(t.app, method, '')).code).toBe(10);
      expect((await failed(t.app, method, 'id=pl-1')).code).toBe(0);
    }
  });
});

describe('getAlbumInfo / getAlbumInfo2', () => {
  test('notes are the album description; image URLs; a song id stands for its album', async () => {
    for (const method of ['getAlbumInfo', 'getAlbumInfo2']) {
      const info = (await golden(t.app, method, method, 'id=al-1')).albumInfo as Json;
      const album = ((await getJson(t.app, '/api/album?id=1')).body as Json).album as Json;
      expect(info).toEqual({
        notes: album.description,
        smallImageUrl: 'http://localhost:80/api/media/image/album/1.jpg?param=64y64',
        mediumImageUrl: 'http://localhost:80/api/media/image/album/1.jpg?param=256y256',
        largeImageUrl: 'http://localhost:80/api/media/image/album/1.jpg',
      });
      expect((await ok(t.app, method, 'id=1')).albumInfo).toEqual(info);
      expect(await rest(t.app, method, 'id=al-1', 'xml')).toContain(`<albumInfo><notes>${album.description}</notes><smallImageUrl>`);
    }
  });

  test('unknown ids are 70; an artist id is not an album (0)', async () => {
    for (const method of ['getAlbumInfo', 'getAlbumInfo2']) {
      expect((await failed(t.app, method, 'id=al-99999')).code).toBe(70);
      expect((await failed(t.app, method, 'id=99999')).code).toBe(70);
      expect((await failed(t.app, method, 'id=ar-1')).code).toBe(0);
      expect((await failed(t.app, method, '')).code).toBe(10);
    }
  });
});

describe('getTopSongs', () => {
  const artist = async () => (await sql<{ name: string }>('SELECT name FROM artists WHERE id = 2'))[0]!.name;

  test("an artist's songs, the most played first; by name and by id (topSongsByArtistId)", async () => {
    const byName = (await golden(t.app, 'getTopSongs', 'getTopSongs', `artist=${q(await artist())}`)).topSongs.song as Json[];
    const credited = (await sql<{ id: number }>('SELECT song_id AS id FROM song_artists WHERE artist_id = 2')).map((r) => String(r.id));
    expect(byName.map((s) => s.id).sort()).toEqual(credited.sort());
    const plays = await Promise.all(byName.map((s) => playsOf(s.id)));
    expect(plays).toEqual([...plays].sort((a, b) => b - a));
    expect(plays[0]).toBeGreaterThan(plays.at(-1)!);
    const byId = (await golden(t.app, 'getTopSongs-by-id', 'getTopSongs', 'id=ar-2&count=3')).topSongs.song as Json[];
    expect(byId).toEqual(byName.slice(0, 3));
    // id wins over artist; a bare number names an artist here
    expect((await ok(t.app, 'getTopSongs', `id=2&artist=nobody&count=3`)).topSongs.song).toEqual(byId);
    const extensions = (await ok(t.app, 'getOpenSubsonicExtensions')).openSubsonicExtensions as Json[];
    expect(extensions).toContainEqual({ name: 'topSongsByArtistId', versions: [1] });
  });

  test('the name matches folded, whole: a part of a name or nobody answers no songs', async () => {
    const latin = (await sql<{ id: number; name: string }>('SELECT id, name FROM artists ORDER BY id')).find((a) =>
      /[a-z] [A-Z]/.test(a.name),
    )!;
    const shouted = (await ok(t.app, 'getTopSongs', `artist=${q(` ${latin.name.toUpperCase()} `)}&count=2`)).topSongs.song as Json[];
    expect(shouted).toEqual((await ok(t.app, 'getTopSongs', `id=ar-${latin.id}&count=2`)).topSongs.song);
    expect(shouted).toHaveLength(2);
    for (const name of [latin.name.split(' ')[0]!, 'nobody']) {
      expect((await ok(t.app, 'getTopSongs', `artist=${q(name)}`)).topSongs, name).toEqual({ song: [] });
    }
    await golden(t.app, 'getTopSongs-no-match', 'getTopSongs', 'artist=nobody');
  });

  test('count limits; an unknown id is 70; neither artist nor id is 10', async () => {
    expect((await ok(t.app, 'getTopSongs', 'id=ar-2&count=1')).topSongs.song).toHaveLength(1);
    expect((await ok(t.app, 'getTopSongs', 'id=ar-2&count=0')).topSongs.song).toEqual([]);
    expect((await failed(t.app, 'getTopSongs', 'id=ar-99999')).code).toBe(70);
    expect((await failed(t.app, 'getTopSongs', '')).code).toBe(10);
  });
});

describe('getSimilarSongs / getSimilarSongs2', () => {
  test('songs around a song: never the song itself, each by its artists, artists like them, or sharing its playlist tags', async () => {
    const songs = (await golden(t.app, 'getSimilarSongs', 'getSimilarSongs', 'id=1&count=10')).similarSongs.song as Json[];
    expect(songs).toHaveLength(10);
    const seedArtists = await creditsOf('1');
    const near = new Set(seedArtists);
    for (const a of seedArtists) {
      for (const s of ((await getJson(t.app, `/api/simi/artist?id=${a}`)).body as Json).artists as Json[]) near.add(s.id as number);
    }
    const seedTags = new Set(await tagsOf(1));
    for (const song of songs) {
      const related = (await creditsOf(song.id)).some((a) => near.has(a)) || (await tagsOf(song.id)).some((tag) => seedTags.has(tag));
      expect(related, song.title).toBe(true);
    }
    expect(new Set(songs.map((s) => s.id)).size).toBe(songs.length);
  });

  test('the seed song is never answered, whatever the song; count is honoured', async () => {
    for (let id = 1; id <= 40; id++) {
      const songs = (await ok(t.app, 'getSimilarSongs', `id=${id}&count=50`)).similarSongs.song as Json[];
      expect(songs.map((s) => s.id)).not.toContain(String(id));
      expect(songs.length).toBeLessThanOrEqual(50);
    }
    expect((await ok(t.app, 'getSimilarSongs', 'id=1&count=3')).similarSongs.song).toHaveLength(3);
    expect((await ok(t.app, 'getSimilarSongs', 'id=1&count=0')).similarSongs.song).toEqual([]);
  });

  test("an album: none of the album's songs; an artist (getSimilarSongs2): the artist's and similar artists' songs", async () => {
    const album = (await ok(t.app, 'getAlbum', 'id=al-2')).album as Json;
    const own = new Set((album.song as Json[]).map((s) => s.id));
    const aroundAlbum = (await ok(t.app, 'getSimilarSongs', 'id=al-2&count=30')).similarSongs.song as Json[];
    expect(aroundAlbum.length).toBeGreaterThan(0);
    for (const s of aroundAlbum) expect(own.has(s.id)).toBe(false);

    const radio = (await golden(t.app, 'getSimilarSongs2', 'getSimilarSongs2', 'id=ar-1&count=10')).similarSongs2.song as Json[];
    expect(radio).toHaveLength(10);
    expect((await ok(t.app, 'getSimilarSongs', 'id=ar-1&count=10')).similarSongs.song).toEqual(radio);
    const simi = new Set((((await getJson(t.app, '/api/simi/artist?id=1')).body as Json).artists as Json[]).map((a) => a.id as number));
    expect(await someAsync(radio, async (s) => (await creditsOf(s.id)).includes(1))).toBe(true);
    expect(await someAsync(radio, async (s) => (await creditsOf(s.id)).some((a) => simi.has(a)))).toBe(true);
  });

  test('unknown ids are 70, a playlist id 0, no id 10', async () => {
    for (const method of ['getSimilarSongs', 'getSimilarSongs2']) {
      for (const id of ['99999', 'al-99999', 'ar-99999']) expect((await failed(t.app, method, `id=${id}`)).code).toBe(70);
      expect((await failed(t.app, method, 'id=pl-1')).code).toBe(0);
      expect((await failed(t.app, method, '')).code).toBe(10);
    }
  });
});

describe('a library that changes', () => {
  let live: TestApp;
  let work: string;
  let now = GOLDEN_CLOCK();
  let lonely: { songId: number; albumId: number; artistId: number };
  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'cloudtune-info-'));
    const dir = join(work, 'music', 'Lonely Importer');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'Only Song.mp3');
    const [app] = await Promise.all([
      startTestApp({ clock: () => now }),
      runFfmpeg([
        ...['-f', 'lavfi', '-i', 'anoisesrc=duration=1:color=pink:amplitude=0.3', '-c:a', 'libmp3lame', '-b:a', '128k'],
        ...['title=Only Song', 'artist=Lonely Importer', 'album=Only Album'].flatMap((m) => ['-metadata', m]),
        file,
      ]),
    ]);
    live = app;
    const db = await openDatabase(live.dataDir);
    try {
      await importFolder(db, live.dataDir, join(work, 'music'));
      lonely = (await db
        .prepare<[string], typeof lonely>(
          `SELECT s.id AS songId, s.album_id AS albumId, sa.artist_id AS artistId FROM library_files f
           JOIN songs s ON s.id = f.song_id JOIN song_artists sa ON sa.song_id = s.id WHERE f.path = ?`,
        )
        .get(file))!;
    } finally {
      await db.close();
    }
  });
  afterAll(async () => {
    await live?.close();
    rmSync(work, { recursive: true, force: true });
  });

  test('plays move a song up the top songs', async () => {
    const top = async () => ((await ok(live.app, 'getTopSongs', 'id=ar-2')).topSongs.song as Json[]).map((s) => s.id as string);
    const before = await top();
    const last = before.at(-1)!;
    const plays = async (id: string) =>
      (await sqlIn<{ n: number }>(live, 'SELECT COUNT(*) AS n FROM play_records WHERE song_id = ?', Number(id)))[0]!.n;
    const needed = (await plays(before[0]!)) - (await plays(last)) + 1;
    expect(needed).toBeGreaterThan(1);
    for (let i = 0; i < needed; i++) {
      now += 30_000; // a listener's repeat counts after 20 s
      await ok(live.app, 'scrobble', `id=${last}`);
    }
    expect((await top())[0]).toBe(last);
  });

  test('an imported album without a description has no notes; a song with nothing near it has no similar songs, its artist only their own', async () => {
    const info = (await ok(live.app, 'getAlbumInfo2', `id=al-${lonely.albumId}`)).albumInfo as Json;
    expect(info.notes).toBeUndefined();
    expect(info.largeImageUrl).toBe(`http://localhost:80/api/media/image/album/${lonely.albumId}.jpg`);
    expect((await ok(live.app, 'getSimilarSongs', `id=${lonely.songId}`)).similarSongs).toEqual({ song: [] });
    // an artist's radio holds the artist's own songs: here that one song, nothing around it
    const radio = (await ok(live.app, 'getSimilarSongs2', `id=ar-${lonely.artistId}`)).similarSongs2.song as Json[];
    expect(radio.map((s) => s.id)).toEqual([String(lonely.songId)]);
    expect(await rest(live.app, 'getSimilarSongs', `id=${lonely.songId}`, 'xml')).toMatch(/<similarSongs\/><\/subsonic-response>$/);
    const artist = (await ok(live.app, 'getArtistInfo2', `id=ar-${lonely.artistId}`)).artistInfo2 as Json;
    expect(artist.biography).toContain('Lonely Importer');
    expect(artist.similarArtist).toEqual([]);
    expect((await ok(live.app, 'getTopSongs', `artist=${q('lonely importer')}`)).topSongs.song.map((s: Json) => s.id)).toEqual([
      String(lonely.songId),
    ]);
  });
});
