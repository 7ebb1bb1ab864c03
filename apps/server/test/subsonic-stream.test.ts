import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { importFolder } from '../src/content/import/import-folder.ts';
import { openDatabase } from '../src/db/connection.ts';
import { streamWish } from '../src/routes/subsonic/media.ts';
import { SubsonicParams } from '../src/routes/subsonic/params.ts';
import { chooseVariant, variantFromOffset } from '../src/services/transcode-choice.ts';
import { decode, probe } from './audio-probe.ts';
import { startTestApp, type TestApp } from './helpers.ts';
import { runFfmpeg } from './import-media.ts';

/**
 * Subsonic's stream with `timeOffset` (the transcodeOffset extension), `maxBitRate` and `format`
 * (MP3, Opus, AAC), and download — real audio through the real transcoder, each answer probed by
 * ffprobe and decoded by ffmpeg. The imported song is a minute of stereo pink noise in FLAC (noise
 * does not compress below the levels, so every limit below lossless transcodes).
 */
let t: TestApp;
let work: string;
let flacPath: string;
let flacId: number;
const AUTH = 'u=13800000000&p=subsonic&v=1.16.1&c=test';
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'cloudtune-stream-'));
  const folder = join(work, 'Probe Band');
  mkdirSync(folder, { recursive: true });
  flacPath = join(folder, 'Noise.flac');
  const tags = ["title=Don't (Stop)", 'artist=Probe Band', 'album=Probes'].flatMap((m) => ['-metadata', m]);
  const [app] = await Promise.all([
    startTestApp(),
    runFfmpeg([
      '-f',
      'lavfi',
      '-i',
      'anoisesrc=duration=60:color=pink:amplitude=0.5',
      '-ac',
      '2',
      '-ar',
      '44100',
      '-c:a',
      'flac',
      ...tags,
      flacPath,
    ]),
  ]);
  t = app;
  const db = await openDatabase(t.dataDir);
  try {
    await importFolder(db, t.dataDir, work);
    flacId = (await db.prepare<[string], number>('SELECT song_id FROM library_files WHERE path = ?').pluck().get(flacPath))!;
  } finally {
    await db.close();
  }
  expect(flacId).toBeGreaterThan(0);
});
afterAll(async () => {
  await t?.close();
  rmSync(work, { recursive: true, force: true });
});

const stream = (query: string, headers: Record<string, string> = {}) => t.app.inject({ url: `/rest/stream?${AUTH}&${query}`, headers });
async function failed(method: string, query: string): Promise<Json> {
  const res = await t.app.inject({ url: `/rest/${method}?${AUTH}&f=json&${query}` });
  expect(res.statusCode).toBe(200);
  const body = res.json()['subsonic-response'] as Json;
  expect(body.status).toBe('failed');
  return body.error as Json;
}

describe('format and maxBitRate', () => {
  test.each([
    ['format=mp3&maxBitRate=128', 'audio/mpeg', 'mp3', 'mp3', 44_100, 128_000],
    ['format=opus&maxBitRate=96', 'audio/ogg', 'ogg', 'opus', 48_000, 96_000],
    ['format=aac&maxBitRate=192', 'audio/aac', 'aac', 'aac', 44_100, 192_000],
    ['maxBitRate=256', 'audio/mpeg', 'mp3', 'mp3', 44_100, 192_000],
    ['format=opus', 'audio/ogg', 'ogg', 'opus', 48_000, 192_000],
  ])('%s: %s (%s/%s) at the level asked, the whole song, decoding cleanly', async (query, type, container, codec, rate, bitrate) => {
    const res = await stream(`id=${flacId}&${query}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(type);
    const probed = await probe(res.rawPayload);
    expect(probed).toMatchObject({ formatName: container, codec, sampleRate: rate, channels: 2 });
    // MP3 is CBR: exactly the level; Opus (constrained VBR) and AAC (ABR) keep close to it.
    if (codec === 'mp3') expect(probed.streamBitRate).toBe(bitrate);
    else expect(Math.abs(probed.bitRate / bitrate - 1)).toBeLessThan(0.1);
    const decoded = await decode(res.rawPayload);
    expect(decoded.errors).toBe('');
    expect(decoded.seconds).toBeGreaterThan(59.9);
    expect(decoded.seconds).toBeLessThan(60.2);
  });

  test('a variant once made is a file: Range answers 206 with exactly those bytes; raw and no limit are the FLAC itself', async () => {
    const whole = await stream(`id=${flacId}&format=opus&maxBitRate=96`);
    const part = await stream(`id=${flacId}&format=opus&maxBitRate=100`, { range: 'bytes=1000-1999' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1000-1999/${whole.rawPayload.length}`);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(1000, 2000))).toBe(true);
    for (const query of ['format=raw&maxBitRate=96', 'format=flac', '']) {
      const res = await stream(`id=${flacId}&${query}`);
      expect(res.headers['content-type']).toBe('audio/flac');
      expect(res.rawPayload.equals(readFileSync(flacPath))).toBe(true);
    }
  });

  test('the choice: the original when it fits, the level under the limit, never above a lossy original', () => {
    const choose = (original: { type: string; bitrate: number; lossless: boolean }, q: Record<string, string>) =>
      chooseVariant(original, streamWish(new SubsonicParams(q)));
    const mp3 = { type: 'mp3', bitrate: 320_000, lossless: false };
    const demo = { type: 'mp3', bitrate: 128_000, lossless: false };
    const opus = { type: 'opus', bitrate: 96_000, lossless: false };
    expect(choose(mp3, { maxBitRate: '320' })).toBeNull();
    expect(choose(mp3, { maxBitRate: '192', format: 'MP3' })).toEqual({ format: 'mp3', bitrate: 192_000 });
    expect(choose(mp3, { format: 'opus' })).toEqual({ format: 'opus', bitrate: 192_000 });
    expect(choose(demo, { format: 'opus' })).toEqual({ format: 'opus', bitrate: 128_000 });
    expect(choose(demo, { maxBitRate: '64' })).toBeNull();
    expect(choose(opus, { format: 'opus', maxBitRate: '64' })).toEqual({ format: 'opus', bitrate: 64_000 });
    expect(choose(opus, { maxBitRate: '128' })).toBeNull();
    expect(choose(opus, { format: 'flv' })).toBeNull();
    expect(variantFromOffset(opus, null)).toEqual({ format: 'opus', bitrate: 96_000 });
    expect(variantFromOffset({ type: 'flac', bitrate: 900_000, lossless: true }, null)).toEqual({ format: 'mp3', bitrate: 320_000 });
    expect(variantFromOffset({ type: 'm4a', bitrate: 256_000, lossless: false }, null)).toEqual({ format: 'mp3', bitrate: 192_000 });
  });
});

