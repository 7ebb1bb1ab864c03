import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseBuffer } from 'music-metadata';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Db } from '../src/db/connection.ts';
import { importFolder } from '../src/content/import/import-folder.ts';
import { CLIP_MS, COLORS, encodeTrack, FILES, LYRIC, buildMusicFolder, type CoverColor } from './import-media.ts';
import { expectContract, expectError, freshDataDir, getJson, startTestApp, type TestApp, shapeOf } from './helpers.ts';

/** Field names and value types (as test/shapes.test.ts records them), for a golden snapshot. */

const serverDir = fileURLToPath(new URL('..', import.meta.url));
let t: TestApp;
let db: Db;
let work: string;
let music: string;
let master: string;
let firstRun: { code: number | null; stdout: string; stderr: string };
/** song id by FILES key */
const ids: Partial<Record<keyof typeof FILES, number>> = {};

function cli(args: string[], env: Record<string, string>, until?: RegExp) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    cwd: serverDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = { code: null as number | null, stdout: '', stderr: '' };
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out.stdout += d));
  const seen = new Promise<void>((resolve) => {
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      out.stderr += d;
      if (until?.test(out.stderr)) resolve();
    });
  });
  const exited = new Promise<typeof out>((resolve) => child.on('close', (code) => resolve({ ...out, code })));
  return { child, exited, seen, out };
}

const songIdsByPath = async (): Promise<Map<string, number>> =>
  new Map(
    (await db.prepare<[], { path: string; songId: number }>('SELECT path, song_id AS songId FROM library_files').all()).map((r) => [
      r.path,
      r.songId,
    ]),
  );

async function refreshIds(): Promise<void> {
  const byPath = await songIdsByPath();
  for (const [key, rel] of Object.entries(FILES)) {
    const id = byPath.get(join(music, rel));
    if (id === undefined) delete ids[key as keyof typeof FILES];
    else ids[key as keyof typeof FILES] = id;
  }
}

const rescan = () => importFolder(db, t.dataDir, music);
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
/** A Subsonic answer (JSON) as the demo account. */
async function subsonic(method: string, query = ''): Promise<Json> {
  const res = await t.app.inject({ url: `/rest/${method}?u=13800000000&p=subsonic&v=1.16.1&c=test&f=json&${query}` });
  const body = (res.json() as Json)['subsonic-response'];
  expect(body.status).toBe('ok');
  return body;
}
const songGenres = async (id: number) => {
  const song = (await subsonic('getSong', `id=${id}`)).song;
  return { genre: song.genre as string | undefined, genres: ((song.genres ?? []) as { name: string }[]).map((g) => g.name) };
};
const genreCounts = async (names: string[]) =>
  ((await subsonic('getGenres')).genres.genre as Json[]).filter((g) => names.includes(g.value));
const detail = async (id: number) => expectContract('/song/detail', (await getJson(t.app, `/api/song/detail?ids=${id}`)).body).songs[0];
const songUrl = async (id: number, query = '') =>
  expectContract('/song/url', (await getJson(t.app, `/api/song/url?id=${id}${query}`)).body).data[0]!;
const fetchPath = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: new URL(url).pathname + new URL(url).search, headers });

