import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { randomShareId, SHARE_ID } from '../src/services/shares.ts';
import { call, register, testClock } from './account-helpers.ts';
import { startTestApp, type TestApp } from './helpers.ts';

/**
 * Shares: createShare / getShares / updateShare / deleteShare (goldens at a fixed clock and fixed
 * share ids), and the public page a share link opens — without an account, in both modes — that
 * plays the shared songs and nothing else, until the share expires or is deleted.
 */
const clock = testClock(Date.UTC(2025, 0, 2, 8));
let made = 0;
const newShareId = () => `TestShare${String(++made).padStart(15, '0')}`;
let t: TestApp;
let otherAuth: string;
beforeAll(async () => {
  t = await startTestApp({ clock: clock.now, newShareId });
  const session = await register(t.app, t.dataDir, '13900000032', 'password1', '收到分享的人');
  const made = await call(t.app, '/api/subsonic/password', { session, method: 'POST' });
  otherAuth = `u=13900000032&p=${(made.body.data as { password: string }).password}&v=1.16.1&c=other`;
});
afterAll(async () => t?.close());

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const DEMO = 'u=13800000000&p=subsonic&v=1.16.1&c=test';

async function rest(method: string, query: string, auth: string): Promise<Json> {
  const res = await t.app.inject({ url: `/rest/${method}?${[auth, 'f=json', query].filter(Boolean).join('&')}` });
  expect(res.statusCode).toBe(200);
  return (res.json() as Json)['subsonic-response'];
}
async function ok(method: string, query = '', auth = DEMO): Promise<Json> {
  const body = await rest(method, query, auth);
  expect(body.error).toBeUndefined();
  return body;
}
async function failed(method: string, query: string, code: number, auth = DEMO): Promise<string> {
  const body = await rest(method, query, auth);
  expect(body).toMatchObject({ status: 'failed', error: { code } });
  return body.error.message as string;
}
async function golden(method: string, query: string, name = method): Promise<void> {
  const url = `/rest/${method}?${DEMO}${query ? `&${query}` : ''}`;
  await expect((await t.app.inject({ url })).body).toMatchFileSnapshot(`goldens/subsonic/${name}.xml`);
  const json = (await t.app.inject({ url: `${url}&f=json` })).json();
  await expect(`${JSON.stringify(json, null, 2)}\n`).toMatchFileSnapshot(`goldens/subsonic/${name}.json`);
}
/** Opens a path as a browser without an account would (no cookie, no credentials). */
const open = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') => t.app.inject({ method, url, headers });
const pathOf = (url: string) => new URL(url).pathname;

test('share ids carry 144 random bits and look like nothing else', () => {
  const ids = new Set(Array.from({ length: 1000 }, randomShareId));
  expect(ids.size).toBe(1000);
  for (const id of ids) {
    expect(id).toMatch(SHARE_ID);
    expect(Buffer.from(id, 'base64url')).toHaveLength(18);
  }
});

