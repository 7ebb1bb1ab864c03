import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { importFolder } from '../src/content/import/import-folder.ts';
import { openDatabase, type Db } from '../src/db/connection.ts';
import { createImportScanRepo } from '../src/repos/import-scans.ts';
import { SCAN_LEASE_MS } from '../src/services/import-scans.ts';
import { call, register, testClock } from './account-helpers.ts';
import { startTestApp, type TestApp } from './helpers.ts';
import { runFfmpeg } from './import-media.ts';

/**
 * startScan / getScanStatus: a real rescan of the folders the library was imported from, in the
 * background, one at a time across processes (a lease in the database), its status counting the
 * files seen; only an administrator starts one.
 */
let t: TestApp;
let work: string;
let music: string;
const clock = testClock();
const AUTH = 'u=13800000000&p=subsonic&v=1.16.1&c=test';
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A 4-second tagged tone (FLAC or MP3) at `path` under the music folder. */
async function tone(path: string, title: string, frequency: number): Promise<void> {
  const out = join(music, path);
  mkdirSync(join(out, '..'), { recursive: true });
  const codec = path.endsWith('.mp3') ? ['-c:a', 'libmp3lame', '-b:a', '192k'] : ['-c:a', 'flac'];
  const tags = [`title=${title}`, 'artist=Scan Band', 'album=Scanned'].flatMap((m) => ['-metadata', m]);
  await runFfmpeg(['-f', 'lavfi', '-i', `sine=frequency=${frequency}:duration=4`, '-ac', '2', ...codec, ...tags, out]);
}

async function rest(method: string, query = '', auth = AUTH): Promise<Json> {
  const res = await t.app.inject({ url: `/rest/${method}?${[auth, 'f=json', query].filter(Boolean).join('&')}` });
  expect(res.statusCode).toBe(200);
  return (res.json() as Json)['subsonic-response'];
}
const scanStatus = async (method = 'getScanStatus') => (await rest(method)).scanStatus as { scanning: boolean; count: number };
const songTitles = async () =>
  ((await rest('search3', 'query=&songCount=500&artistCount=0&albumCount=0')).searchResult3.song as Json[])
    .filter((s) => s.artist === 'Scan Band')
    .map((s) => s.title as string)
    .sort();

/** The lease as another process on the same database sees it. */
async function otherProcess(): Promise<{ db: Db; scans: Awaited<ReturnType<typeof createImportScanRepo>> }> {
  const db = await openDatabase(t.dataDir);
  return { db, scans: createImportScanRepo(db) };
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'cloudtune-scan-'));
  music = join(work, 'Music');
  [t] = await Promise.all([startTestApp({ clock: clock.now }), tone('Scan Band/One.flac', 'One', 440)]);
});
afterAll(async () => {
  await t?.close();
  rmSync(work, { recursive: true, force: true });
});

/** The whole answer of `method`, in XML and in JSON, against goldens/subsonic/<method>-<name>.{xml,json}; returns the JSON's scanStatus. */
async function golden(method: string, name: string): Promise<{ scanning: boolean; count: number }> {
  const xml = await t.app.inject({ url: `/rest/${method}?${AUTH}` });
  expect(xml.headers['content-type']).toMatch(/^text\/xml/);
  await expect(xml.body).toMatchFileSnapshot(`goldens/subsonic/${method}-${name}.xml`);
  const json = await t.app.inject({ url: `/rest/${method}?${AUTH}&f=json` });
  await expect(JSON.stringify(json.json(), null, 2)).toMatchFileSnapshot(`goldens/subsonic/${method}-${name}.json`);
  return json.json()['subsonic-response'].scanStatus;
}

describe('with no library folder', () => {
  test('startScan starts nothing and says so: scanning false, count 0 (golden, XML and JSON)', async () => {
    expect(await golden('startScan', 'no-folders')).toEqual({ scanning: false, count: 0 });
    expect(await golden('getScanStatus', 'never-scanned')).toEqual({ scanning: false, count: 0 });
  });
});