async function dominantColor(url: string | null | undefined): Promise<CoverColor | 'other'> {
  if (typeof url !== 'string') throw new Error(`no picture URL: ${url}`);
  const res = await fetchPath(`${url}?param=64y64`);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('image/jpeg');
  const { channels } = await sharp(res.rawPayload).stats();
  const mean = channels.map((c) => c.mean);
  const found = Object.entries(COLORS).find(([, c]) => Math.abs(mean[0]! - c.r) + Math.abs(mean[1]! - c.g) + Math.abs(mean[2]! - c.b) < 40);
  return (found?.[0] as CoverColor | undefined) ?? 'other';
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'cloudtune-music-'));
  music = join(work, 'My Music');
  [t, master] = await Promise.all([startTestApp(), buildMusicFolder(work, music)]);
  // The folder is given relative to where npm was run, as `npm run import -- <dir>` does.
  firstRun = await cli(['import', 'My Music'], { INIT_CWD: work, CLOUDTUNE_DATA: t.dataDir }).exited;
  db = await openDatabase(t.dataDir);
  await refreshIds();
});
afterAll(async () => {
  await db?.close();
  await t?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('cloudtune import <folder>', () => {
  it('reports each track, names the corrupt file it skipped, and sums up', () => {
    expect(firstRun.code).toBe(0);
    const lines = firstRun.stdout.trim().split('\n');
    expect(lines).toContain('[1/6] Alpha Band – Dawn');
    expect(lines).toContain('[5/6] Gamma Voice – Untagged Song');
    expect(lines.at(-1)).toMatch(/^Imported .*My Music: 5 added, 0 updated, 0 removed, 0 unchanged, 1 skipped \(\d+ ms\)\.$/);
    expect(firstRun.stderr).toMatch(/\[6\/6\] skipped Loose\/broken\.flac: not a readable audio file/);
    expect(Object.keys(ids).sort()).toEqual(['flac', 'm4a', 'mp3', 'opus', 'wav']);
  });

  it('reads titles, artists (matched by folded name), albums, track order and durations from every format', async () => {
    const songs = await Promise.all((['mp3', 'flac', 'm4a', 'opus', 'wav'] as const).map((k) => detail(ids[k]!)));
    expect(songs.map((s) => [s!.name, s!.ar.map((a) => a.name), s!.al.name])).toEqual([
      ['Dawn', ['Alpha Band'], 'First Light'],
      ['Noon', ['Alpha Band'], 'First Light'],
      ['Evening', ['Beta Singer'], 'Second Wind'],
      ['Night', ['Beta Singer'], 'Second Wind'],
      // no tags: "Artist - Title" from the file name, the album from the folder
      ['Untagged Song', ['Gamma Voice'], 'Loose'],
    ]);
    for (const s of songs) expect(Math.abs(s!.dt - CLIP_MS)).toBeLessThan(100);
    expect(songs[0]!.ar[0]!.id).toBe(songs[1]!.ar[0]!.id);

    const album = expectContract('/album', (await getJson(t.app, `/api/album?id=${songs[0]!.al.id}`)).body);
    expect(album.songs.map((s) => s.name)).toEqual(['Dawn', 'Noon']);
    expect(album.album.artist.name).toBe('Alpha Band');
  });

  it('stores each embedded cover (ID3 APIC, FLAC picture, MP4 covr, Ogg METADATA_BLOCK_PICTURE) and serves it resized', async () => {
    const covers = await db
      .prepare<[], { path: string; coverHash: string | null }>('SELECT path, cover_hash AS coverHash FROM library_files')
      .all();
    const hashOf = (rel: string) => covers.find((c) => c.path === join(music, rel))?.coverHash;
    const hashes = [FILES.mp3, FILES.flac, FILES.m4a, FILES.opus].map(hashOf);
    expect(new Set(hashes).size).toBe(4);
    expect(hashOf(FILES.wav)).toBeNull();

    const [dawn, evening, untagged] = await Promise.all([detail(ids.mp3!), detail(ids.m4a!), detail(ids.wav!)]);
    // an album shows its first track's cover; an artist the cover of their latest album
    expect(await dominantColor(dawn!.al.picUrl)).toBe('red');
    expect(await dominantColor(evening!.al.picUrl)).toBe('blue');
    expect(await dominantColor(evening!.al.picUrl?.replace(/album\/\d+/, `artist/${evening!.ar[0]!.id}`))).toBe('blue');
    // no cover: generated art
    expect(await dominantColor(untagged!.al.picUrl)).toBe('other');
  });

  it("reads genre tags, several per song (case-insensitively one genre); an album has its songs' genres, the commonest first", async () => {
    expect(await songGenres(ids.mp3!)).toEqual({ genre: 'Rock', genres: ['Rock'] });
    // "Indie; rock": two genres, the second the same as Dawn's "Rock"
    expect(await songGenres(ids.flac!)).toEqual({ genre: 'Indie', genres: ['Indie', 'Rock'] });
    expect(await songGenres(ids.opus!)).toEqual({ genre: undefined, genres: [] });
    const album = (await subsonic('getAlbum', `id=al-${(await detail(ids.mp3!))!.al.id}`)).album;
    expect([album.genre, album.genres]).toEqual(['Rock', [{ name: 'Rock' }, { name: 'Indie' }]]);
    expect(await genreCounts(['Rock', 'Indie', 'Electronic'])).toEqual([
      { songCount: 1, albumCount: 1, value: 'Electronic' },
      { songCount: 1, albumCount: 1, value: 'Indie' },
      { songCount: 2, albumCount: 1, value: 'Rock' },
    ]);
    const rock = (await subsonic('getSongsByGenre', 'genre=rock&count=500')).songsByGenre.song.map((s: Json) => Number(s.id));
    expect(rock).toEqual([ids.mp3, ids.flac]);
  });

  it('takes lyrics from the .lrc sidecar', async () => {
    const lyric = expectContract('/lyric', (await getJson(t.app, `/api/lyric?id=${ids.mp3}`)).body);
    expect(lyric.lrc?.lyric).toBe(LYRIC);
    expect(expectContract('/lyric', (await getJson(t.app, `/api/lyric?id=${ids.flac}`)).body).nolyric).toBe(true);
  });
});

describe('imported audio', () => {
  it('plays from the original file with its real type, with Range requests', async () => {
    const url = await songUrl(ids.m4a!);
    expect(url).toMatchObject({ code: 200, type: 'm4a', level: 'exhigh' });
    expect(url.url).toMatch(new RegExp(`/api/media/audio/${ids.m4a}\\.m4a$`));
    const file = readFileSync(join(music, FILES.m4a));
    expect(url.size).toBe(file.length);
    expect(url.md5).toBe(createHash('md5').update(file).digest('hex'));

    const res = await fetchPath(url.url!, { range: 'bytes=100-1099' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-type']).toBe('audio/mp4');
    expect(res.headers['content-range']).toBe(`bytes 100-1099/${file.length}`);
    expect(res.rawPayload.equals(file.subarray(100, 1100))).toBe(true);
  });

  it('serves the FLAC itself by default (br=999000) and reports it lossless', async () => {
    const url = await songUrl(ids.flac!);
    expect(url).toMatchObject({ type: 'flac', level: 'lossless', size: readFileSync(join(music, FILES.flac)).length });
    expect(url.br).toBeGreaterThan(320_000);
    expect(url.url).toMatch(/\.flac$/);
    expect((await fetchPath(url.url!, { range: 'bytes=0-3' })).rawPayload.toString('latin1')).toBe('fLaC');
  });
});

describe('/song/detail qualities', () => {
  type Slot = { br: number; size: number } | null;
  type Qualities = { l: Slot; m: Slot; h: Slot; sq: Slot };
  const qualities = async (ids: number[]) => {
    const body = expectContract('/song/detail', (await getJson(t.app, `/api/song/detail?ids=${ids.join(',')}`)).body);
    return { songs: body.songs as unknown as Qualities[], privileges: body.privileges };
  };
  const fileSize = (key: keyof typeof FILES) => readFileSync(join(music, FILES[key])).length;

  it('offers every MP3 level below the original and the original in its own slot', async () => {
    const { songs, privileges } = await qualities([ids.flac!, ids.mp3!]);
    const [flac, mp3] = songs as [Qualities, Qualities];
    expect([flac.l?.br, flac.m?.br, flac.h?.br]).toEqual([128_000, 192_000, 320_000]);
    expect(flac.sq).toMatchObject({ size: fileSize('flac') });
    expect(privileges[0]).toMatchObject({ maxbr: 999_000, pl: 999_000, maxBrLevel: 'lossless' });

    const original = await songUrl(ids.mp3!);
    expect([mp3.l?.br, mp3.m?.br, mp3.sq]).toEqual([128_000, 192_000, null]);
    expect(mp3.h).toMatchObject({ br: original.br, size: fileSize('mp3') });
    expect(privileges[1]).toMatchObject({ maxbr: original.br, maxBrLevel: 'exhigh' });
  });

  it('a demo song has only its 128k render', async () => {
    const { songs, privileges } = await qualities([1]);
    expect(songs[0]).toMatchObject({ l: { br: 128_000 }, m: null, h: null, sq: null });
    expect(privileges[0]).toMatchObject({ maxbr: 128_000, maxBrLevel: 'standard' });
  });
});

describe('/song/url br', () => {
  const variants = [
    ['mp3', 128_000, 128_000, 'standard'],
    ['flac', 192_000, 192_000, 'higher'],
    ['flac', 320_000, 320_000, 'exhigh'],
    // 200000 snaps down to the 192k level
    ['m4a', 200_000, 192_000, 'higher'],
  ] as const;

  it.each(variants)(
    '%s at br=%i → a %i MP3 transcode (%s), streamed while ffmpeg makes it, whose bitrate and duration match',
    async (key, br, served, level) => {
      const url = await songUrl(ids[key]!, `&br=${br}`);
      // Nothing made yet: an estimated size, no md5.
      expect(url).toMatchObject({ code: 200, br: served, type: 'mp3', level, encodeType: 'mp3', md5: null });
      expect(url.url).toMatch(new RegExp(`/api/media/audio/${ids[key]}-${served / 1000}k\\.mp3$`));
      expect(Math.abs(url.size - (CLIP_MS * served) / 8000)).toBeLessThan(2000);
      const res = await fetchPath(url.url!);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('audio/mpeg');
      // Its length is unknown until ffmpeg is done: sent chunked.
      expect(res.headers['content-length']).toBeUndefined();
      expect(res.headers['transfer-encoding']).toBe('chunked');
      const meta = await parseBuffer(res.rawPayload, { mimeType: 'audio/mpeg', size: res.rawPayload.length });
      expect(meta.format.bitrate).toBe(served);
      expect(Math.abs(meta.format.duration! * 1000 - CLIP_MS)).toBeLessThan(100);
      // Stored as streamed: /song/url and a later GET tell its exact size and md5.
      const md5 = createHash('md5').update(res.rawPayload).digest('hex');
      await vi.waitFor(async () => expect((await songUrl(ids[key]!, `&br=${br}`)).md5).toBe(md5), { timeout: 15_000 });
      expect((await songUrl(ids[key]!, `&br=${br}`)).size).toBe(res.rawPayload.length);
      const again = await fetchPath(url.url!);
      expect(again.headers['content-length']).toBe(String(res.rawPayload.length));
      expect(again.headers.etag).toBe(`"${md5}"`);
      expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
    },
  );

  it.each([
    ['mp3', 320_000, 'mp3', 'exhigh'],
    ['m4a', 320_000, 'm4a', 'exhigh'],
    ['opus', 128_000, 'opus', 'standard'],
    ['opus', 32_000, 'opus', 'standard'],
    ['wav', 999_000, 'wav', 'lossless'],
  ] as const)('%s at br=%i → the original %s (%s)', async (key, br, type, level) => {
    const url = await songUrl(ids[key]!, `&br=${br}`);
    expect(url).toMatchObject({ code: 200, type, level, size: readFileSync(join(music, FILES[key])).length });
    if (br < 999_000) expect(url.br).toBeLessThanOrEqual(Math.max(br, 128_000) * 1.05);
    expect(url.url).toMatch(new RegExp(`/api/media/audio/${ids[key]}\\.${type}$`));
  });

  it('a variant is made once for concurrent listeners, who hear the same bytes, and Range reads them', async () => {
    const url = (await songUrl(ids.mp3!, '&br=192000&source=kuwo,qq')).url!;
    const [a, b] = await Promise.all([fetchPath(url), fetchPath(url)]);
    expect(a.rawPayload.equals(b.rawPayload)).toBe(true);
    const dir = join(t.dataDir, 'media', 'transcode');
    await vi.waitFor(() => expect(readdirSync(dir).filter((f) => f.endsWith('-192k.mp3'))).toHaveLength(3), { timeout: 15_000 }); // the FLAC's, the M4A's and this one
    expect(readdirSync(dir).some((f) => f.endsWith('.tmp'))).toBe(false);
    const made = await songUrl(ids.mp3!, '&br=192000');
    expect(made.size).toBe(a.rawPayload.length);
    const part = await fetchPath(url, { range: 'bytes=1000-1999' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1000-1999/${made.size}`);
    expect(part.rawPayload.equals(a.rawPayload.subarray(1000, 2000))).toBe(true);
  });

  it('a variant URL for an original that already fits serves the original', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: `/api/media/audio/${ids.opus}-320k.mp3` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/ogg');
  });

  it('demo songs are 128k originals: never transcoded, whatever br asks', async () => {
    const all = expectContract(
      '/song/detail',
      (await getJson(t.app, `/api/song/detail?ids=${Array.from({ length: 480 }, (_, i) => i + 1).join(',')}`)).body,
    ).songs;
    const shortest = all.reduce((a, b) => (b.dt < a.dt ? b : a));
    for (const br of [32_000, 96_000, 320_000, 999_000]) {
      const url = await songUrl(shortest.id, `&br=${br}`);
      expect(url).toMatchObject({ br: 128_000, type: 'mp3', level: 'standard' });
      expect(url.url).toMatch(new RegExp(`/api/media/audio/${shortest.id}\\.mp3$`));
    }
  });

  it('rejects a bad br or variant', async () => {
    expectError(await getJson(t.app, `/api/song/url?id=${ids.mp3}&br=high`), 400, 'br must be an integer');
    expectError(await getJson(t.app, `/api/song/url?id=${ids.mp3}&br=1000`), 400, 'br must be ≥ 32000');
    expectError(await getJson(t.app, `/api/song/url?id=${ids.mp3}&br=1000000`), 400, 'br must be ≤ 999000');
    expectError(await getJson(t.app, `/api/media/audio/${ids.mp3}-96k.mp3`), 400, 'bitrate must be one of 128k, 192k, 320k');
    expectError(await getJson(t.app, `/api/media/audio/x-128k.mp3`), 400, 'id must be an integer');
  });

  it('keeps the /song/url shape for originals and variants', async () => {
    // A variant once made (a variant not made yet has md5 null, as /song/url renders nothing).
    await fetchPath((await songUrl(ids.flac!, '&br=128000')).url!);
    await vi.waitFor(async () => expect((await songUrl(ids.flac!, '&br=128000')).md5).not.toBeNull(), { timeout: 15_000 });
    // Once its album is measured in the background, the album's gain is a number too.
    await vi.waitFor(async () => expect((await songUrl(ids.flac!)).albumGain).not.toBeNull(), { timeout: 30_000 });
    const shapes = await Promise.all([songUrl(ids.flac!), songUrl(ids.flac!, '&br=128000')]);
    expect(shapes.map(shapeOf)).toMatchSnapshot();
  });
});

describe('rescans', () => {
  it('are a no-op when nothing changed: same ids, all unchanged', async () => {
    const before = await songIdsByPath();
    expect(await rescan()).toMatchObject({ added: 0, updated: 0, removed: 0, unchanged: 5, skipped: 1 });
    expect(await songIdsByPath()).toEqual(before);
  });

  it('read files imported before genres were read once more (migration 030 marks them): unchanged, but with their genres', async () => {
    await db.prepare('DELETE FROM song_genres WHERE song_id IN (SELECT song_id FROM library_files)').run();
    expect(await genreCounts(['Rock', 'Indie', 'Electronic'])).toEqual([]);
    await db.prepare('UPDATE library_files SET mtime_ms = -1').run();
    expect(await rescan()).toMatchObject({ added: 0, updated: 0, removed: 0, unchanged: 5 });
    expect(await songGenres(ids.flac!)).toEqual({ genre: 'Indie', genres: ['Indie', 'Rock'] });
    expect((await genreCounts(['Rock'])).map((g) => [g.songCount, g.albumCount])).toEqual([[2, 1]]);
  });

  it('update a file whose tags changed, keeping its id', async () => {
    const path = join(music, FILES.m4a);
    const tmp = join(work, 'retagged.m4a');
    await encodeTrack(
      work,
      master,
      tmp,
      'm4a',
      { title: 'Evening (Live)', artist: 'Beta Singer', album: 'Second Wind', track: '1', genre: 'Ambient' },
      'blue',
    );
    renameSync(tmp, path);
    const later = new Date(Date.now() + 5000);
    utimesSync(path, later, later);
    writeFileSync(join(music, FILES.lrc), `${LYRIC}\n[00:05.00]third line`);
    expect(await rescan()).toMatchObject({ added: 0, updated: 2, removed: 0, unchanged: 3 });
    expect((await songIdsByPath()).get(path)).toBe(ids.m4a);
    expect((await detail(ids.m4a!))!.name).toBe('Evening (Live)');
    // its genre changed with the tag: the old one has no song left and is not listed
    expect(await songGenres(ids.m4a!)).toEqual({ genre: 'Ambient', genres: ['Ambient'] });
    expect(await genreCounts(['Ambient', 'Electronic'])).toEqual([{ songCount: 1, albumCount: 1, value: 'Ambient' }]);
    expect(expectContract('/lyric', (await getJson(t.app, `/api/lyric?id=${ids.mp3}`)).body).lrc?.lyric).toMatch(/third line$/);
  });

  it('keep the id of a moved file', async () => {
    const oldAlbum = (await detail(ids.wav!))!.al.id;
    mkdirSync(join(music, 'Elsewhere'));
    renameSync(join(music, FILES.wav), join(music, 'Elsewhere/Gamma Voice - Untagged Song.wav'));
    expect(await rescan()).toMatchObject({ added: 0, updated: 1, removed: 0 });
    expect((await songIdsByPath()).get(join(music, 'Elsewhere/Gamma Voice - Untagged Song.wav'))).toBe(ids.wav);
    expect((await detail(ids.wav!))!.al.name).toBe('Elsewhere');
    // the album "Loose" (named after the old folder) is left empty, so it is gone
    expectError(await getJson(t.app, `/api/album?id=${oldAlbum}`), 404);
  });

  it('remove songs of deleted files, then albums and artists left empty', async () => {
    const albumId = (await detail(ids.opus!))!.al.id;
    const artistId = (await detail(ids.opus!))!.ar[0]!.id;
    rmSync(join(music, FILES.opus));
    expect(await rescan()).toMatchObject({ removed: 1 });
    expect(expectContract('/song/detail', (await getJson(t.app, `/api/song/detail?ids=${ids.opus}`)).body).songs).toEqual([]);
    expect((await songUrl(ids.opus!)).code).toBe(404);
    expect(expectContract('/album', (await getJson(t.app, `/api/album?id=${albumId}`)).body).songs.map((s) => s.name)).toEqual([
      'Evening (Live)',
    ]);

    rmSync(join(music, FILES.m4a));
    expect(await rescan()).toMatchObject({ removed: 1 });
    expect(await genreCounts(['Ambient'])).toEqual([]);
    expectError(await getJson(t.app, `/api/album?id=${albumId}`), 404);
    expect(await db.prepare('SELECT 1 FROM artists WHERE id = ?').get(artistId)).toBeUndefined();
    expectError(await getJson(t.app, `/api/media/image/album/${albumId}.jpg`), 404);
  });

  it('a song whose file vanished before a rescan answers 404, not a crash', async () => {
    const moved = join(work, 'aside.flac');
    renameSync(join(music, FILES.flac), moved);
    try {
      expect((await songUrl(ids.flac!)).code).toBe(404);
      expectError(await getJson(t.app, `/api/media/audio/${ids.flac}.flac`), 404, `the audio file of song ${ids.flac} is missing`);
    } finally {
      renameSync(moved, join(music, FILES.flac));
    }
  });
});

describe('CLOUDTUNE_LIBRARY', () => {
  it('serve scans the folder in the background after listening, logging to stderr', async () => {
    const dataDir = freshDataDir();
    const server = cli(
      ['serve'],
      { PORT: '0', HOST: '127.0.0.1', CLOUDTUNE_DATA: dataDir, CLOUDTUNE_WEB_DIST: dataDir, CLOUDTUNE_LIBRARY: music },
      /^Imported .*skipped/m,
    );
    try {
      await server.seen;
      expect(server.out.stderr).toMatch(/Scanning the music library in .*My Music/);
      expect(server.out.stderr).toMatch(/Imported .*My Music: 3 added, 0 updated, 0 removed, 0 unchanged, 1 skipped/);
      expect(server.out.stdout).toMatch(/^Cloudtune is serving at http:\/\/localhost:\d+\/\n$/);
      server.child.kill('SIGTERM');
      expect((await server.exited).code).toBe(0);
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
