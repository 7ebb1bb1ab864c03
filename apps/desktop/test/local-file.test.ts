import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { answerLocalFile, localFilePath, MAX_CHUNK_BYTES, parseRange } from '../src/services/local-file.ts';

const temp = mkdtempSync(join(tmpdir(), 'cloudtune-local-file-'));
const music = join(temp, 'music');
const elsewhere = join(temp, 'elsewhere');
mkdirSync(join(music, 'sub'), { recursive: true });
mkdirSync(elsewhere);
const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));
writeFileSync(join(music, 'sub', '歌 1.mp3'), bytes);
writeFileSync(join(music, 'notes.txt'), 'text');
writeFileSync(join(elsewhere, 'secret.mp3'), 'secret');
symlinkSync(join(elsewhere, 'secret.mp3'), join(music, 'link.mp3'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const url = (path: string) => `app://cloudtune/local-file?path=${encodeURIComponent(path)}`;
const ask = (path: string, range?: string, method = 'GET') => answerLocalFile({ url: url(path), method, range }, () => [music]);

describe('local files (app://cloudtune/local-file)', () => {
  it('serves an audio file below a root, whole or by range', async () => {
    const whole = await ask(join(music, 'sub', '歌 1.mp3'));
    expect(whole.status).toBe(200);
    expect(whole.headers).toMatchObject({ 'content-type': 'audio/mpeg', 'accept-ranges': 'bytes', 'content-length': '1000' });
    expect(whole.body).toEqual(bytes);
    const part = await ask(join(music, 'sub', '歌 1.mp3'), 'bytes=10-19');
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 10-19/1000');
    expect(part.body).toEqual(bytes.subarray(10, 20));
    const tail = await ask(join(music, 'sub', '歌 1.mp3'), 'bytes=-5');
    expect(tail.body).toEqual(bytes.subarray(995));
    expect((await ask(join(music, 'sub', '歌 1.mp3'), 'bytes=2000-')).status).toBe(416);
    const head = await ask(join(music, 'sub', '歌 1.mp3'), undefined, 'HEAD');
    expect(head.body).toBeNull();
  });

  it('refuses what is not an audio file below a root, links leading out, and other methods', async () => {
    expect((await ask(join(music, 'notes.txt'))).status).toBe(404);
    expect((await ask(join(elsewhere, 'secret.mp3'))).status).toBe(403);
    expect((await ask(join(music, '..', 'elsewhere', 'secret.mp3'))).status).toBe(403);
    expect((await ask(join(music, 'link.mp3'))).status).toBe(403);
    expect((await ask(join(music, 'missing.mp3'))).status).toBe(404);
    expect((await ask('relative/a.mp3')).status).toBe(400);
    expect((await ask(join(music, 'sub', '歌 1.mp3'), undefined, 'POST')).status).toBe(405);
    const noRoots = await answerLocalFile({ url: url(join(music, 'sub', '歌 1.mp3')), method: 'GET' }, () => []);
    expect(noRoots.status).toBe(403);
  });

  it('reads the path only from app://cloudtune/local-file', () => {
    expect(localFilePath('app://cloudtune/local-file?path=%2Fa%2Fb.mp3')).toBe('/a/b.mp3');
    expect(localFilePath('app://evil/local-file?path=%2Fa.mp3')).toBeNull();
    expect(localFilePath('app://cloudtune/index.html?path=%2Fa.mp3')).toBeNull();
    expect(localFilePath('not a url')).toBeNull();
  });

  it('parses ranges, capping nothing itself', () => {
    expect(parseRange(undefined, 100)).toBe('whole');
    expect(parseRange('bytes=0-', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=5-500', 100)).toEqual({ start: 5, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=50-10', 100)).toBeNull();
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(parseRange('items=0-1', 100)).toBeNull();
    expect(MAX_CHUNK_BYTES).toBe(4 * 1024 * 1024);
  });
});