describe('the Subsonic methods', () => {
  test('every user may share (getUser says shareRole)', async () => {
    expect((await ok('getUser')).user.shareRole).toBe(true);
  });

  test('createShare of an album: the share with its absolute URL and the songs; getShares lists the user’s own', async () => {
    const expires = Date.UTC(2025, 0, 9, 8);
    await golden('createShare', `id=al-2&description=${encodeURIComponent('周末听的')}&expires=${expires}`, 'createShare');
    // The golden made two shares (XML, then JSON): the second is read back.
    const latest = ((await ok('getShares')).shares.share as Json[]).find((s) => s.id === 'TestShare000000000000002');
    expect(latest).toMatchObject({
      id: 'TestShare000000000000002',
      url: 'http://localhost:80/share/TestShare000000000000002',
      description: '周末听的',
      username: expect.any(String),
      created: new Date(clock.now()).toISOString(),
      expires: new Date(expires).toISOString(),
      visitCount: 0,
    });
    const album = (await ok('getAlbum', 'id=al-2')).album;
    expect(latest!.entry.map((e: Json) => e.id)).toEqual(album.song.map((s: Json) => s.id));
    expect((await ok('getShares', '', otherAuth)).shares.share).toEqual([]);
    await golden('getShares', '', 'getShares');
  });

  test('songs, albums and playlists together (each song once); someone else’s private playlist is not found', async () => {
    const created = await ok('createPlaylist', 'name=%E5%88%86%E4%BA%AB%E6%AD%8C%E5%8D%95&songId=30&songId=31');
    const playlist = created.playlist.id as string;
    const share = (await ok('createShare', `id=30&id=al-6&id=pl-${playlist}`)).shares.share[0];
    const albumSongs = (await ok('getAlbum', 'id=al-6')).album.song.map((s: Json) => s.id);
    expect(share.entry.map((e: Json) => e.id)).toEqual([...new Set(['30', ...albumSongs, '31'])]);
    expect(share.description).toBeUndefined();
    expect(share.expires).toBeUndefined();
    // Someone else's private playlist (made private through the NetEase API) cannot be shared.
    const session = (await call(t.app, '/api/login/cellphone?phone=13900000032&password=password1')).res.cookies.find(
      (c) => c.name === 'MUSIC_U',
    )!.value;
    const made = await call(t.app, `/api/playlist/create?name=${encodeURIComponent('私藏')}&privacy=10`, { session });
    const id = (made.body as Json).id as number;
    expect(id).toBeGreaterThan(0);
    expect(await failed('createShare', `id=pl-${id}`, 70)).toBe('Playlist not found');
  });

  test('updateShare changes the description and expiry (0: never); deleteShare; only the owner may', async () => {
    const id = (await ok('createShare', 'id=12')).shares.share[0].id as string;
    await golden('updateShare', `id=${id}&description=${encodeURIComponent('新的说明')}&expires=${Date.UTC(2025, 1, 1)}`, 'updateShare');
    const read = async () => ((await ok('getShares')).shares.share as Json[]).find((s) => s.id === id)!;
    expect(await read()).toMatchObject({ description: '新的说明', expires: '2025-02-01T00:00:00.000Z' });
    await ok('updateShare', `id=${id}&expires=0`);
    const unchanged = await read();
    expect(unchanged.description).toBe('新的说明');
    expect(unchanged.expires).toBeUndefined();
    await ok('updateShare', `id=${id}&description=`);
    expect((await read()).description).toBeUndefined();

    expect(await failed('updateShare', `id=${id}&description=mine`, 70, otherAuth)).toBe('Share not found');
    await failed('deleteShare', `id=${id}`, 70, otherAuth);
    await golden('deleteShare', `id=${id}`, 'deleteShare');
    expect((await ok('getShares')).shares.share.map((s: Json) => s.id)).not.toContain(id);
    await failed('deleteShare', `id=${id}`, 70);
  });

  test('refusals: no id (10), an artist (0), unknown things (70), an expiry in the past or malformed (0), a long description (0)', async () => {
    await failed('createShare', '', 10);
    await failed('createShare', 'id=ar-1', 0);
    expect(await failed('createShare', 'id=99999', 70)).toBe('Song not found');
    expect(await failed('createShare', 'id=al-99999', 70)).toBe('Album not found');
    await failed('createShare', `id=1&expires=${clock.now() - 1}`, 0);
    await failed('createShare', 'id=1&expires=tomorrow', 0);
    await failed('createShare', `id=1&description=${'长'.repeat(1001)}`, 0);
    await failed('updateShare', '', 10);
    await failed('updateShare', 'id=no-such-share-at-all', 70);
    await failed('deleteShare', 'id=../../etc', 70);
  });
});

