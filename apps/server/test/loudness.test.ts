import { spawn } from 'node:child_process';
import { createReadStream, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Db } from '../src/db/connection.ts';
import { importFolder } from '../src/content/import/import-folder.ts';
import { ffmpeg } from '../src/media/ffmpeg.ts';
import { measureLoudness } from '../src/media/loudness.ts';
import { call, register } from './account-helpers.ts';
import { golden, GOLDEN_CLOCK } from './golden-rest.ts';
import { expectContract, freshDataDir, getJson, startTestApp, type TestApp } from './helpers.ts';
import { runFfmpeg } from './import-media.ts';

/**
 * Even loudness (decision 0046): real audio made by ffmpeg at known levels, measured by the
 * server in the background (or read from its tags), handed to NetEase clients as /song/url's
 * gain and peak and to Subsonic clients as OpenSubsonic's replayGain.
 */

const SECONDS = 20;
/** A 997 Hz tone at `dbfs` (its sample peak) in both channels, `seconds` long. */
const tone = (dbfs: number, seconds = SECONDS) => {
  const amp = (10 ** (dbfs / 20)).toFixed(6);
  const wave = `${amp}*sin(2*PI*997*t)`;
  return ['-f', 'lavfi', '-i', `aevalsrc=${wave}|${wave}:s=48000:d=${seconds}`];
};
const tags = (t: Record<string, string>) => Object.entries(t).flatMap(([k, v]) => ['-metadata', `${k}=${v}`]);

/** ffmpeg's own ebur128 summary of a file, read here independently of the server's parser. */
async function ffmpegEbur128(file: string): Promise<{ loudness: number; truePeakDb: number }> {
  const args = ['-hide_banner', '-nostats', '-i', file, '-af', 'ebur128=peak=true', '-f', 'null', '-'];
  const log = await new Promise<string>((resolve, reject) => {
    const child = spawn(ffmpeg().path, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    child.on('error', reject);
    child.on('close', () => resolve(err));
  });
  const summary = log.slice(log.lastIndexOf('Summary:'));
  return {
    loudness: Number(/I:\s+(-?[\d.]+) LUFS/.exec(summary)![1]),
    truePeakDb: Number(/Peak:\s+(-?[\d.]+) dBFS/.exec(summary)![1]),
  };
}

let work: string;
/** the tones' files by name */
const files: Record<string, string> = {};

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'cloudtune-loudness-'));
  const made = (name: string) => {
    const file = join(work, name);
    mkdirSync(dirname(file), { recursive: true });
    return (files[name] = file);
  };
  await Promise.all([
    runFfmpeg([...tone(-6), made('loud.flac')]),
    runFfmpeg([...tone(-26), made('quiet.flac')]),
    runFfmpeg([...tone(-26), '-b:a', '192k', made('quiet.mp3')]),
  ]);
}, 60_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('measuring', () => {
  it('−6 and −26 dBFS tones measure within 0.5 LU of ffmpeg’s ebur128, 20 LU apart, their true peaks at their levels', async () => {
    const [loud, quiet, quietMp3] = await Promise.all([
      measureLoudness({ path: files['loud.flac']! }),
      measureLoudness({ path: files['quiet.flac']! }),
      // A file in remote storage reaches ffmpeg as a stream.
      measureLoudness({ stream: createReadStream(files['quiet.mp3']!) }),
    ]);
    const reference = await Promise.all(['loud.flac', 'quiet.flac', 'quiet.mp3'].map((f) => ffmpegEbur128(files[f]!)));
    expect(Math.abs(loud.loudness - reference[0]!.loudness)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(quiet.loudness - reference[1]!.loudness)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(quietMp3.loudness - reference[2]!.loudness)).toBeLessThanOrEqual(0.5);
    expect(loud.loudness - quiet.loudness).toBeGreaterThan(19.5);
    expect(loud.loudness - quiet.loudness).toBeLessThan(20.5);
    // A steady tone's true peak is its sample peak: 0.5 and 0.05 of full scale.
    expect(20 * Math.log10(loud.peak!)).toBeCloseTo(-6, 0);
    expect(20 * Math.log10(quiet.peak!)).toBeCloseTo(-26, 0);
  });

  it('a file ffmpeg cannot decode is refused with why', async () => {
    const junk = join(work, 'junk.flac');
    writeFileSync(junk, Buffer.alloc(4096, 7));
    await expect(measureLoudness({ path: junk })).rejects.toThrow(/could not measure/);
  });
});

