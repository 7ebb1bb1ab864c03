import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { importFolder } from '../src/content/import/import-folder.ts';
import { openDatabase } from '../src/db/connection.ts';
import { jpegSize } from '../src/media/jpeg-size.ts';
import { DEMO_AUTH } from './golden-rest.ts';
import { readEnvelope } from './envelope-reader.ts';
import { startTestApp, type TestApp } from './helpers.ts';
import { runFfmpeg } from './import-media.ts';

/**
 * getCoverArt's `size` over a listening server: the image's longer side snaps up to the next
 * image bucket (64, 128, 256, 512, 1024), never past the picture's own size — generated art
 * (800 px) and covers imported from files, large (1400 px, the most a stored cover keeps) and
 * small (240 px, never blown up). An unknown id is error 70 in an envelope, not an image.
 */
let t: TestApp;
let base: string;
let work: string;
/** album ids of the imported covers: 1400 px and 240 px */
const imported = { large: 0, small: 0 };

/** An MP3 of a few seconds' noise with a square cover of `side` px embedded. */
async function trackWithCover(dir: string, title: string, side: number): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const cover = join(work, `${side}.jpg`);
  writeFileSync(
    cover,
    await sharp({ create: { width: side, height: side, channels: 3, background: '#3070c0' } })
      .jpeg()
      .toBuffer(),
  );
  await runFfmpeg([
    ...['-f', 'lavfi', '-i', 'anoisesrc=duration=2:color=pink:amplitude=0.3', '-i', cover],
    ...['-map', '0:a', '-map', '1', '-c:v', 'copy', '-c:a', 'libmp3lame', '-b:a', '128k', '-id3v2_version', '3'],
    ...[`title=${title}`, `artist=Cover Tester`, `album=${title} Album`].flatMap((m) => ['-metadata', m]),
    ...['-metadata:s:v', 'comment=Cover (front)', join(dir, `${title}.mp3`)],
  ]);
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'cloudtune-covers-'));
  const music = join(work, 'music');
  const [app] = await Promise.all([
    startTestApp(),
    trackWithCover(join(music, 'Large'), 'Large', 1400),
    trackWithCover(join(music, 'Small'), 'Small', 240),
  ]);
  t = app;
  const db = await openDatabase(t.dataDir);
  try {
    await importFolder(db, t.dataDir, music);
    const album = db.prepare<[string], number>('SELECT id FROM albums WHERE name = ?').pluck();
    imported.large = (await album.get('Large Album'))!;
    imported.small = (await album.get('Small Album'))!;
  } finally {
    await db.close();
  }
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
  rmSync(work, { recursive: true, force: true });
});

async function cover(id: string, size?: number) {
  const res = await fetch(`${base}/rest/getCoverArt?id=${id}${size === undefined ? '' : `&size=${size}`}&${DEMO_AUTH}`);
  const bytes = Buffer.from(await res.arrayBuffer());
  expect(res.status).toBe(200);
  return { type: res.headers.get('content-type'), bytes };
}

async function side(id: string, size?: number): Promise<number> {
  const { type, bytes } = await cover(id, size);
  expect(type).toBe('image/jpeg');
  const meta = await sharp(bytes).metadata();
  expect(meta.width).toBe(meta.height);
  return meta.width!;
}

const SIZES = [undefined, 32, 64, 150, 300, 600, 1200, 3000] as const;

describe('getCoverArt size', () => {
  test('generated art (800 px): albums, artists, playlists and a song (its album)', async () => {
    for (const id of ['al-1', 'ar-1', 'pl-1', '1']) {
      const sides = [];
      for (const size of SIZES) sides.push(await side(id, size));
      expect(sides, id).toEqual([800, 64, 64, 256, 512, 800, 800, 800]);
    }
  });

  test('an imported 1400 px cover is cut to the bucket asked for, up to its own size', async () => {
    const sides = [];
    for (const size of SIZES) sides.push(await side(`al-${imported.large}`, size));
    expect(sides).toEqual([1400, 64, 64, 256, 512, 1024, 1400, 1400]);
  });

  test('an imported 240 px cover is never blown up', async () => {
    const sides = [];
    for (const size of SIZES) sides.push(await side(`al-${imported.small}`, size));
    expect(sides).toEqual([240, 64, 64, 240, 240, 240, 240, 240]);
  });

  test('an unknown id is error 70 in an envelope (XML, or JSON with f=json), not an image', async () => {
    for (const id of ['al-99999', 'ar-99999', 'pl-99999', '99999']) {
      for (const f of ['', '&f=json']) {
        const res = await fetch(`${base}/rest/getCoverArt?id=${id}&size=300&${DEMO_AUTH}${f}`);
        expect(res.status).toBe(200);
        const envelope = readEnvelope({ body: await res.text(), headers: { 'content-type': res.headers.get('content-type') } });
        expect(envelope.error?.code, `${id}${f}`).toBe(70);
      }
    }
    const missing = await fetch(`${base}/rest/getCoverArt?${DEMO_AUTH}`);
    expect(readEnvelope({ body: await missing.text(), headers: { 'content-type': missing.headers.get('content-type') } }).error?.code).toBe(
      10,
    );
  });
});

describe('jpegSize', () => {
  test('reads baseline and progressive JPEG headers; anything else is unknown', async () => {
    const file = join(work, 'probe.img');
    const picture = sharp({ create: { width: 300, height: 120, channels: 3, background: '#808080' } });
    writeFileSync(file, await picture.clone().jpeg().toBuffer());
    expect(await jpegSize(file)).toEqual({ width: 300, height: 120 });
    writeFileSync(file, await picture.clone().jpeg({ progressive: true }).toBuffer());
    expect(await jpegSize(file)).toEqual({ width: 300, height: 120 });
    writeFileSync(file, await picture.clone().png().toBuffer());
    expect(await jpegSize(file)).toBeUndefined();
    writeFileSync(file, Buffer.from([0xff, 0xd8, 0xff]));
    expect(await jpegSize(file)).toBeUndefined();
  });
});