describe('the share page, opened without an account', () => {
  test('lists the songs with covers and plays each through the share (Range); other songs are refused', async () => {
    const share = (await ok('createShare', `id=3&id=4&description=${encodeURIComponent('<b>给你</b> & "朋友"')}`)).shares.share[0];
    const page = await open(pathOf(share.url));
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.body).toContain('<html lang="zh-CN">');
    for (const entry of share.entry as Json[]) {
      expect(page.body).toContain(`href="/share/${share.id}/audio/${entry.id}"`);
      expect(page.body).toContain(`/api/media/image/album/${entry.albumId.slice(3)}.jpg?param=96y96`);
    }
    expect(page.body).toContain('&lt;b&gt;给你&lt;/b&gt; &amp; &quot;朋友&quot;');
    expect(page.body).not.toContain('<b>给你</b>');
    expect(page.body).toContain('播放全部');

    const whole = await open(`/share/${share.id}/audio/3`);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/mpeg');
    const part = await open(`/share/${share.id}/audio/3`, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${whole.rawPayload.length}`);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(100, 200))).toBe(true);
    expect(whole.rawPayload.equals((await open('/api/media/audio/3.mp3')).rawPayload)).toBe(true);

    const other = await open(`/share/${share.id}/audio/5`);
    expect(other.statusCode).toBe(404);
    expect(other.body).toContain('分享已过期或已删除');
    expect((await open(`/share/${share.id}/audio/abc`)).statusCode).toBe(404);
  });

  test('its only script is the player, allowed by its hash; nothing else loads from elsewhere', async () => {
    const share = (await ok('createShare', 'id=8')).shares.share[0];
    const page = await open(pathOf(share.url));
    const csp = page.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    const scripts = [...page.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(scripts).toHaveLength(1);
    expect(csp).toContain(`'sha256-${createHash('sha256').update(scripts[0]!).digest('base64')}'`);
    expect(page.body).not.toMatch(/\son\w+=/);
    expect(page.body).not.toMatch(/(src|href)="https?:/);
  });

  test('visits are counted (not HEAD); an expired or deleted share, or one never made, is a 404 page saying so', async () => {
    const expires = clock.now() + 60 * 60_000;
    const share = (await ok('createShare', `id=9&expires=${expires}`)).shares.share[0];
    const path = pathOf(share.url);
    clock.advance(60_000);
    expect((await open(path)).statusCode).toBe(200);
    expect((await open(path, {}, 'HEAD')).statusCode).toBe(200);
    clock.advance(60_000);
    expect((await open(path)).statusCode).toBe(200);
    const seen = ((await ok('getShares')).shares.share as Json[]).find((s) => s.id === share.id)!;
    expect(seen).toMatchObject({ visitCount: 2, lastVisited: new Date(clock.now()).toISOString() });

    clock.advance(60 * 60_000);
    const expired = await open(path);
    expect(expired.statusCode).toBe(404);
    expect(expired.body).toContain('分享已过期或已删除');
    expect((await open(`/share/${share.id}/audio/9`, { range: 'bytes=0-9' })).statusCode).toBe(404);
    // The owner can extend it.
    await ok('updateShare', `id=${share.id}&expires=0`);
    expect((await open(path)).statusCode).toBe(200);
    await ok('deleteShare', `id=${share.id}`);
    expect((await open(path)).statusCode).toBe(404);
    expect((await open('/share/NeverMadeShare0000000000')).statusCode).toBe(404);
    expect((await open('/share/%3Cscript%3E')).body).not.toContain('<script>');
  });
});

describe('both modes', () => {
  test('API-only mode (the desktop shell) serves the page at the root too, covers without the /api prefix', async () => {
    const api = await startTestApp({ apiPrefix: '', newShareId, clock: clock.now });
    try {
      const res = await api.app.inject({ url: `/rest/createShare?${DEMO}&f=json&id=3` });
      const share = res.json()['subsonic-response'].shares.share[0];
      const page = await api.app.inject({ url: pathOf(share.url) });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('src="/media/image/album/');
      expect((await api.app.inject({ url: `/share/${share.id}/audio/3`, headers: { range: 'bytes=0-9' } })).statusCode).toBe(206);
    } finally {
      await api.close();
    }
  });

  test('beside the built web app, the web app’s history fallback does not take /share', async () => {
    const webDist = mkdtempSync(join(tmpdir(), 'cloudtune-web-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><html><head></head><body>the web app</body></html>');
    const web = await startTestApp({ webDist, newShareId, clock: clock.now });
    try {
      const res = await web.app.inject({ url: `/rest/createShare?${DEMO}&f=json&id=3` });
      const share = res.json()['subsonic-response'].shares.share[0];
      const page = await web.app.inject({ url: pathOf(share.url) });
      expect(page.body).not.toContain('the web app');
      expect(page.body).toContain('播放全部');
      const gone = await web.app.inject({ url: '/share/NeverMadeShare0000000000' });
      expect(gone.statusCode).toBe(404);
      expect(gone.body).toContain('分享已过期或已删除');
      expect((await web.app.inject({ url: '/music/recommend' })).body).toContain('the web app');
    } finally {
      await web.close();
      rmSync(webDist, { recursive: true, force: true });
    }
  });
});