describe('a library, measured in the background', () => {
  let dataDir: string;
  let music: string;
  let db: Db;
  let t: TestApp | undefined;
  const ids: Record<string, number> = {};
  const song = (rel: string) => join(music, rel);
  const REL = {
    loud: 'Tones/Levels/01 Loud.flac',
    quiet: 'Tones/Levels/02 Quiet.flac',
    tagged: 'Tagged/Gains/01 Tagged.flac',
    taggedToo: 'Tagged/Gains/02 Tagged Too.flac',
    r128: 'Opus/R128/01 Night.opus',
  };
  const pending = async () => (await db.prepare<[], number>('SELECT COUNT(*) FROM loudness_queue').pluck().get())!;
  const loudnessRow = (id: number) =>
    db
      .prepare<[number], { loudness: number; peak: number | null; origin: string }>(
        'SELECT loudness, peak, origin FROM song_loudness WHERE song_id = ?',
      )
      .get(id);
  const songUrl = async (app: TestApp, id: number) =>
    expectContract('/song/url', (await getJson(app.app, `/api/song/url?id=${id}`)).body).data[0]!;

  beforeAll(async () => {
    dataDir = freshDataDir();
    music = join(work, 'My Music');
    const at = (rel: string) => (mkdirSync(dirname(song(rel)), { recursive: true }), song(rel));
    await Promise.all([
      runFfmpeg([...tone(-6), ...tags({ title: 'Loud', artist: 'Tones', album: 'Levels', track: '1' }), at(REL.loud)]),
      runFfmpeg([...tone(-26), ...tags({ title: 'Quiet', artist: 'Tones', album: 'Levels', track: '2' }), at(REL.quiet)]),
      runFfmpeg([
        ...tone(-20, 4),
        ...tags({ title: 'Tagged', artist: 'Tagged', album: 'Gains', track: '1' }),
        ...tags({ REPLAYGAIN_TRACK_GAIN: '-4.20 dB', REPLAYGAIN_TRACK_PEAK: '0.500000' }),
        ...tags({ REPLAYGAIN_ALBUM_GAIN: '-3.00 dB', REPLAYGAIN_ALBUM_PEAK: '0.700000' }),
        at(REL.tagged),
      ]),
      runFfmpeg([
        ...tone(-20, 4),
        ...tags({ title: 'Tagged Too', artist: 'Tagged', album: 'Gains', track: '2' }),
        ...tags({ REPLAYGAIN_TRACK_GAIN: '1.00 dB', REPLAYGAIN_TRACK_PEAK: '0.700000' }),
        ...tags({ REPLAYGAIN_ALBUM_GAIN: '-3.00 dB', REPLAYGAIN_ALBUM_PEAK: '0.700000' }),
        at(REL.taggedToo),
      ]),
      // Opus's own tag: a Q7.8 number of dB to −23 LUFS (−1536 = −6 dB: −17 LUFS).
      runFfmpeg([...tone(-20, 4), ...tags({ title: 'Night', artist: 'Opus', album: 'R128', R128_TRACK_GAIN: '-1536' }), at(REL.r128)]),
    ]);
    // The demo library and account first (Subsonic calls log in with it), as a first start leaves them.
    await (await startTestApp({ dataDir, measureLoudness: false })).app.close();
    db = await openDatabase(dataDir);
    // Imported with no server running (as `cloudtune import` is): nothing is measured yet.
    await importFolder(db, dataDir, music);
    const byPath = await db.prepare<[], { path: string; songId: number }>('SELECT path, song_id AS songId FROM library_files').all();
    for (const [key, rel] of Object.entries(REL)) ids[key] = byPath.find((r) => r.path === song(rel))!.songId;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await db?.close();
  });

  it('reads ReplayGain and R128 tags at import, and queues only the untagged songs', async () => {
    expect(await loudnessRow(ids.tagged!)).toEqual({ loudness: -13.8, peak: 0.5, origin: 'tags' });
    expect(await loudnessRow(ids.taggedToo!)).toEqual({ loudness: -19, peak: 0.7, origin: 'tags' });
    expect(await loudnessRow(ids.r128!)).toEqual({ loudness: -17, peak: null, origin: 'tags' });
    expect(await loudnessRow(ids.loud!)).toBeUndefined();
    expect(await pending()).toBe(2);
  });

  it('answers gain 0 / peak 0 before the measurement, and the tagged album’s gain at once', async () => {
    // Built over the library without measuring: what a player gets before the background work.
    const app = await startTestApp({ dataDir, measureLoudness: false });
    try {
      expect(await songUrl(app, ids.loud!)).toMatchObject({ gain: 0, peak: 0, albumGain: null, albumPeak: null });
      expect(await songUrl(app, ids.tagged!)).toMatchObject({ gain: -4.2, peak: 0.5, albumGain: -3, albumPeak: 0.7 });
      // R128 tags state no peak: unknown, 0. The album is that one song.
      expect(await songUrl(app, ids.r128!)).toMatchObject({ gain: -1, peak: 0, albumGain: -1, albumPeak: 0 });
    } finally {
      await app.app.close();
    }
    // Still queued after that server stopped: the queue outlives a restart.
    expect(await pending()).toBe(2);
  });

  it('a server measures what is queued, within 0.5 LU of ffmpeg, and the album once all of it is', async () => {
    t = await startTestApp({ dataDir });
    await vi.waitFor(async () => expect(await pending()).toBe(0), { timeout: 30_000, interval: 100 });
    const [loudRef, quietRef] = await Promise.all([ffmpegEbur128(song(REL.loud)), ffmpegEbur128(song(REL.quiet))]);
    const loud = await songUrl(t, ids.loud!);
    const quiet = await songUrl(t, ids.quiet!);
    expect(Math.abs(loud.gain! - (-18 - loudRef.loudness))).toBeLessThanOrEqual(0.5);
    expect(Math.abs(quiet.gain! - (-18 - quietRef.loudness))).toBeLessThanOrEqual(0.5);
    expect(quiet.gain! - loud.gain!).toBeCloseTo(20, 0);
    expect(loud.peak).toBeCloseTo(0.5, 2);
    expect(quiet.peak).toBeCloseTo(0.05, 3);
    // Two songs of equal length: the album is as loud as their mean power, its peak the louder one's.
    const album = 10 * Math.log10((10 ** ((-18 - loud.gain!) / 10) + 10 ** ((-18 - quiet.gain!) / 10)) / 2);
    expect(loud.albumGain).toBeCloseTo(-18 - album, 1);
    expect(quiet.albumGain).toBe(loud.albumGain);
    expect(loud.albumPeak).toBe(loud.peak);
  });

  it('Subsonic songs carry OpenSubsonic’s replayGain', async () => {
    const rest = async (method: string, query: string) =>
      (
        (await t!.app.inject({ url: `/rest/${method}?u=13800000000&p=subsonic&v=1.16.1&c=test&f=json&${query}` })).json() as {
          'subsonic-response': Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
        }
      )['subsonic-response'];
    const loud = (await rest('getSong', `id=${ids.loud}`)).song;
    const url = await songUrl(t!, ids.loud!);
    expect(loud.replayGain).toEqual({ trackGain: url.gain, albumGain: url.albumGain, trackPeak: url.peak, albumPeak: url.albumPeak });
    expect((await rest('getSong', `id=${ids.r128}`)).song.replayGain).toEqual({ trackGain: -1, albumGain: -1 });
    // Every song child has one: an album's list too.
    const album = (await rest('getAlbum', `id=${loud.albumId}`)).album;
    expect(album.song.map((s: { replayGain?: object }) => s.replayGain !== undefined)).toEqual([true, true]);
  });

  it('a changed file is measured again; a song played before it is measured is measured first', async () => {
    // Five songs queued; the last one is played at once.
    const more = ['a', 'b', 'c', 'd', 'e'].map((n) => `More/Queue/${n}.flac`);
    for (const [i, rel] of more.entries()) {
      mkdirSync(dirname(song(rel)), { recursive: true });
      await runFfmpeg([...tone(-10 - i, 40), ...tags({ title: rel, artist: 'More', album: 'Queue', track: String(i + 1) }), song(rel)]);
    }
    // The loud song re-encoded 10 dB quieter: new bytes, so its old measurement goes.
    await runFfmpeg([...tone(-16), ...tags({ title: 'Loud', artist: 'Tones', album: 'Levels', track: '1' }), song(REL.loud)]);
    await importFolder(db, dataDir, music);
    const byPath = await db.prepare<[], { path: string; songId: number }>('SELECT path, song_id AS songId FROM library_files').all();
    const queued = more.map((rel) => byPath.find((r) => r.path === song(rel))!.songId);
    const last = queued.at(-1)!;
    await songUrl(t!, last);
    await vi.waitFor(async () => expect(await loudnessRow(last)).toBeDefined(), { timeout: 30_000, interval: 20 });
    // At most the song in hand when it was asked for was measured before it.
    const before = await db
      .prepare<[string], number>('SELECT COUNT(*) FROM song_loudness WHERE song_id IN (SELECT value FROM json_each(?))')
      .pluck()
      .get(JSON.stringify(queued.slice(0, -1)));
    expect(before).toBeLessThanOrEqual(2);
    await vi.waitFor(async () => expect(await pending()).toBe(0), { timeout: 60_000, interval: 100 });
    const loud = await songUrl(t!, ids.loud!);
    expect(loud.gain! - (await songUrl(t!, ids.quiet!)).gain!).toBeCloseTo(-10, 0);
  });

  it('a song uploaded to the cloud drive and played at once has its gain within seconds', async () => {
    const session = await register(t!.app, t!.dataDir, '13700000401', 'loudness-owner');
    const boundary = '----cloudtune-loudness';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="songFile"; filename="quiet.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n`;
    const payload = Buffer.concat([Buffer.from(head), readFileSync(files['quiet.mp3']!), Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const res = await t!.app.inject({
      method: 'POST',
      url: '/api/cloud',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: `MUSIC_U=${session}` },
    });
    const id = Number((res.json() as { songId: string }).songId);
    const reference = await ffmpegEbur128(files['quiet.mp3']!);
    await vi.waitFor(
      async () => {
        const item = expectContract('/song/url', (await call(t!.app, `/api/song/url?id=${id}`, { session })).body).data[0]!;
        expect(Math.abs(item.gain! - (-18 - reference.loudness))).toBeLessThanOrEqual(0.5);
        expect(item.albumGain).toBeNull();
      },
      { timeout: 10_000, interval: 100 },
    );
  });
});

describe('demo songs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ clock: GOLDEN_CLOCK });
  }, 60_000);
  afterAll(async () => await t?.close());

  it('are measured when rendered: /song/url’s gain and peak and Subsonic’s replayGain, golden', async () => {
    const id = 1;
    const url = expectContract('/song/url', (await getJson(t.app, `/api/song/url?id=${id}`)).body).data[0]!;
    expect(url).toMatchObject({ gain: 0, peak: 0 });
    const audio = await t.app.inject({ url: new URL(url.url!).pathname });
    expect(audio.statusCode).toBe(200);
    await vi.waitFor(
      async () =>
        expect(expectContract('/song/url', (await getJson(t.app, `/api/song/url?id=${id}`)).body).data[0]!.peak).toBeGreaterThan(0),
      { timeout: 15_000, interval: 50 },
    );
    const measured = expectContract('/song/url', (await getJson(t.app, `/api/song/url?id=${id}`)).body).data[0]!;
    await expect(
      `${JSON.stringify({ gain: measured.gain, peak: measured.peak, albumGain: measured.albumGain, albumPeak: measured.albumPeak }, null, 2)}\n`,
    ).toMatchFileSnapshot('goldens/song-url-loudness.json');
    const subsonic = await golden(t.app, 'getSong-replayGain', 'getSong', `id=${id}`);
    expect(subsonic.song.replayGain).toMatchObject({ trackGain: measured.gain, trackPeak: measured.peak });
  });
});