describe('rescanning the imported folders', () => {
  beforeAll(async () => {
    // The CLI's import records the folder it imports.
    const db = await openDatabase(t.dataDir);
    try {
      await importFolder(db, t.dataDir, music);
    } finally {
      await db.close();
    }
  });

  test('a file added to the folder is in the library once the scan says it is done; one removed leaves it', async () => {
    expect(await songTitles()).toEqual(['One']);
    await tone('Scan Band/Two.mp3', 'Two', 660);
    const started = await scanStatus('startScan');
    expect(started.scanning).toBe(true);
    await expect.poll(async () => (await scanStatus()).scanning, { timeout: 30_000, interval: 50 }).toBe(false);
    // Every file of the folder was seen: the old one (unchanged) and the new one.
    expect(await golden('getScanStatus', 'done')).toEqual({ scanning: false, count: 2 });
    expect(await songTitles()).toEqual(['One', 'Two']);
    const two = ((await rest('search3', 'query=Two&songCount=5')).searchResult3.song as Json[]).find((s) => s.artist === 'Scan Band');
    expect(two).toMatchObject({ title: 'Two', album: 'Scanned', suffix: 'mp3', duration: 4 });

    rmSync(join(music, 'Scan Band/Two.mp3'));
    expect((await scanStatus('startScan')).scanning).toBe(true);
    await expect.poll(async () => (await scanStatus()).scanning, { timeout: 30_000, interval: 50 }).toBe(false);
    expect(await scanStatus()).toEqual({ scanning: false, count: 1 });
    expect(await songTitles()).toEqual(['One']);
  });

  test('one scan at a time across processes: while another holds the lease, startScan answers its status and starts nothing', async () => {
    const other = await otherProcess();
    try {
      expect(await other.scans.take('other-process', clock.now(), clock.now() + SCAN_LEASE_MS)).toBe(true);
      expect(await other.scans.progress('other-process', 7, clock.now() + SCAN_LEASE_MS)).toBe(true);
      await tone('Scan Band/Three.flac', 'Three', 550);
      expect(await golden('startScan', 'while-scanning')).toEqual({ scanning: true, count: 7 });
      expect(await golden('getScanStatus', 'while-scanning')).toEqual({ scanning: true, count: 7 });
      // Nothing was started here: the new file is not in the library.
      expect(await songTitles()).toEqual(['One']);

      // That process died: once its lease runs out the scan is over for everyone, and a new one may start.
      clock.advance(SCAN_LEASE_MS + 1);
      expect((await scanStatus()).scanning).toBe(false);
      expect((await scanStatus('startScan')).scanning).toBe(true);
      await expect.poll(async () => (await scanStatus()).scanning, { timeout: 30_000, interval: 50 }).toBe(false);
      expect(await songTitles()).toEqual(['One', 'Three']);
      // The dead process's lease was taken over: it cannot report progress any more.
      expect(await other.scans.progress('other-process', 8, clock.now() + SCAN_LEASE_MS)).toBe(false);
    } finally {
      await other.db.close();
    }
  });

  test('a folder gone from disk is skipped, its songs kept', async () => {
    rmSync(music, { recursive: true, force: true });
    expect((await scanStatus('startScan')).scanning).toBe(true);
    await expect.poll(async () => (await scanStatus()).scanning, { timeout: 30_000, interval: 50 }).toBe(false);
    expect(await songTitles()).toEqual(['One', 'Three']);
  });

  test('only an administrator starts a scan (50); anyone reads the status', async () => {
    const session = await register(t.app, t.dataDir, '13700000001', 'listener-pass');
    const made = await call(t.app, '/api/subsonic/password', { session, method: 'POST' });
    const auth = `u=13700000001&p=${(made.body.data as Json).password}&v=1.16.1&c=test`;
    const refused = await rest('startScan', '', auth);
    expect(refused).toMatchObject({ status: 'failed', error: { code: 50, message: 'Only an administrator may start a scan' } });
    expect((await rest('getScanStatus', '', auth)).scanStatus).toEqual({ scanning: false, count: 0 });
  });
});
