import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseBuffer } from 'music-metadata';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { importFolder } from '../src/content/import/import-folder.ts';
import { openDatabase } from '../src/db/connection.ts';
import { runFfmpeg } from './import-media.ts';
import { startTestApp, type TestApp } from './helpers.ts';

/**
 * Subsonic's stream over an imported lossless file: `maxBitRate` gets the transcoder's MP3
 * variant (Range included once it is made), `format=raw` and no limit the FLAC itself. The FLAC
 * is pink noise: a sine wave compresses below 128 kbit/s and would be served as it is.
 */
let t: TestApp;
let work: string;
let songId: number;
const AUTH = 'u=13800000000&p=subsonic';

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'cloudtune-subsonic-'));
  const folder = join(work, 'Tester', 'Tones');
  mkdirSync(folder, { recursive: true });
  const file = join(folder, '01 Tone.flac');
  const [app] = await Promise.all([
    startTestApp(),
    runFfmpeg([
      '-f',
      'lavfi',
      '-i',
      'anoisesrc=duration=6:color=pink:amplitude=0.5',
      '-ac',
      '2',
      '-c:a',
      'flac',
      ...['title=Tone', 'artist=Tester', 'album=Tones'].flatMap((m) => ['-metadata', m]),
      file,
    ]),
  ]);
  t = app;
  const db = await openDatabase(t.dataDir);
  try {
    await importFolder(db, t.dataDir, work);
    songId = (await db.prepare<[string], number>('SELECT song_id FROM library_files WHERE path = ?').pluck().get(file))!;
  } finally {
    await db.close();
  }
  expect(songId).toBeGreaterThan(0);
});
afterAll(async () => {
  await t?.close();
  rmSync(work, { recursive: true, force: true });
});

test('getSong tells the FLAC; stream with maxBitRate is a 128k MP3, raw and unlimited are the FLAC', async () => {
  const song = (await t.app.inject({ url: `/rest/getSong?id=${songId}&${AUTH}&f=json` })).json()['subsonic-response'].song;
  expect(song).toMatchObject({ suffix: 'flac', contentType: 'audio/flac', title: 'Tone', artist: 'Tester', album: 'Tones' });

  const mp3 = await t.app.inject({ url: `/rest/stream?id=${songId}&maxBitRate=128&${AUTH}` });
  expect(mp3.statusCode).toBe(200);
  expect(mp3.headers['content-type']).toBe('audio/mpeg');
  const meta = await parseBuffer(mp3.rawPayload, { mimeType: 'audio/mpeg' });
  expect(meta.format.codec).toMatch(/MPEG 1 Layer 3/);
  expect(meta.format.bitrate).toBe(128_000);
  expect(meta.format.duration).toBeGreaterThan(5.5);

  // made now: a seek is a 206 of exactly those bytes
  const part = await t.app.inject({ url: `/rest/stream?id=${songId}&maxBitRate=160&${AUTH}`, headers: { range: 'bytes=100-199' } });
  expect(part.statusCode).toBe(206);
  expect(part.rawPayload.equals(mp3.rawPayload.subarray(100, 200))).toBe(true);

  for (const query of ['format=raw&maxBitRate=128', 'maxBitRate=0', '']) {
    const flac = await t.app.inject({ url: `/rest/stream?id=${songId}&${query}&${AUTH}` });
    expect(flac.headers['content-type']).toBe('audio/flac');
    expect(flac.rawPayload.subarray(0, 4).toString('latin1')).toBe('fLaC');
  }
  const converted = await t.app.inject({ url: `/rest/stream?id=${songId}&format=mp3&${AUTH}` });
  expect((await parseBuffer(converted.rawPayload, { mimeType: 'audio/mpeg' })).format.bitrate).toBe(320_000);
});