describe('timeOffset (transcodeOffset)', () => {
  test('timeOffset=30 on the FLAC: an MP3 (320k) of the last 30 seconds', async () => {
    const res = await stream(`id=${flacId}&timeOffset=30`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(await probe(res.rawPayload)).toMatchObject({ codec: 'mp3', streamBitRate: 320_000, channels: 2 });
    const { seconds, errors } = await decode(res.rawPayload);
    expect(errors).toBe('');
    expect(seconds).toBeGreaterThan(29.9);
    expect(seconds).toBeLessThan(30.2);
  });

  test.each([
    ['format=opus&maxBitRate=64&timeOffset=45.5', 'opus', 14.5],
    ['format=aac&timeOffset=50', 'aac', 10],
    ['format=raw&timeOffset=59', 'mp3', 1],
  ])('%s: %s of the rest', async (query, codec, rest) => {
    const res = await stream(`id=${flacId}&${query}`);
    expect((await probe(res.rawPayload)).codec).toBe(codec);
    const { seconds, errors } = await decode(res.rawPayload);
    expect(errors).toBe('');
    expect(Math.abs(seconds - rest)).toBeLessThan(0.15);
  });

  test("a demo song (rendered on demand): its own MP3 from 30 s in lasts the song's duration minus 30 s", async () => {
    const album = (await t.app.inject({ url: `/rest/getAlbum?id=al-1&${AUTH}&f=json` })).json()['subsonic-response'].album as Json;
    const shortest = (album.song as Json[]).filter((s) => s.duration > 35).sort((a, b) => a.duration - b.duration)[0]!;
    const whole = await decode((await stream(`id=${shortest.id}`)).rawPayload);
    const from30 = await stream(`id=${shortest.id}&timeOffset=30`);
    expect(from30.headers['content-type']).toBe('audio/mpeg');
    expect(await probe(from30.rawPayload)).toMatchObject({ codec: 'mp3', streamBitRate: 128_000 });
    const cut = await decode(from30.rawPayload);
    expect(cut.errors).toBe('');
    expect(Math.abs(cut.seconds - (whole.seconds - 30))).toBeLessThan(0.15);
  });

  test('an offset past the end, or not a number, is a clear error', async () => {
    expect(await failed('stream', `id=${flacId}&timeOffset=60`)).toEqual({ code: 0, message: 'timeOffset is past the end of the song' });
    expect(await failed('stream', `id=${flacId}&timeOffset=-3`)).toEqual({ code: 0, message: 'timeOffset must be a number of seconds' });
    expect(await failed('stream', `id=${flacId}&timeOffset=1e3`)).toEqual({ code: 0, message: 'timeOffset must be a number of seconds' });
  });
});

describe('download', () => {
  test("the original file, named with its artist and title (RFC 8187: ' ( ) escaped), Range honoured", async () => {
    const res = await t.app.inject({ url: `/rest/download?id=${flacId}&${AUTH}&format=mp3&maxBitRate=128` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/flac');
    expect(res.headers['content-disposition']).toBe("attachment; filename*=UTF-8''Probe%20Band%20-%20Don%27t%20%28Stop%29.flac");
    expect(res.rawPayload.equals(readFileSync(flacPath))).toBe(true);
    const part = await t.app.inject({ url: `/rest/download?id=${flacId}&${AUTH}`, headers: { range: 'bytes=4-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 4-99/${res.rawPayload.length}`);
    expect(part.rawPayload.equals(res.rawPayload.subarray(4, 100))).toBe(true);
  });
});
