import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../src/db/connection.ts';
import { preferredEncoding } from '../src/http/body-cache.ts';
import { startTestApp, type TestApp } from './helpers.ts';

/** Heavy answers are serialized once per catalog version, compressed on demand, and revalidated by ETag. */
let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await startTestApp({ allowedHosts: ['a.example', 'b.example'] });
  db = await openDatabase(t.dataDir);
});
afterAll(async () => {
  await db.close();
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('cached answers', () => {
  it('the same answer in br, gzip and plain JSON, with one ETag; If-None-Match → 304', async () => {
    const plain = await get('/api/playlist/detail?id=1');
    const br = await get('/api/playlist/detail?id=1', { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await get('/api/playlist/detail?id=1', { 'accept-encoding': 'gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(new Set([plain, br, gzip].map((r) => r.headers.etag)).size).toBe(1);
    const again = await get('/api/playlist/detail?id=1', { 'if-none-match': String(plain.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('a write to the library makes the next answer fresh', async () => {
    const before = (await get('/api/playlist/detail?id=2')).json() as { playlist: { name: string } };
    await db.prepare('UPDATE playlists SET name = ? WHERE id = 2').run('改过名的歌单');
    const after = (await get('/api/playlist/detail?id=2')).json() as { playlist: { name: string } };
    expect(before.playlist.name).not.toBe('改过名的歌单');
    expect(after.playlist.name).toBe('改过名的歌单');
  });

  it('answers for another origin carry that origin in their URLs', async () => {
    const a = (await get('/api/album?id=1', { host: 'a.example:4000' })).json() as { album: { picUrl: string } };
    const b = (await get('/api/album?id=1', { host: 'b.example:4000' })).json() as { album: { picUrl: string } };
    expect(a.album.picUrl).toContain('//a.example:4000/');
    expect(b.album.picUrl).toContain('//b.example:4000/');
  });

  it('picks br, then gzip, honouring q=0', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
  });
});