describe('two servers on one library', () => {
  it('only one measures at a time, whichever holds the lease', async () => {
    const dataDir = freshDataDir();
    const a = await startTestApp({ dataDir });
    const b = await startTestApp({ dataDir });
    const db = await openDatabase(dataDir);
    try {
      const music = join(work, 'Shared');
      for (const n of [1, 2, 3, 4, 5, 6]) {
        const file = join(music, 'Two/Servers', `${n}.flac`);
        mkdirSync(dirname(file), { recursive: true });
        await runFfmpeg([...tone(-10 - n, 30), ...tags({ title: `Song ${n}`, artist: 'Two', album: 'Servers', track: String(n) }), file]);
      }
      await importFolder(db, dataDir, music);
      const holders = new Set<string>();
      const pending = async () => (await db.prepare<[], number>('SELECT COUNT(*) FROM loudness_queue').pluck().get())!;
      await vi.waitFor(
        async () => {
          const holder = await db.prepare<[], string>("SELECT holder FROM leases WHERE name = 'loudness'").pluck().get();
          if (holder) holders.add(holder);
          expect(await pending()).toBe(0);
        },
        { timeout: 60_000, interval: 20 },
      );
      expect(holders.size).toBe(1);
      expect(await db.prepare<[], number>("SELECT COUNT(*) FROM song_loudness WHERE origin = 'measured'").pluck().get()).toBe(6);
    } finally {
      await db.close();
      await b.app.close();
      await a.close();
    }
  });
});
