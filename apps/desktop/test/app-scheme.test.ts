import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { answerAppRequest, isAppUrl, resolveAppPath } from '../src/services/app-scheme.ts';

const root = mkdtempSync(join(tmpdir(), 'cloudtune-scheme-'));
const outside = mkdtempSync(join(tmpdir(), 'cloudtune-outside-'));
mkdirSync(join(root, 'assets'));
mkdirSync(join(root, 'audio-effect'));
writeFileSync(join(root, 'index.html'), '<!doctype html><title>t</title>');
writeFileSync(join(root, 'assets', 'index-abc.js'), 'export {};');
writeFileSync(join(root, 'assets', 'index-abc.css'), 'body{}');
writeFileSync(join(root, 'audio-effect', '大厅.wav'), 'RIFF');
writeFileSync(join(root, '.env'), 'SECRET=1');
writeFileSync(join(outside, 'secret.js'), 'secret');
symlinkSync(join(outside, 'secret.js'), join(root, 'assets', 'link.js'));
const CSP = "default-src 'self'";
afterAll(() => [root, outside].forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const answer = (url: string, method = 'GET') => answerAppRequest({ url, method }, { root, contentSecurityPolicy: () => CSP });

describe('the app:// path rules', () => {
  it('maps the root and plain paths below the build folder', () => {
    expect(resolveAppPath('app://cloudtune/', root)).toEqual({
      ok: true,
      path: join(root, 'index.html'),
      mimeType: 'text/html; charset=utf-8',
    });
    expect(resolveAppPath('app://cloudtune/index.html#/music/recommend', root)).toMatchObject({ ok: true, path: join(root, 'index.html') });
    expect(resolveAppPath('app://cloudtune/assets/index-abc.js?v=1', root)).toMatchObject({
      ok: true,
      path: join(root, 'assets', 'index-abc.js'),
    });
    expect(resolveAppPath('app://cloudtune/audio-effect/%E5%A4%A7%E5%8E%85.wav', root)).toMatchObject({
      ok: true,
      path: join(root, 'audio-effect', '大厅.wav'),
      mimeType: 'audio/wav',
    });
  });

  it.each([
    ['app://cloudtune/assets/..%2f..%2fsecret.js'],
    ['app://cloudtune/assets/..%5c..%5csecret.js'],
    ['app://cloudtune/%2fetc%2fpasswd.js'],
    ['app://cloudtune/C:%5cWindows%5cwin.ini.txt'],
    ['app://cloudtune/assets/index-abc.js%00.html'],
    ['app://cloudtune/.env'],
    ['app://cloudtune/assets//index-abc.js'],
    ['app://cloudtune/assets/%2e%2e%2f%2e%2e%2fsecret.js'],
  ])('refuses %s', (url) => {
    expect(resolveAppPath(url, root).ok).toBe(false);
  });

  it('never resolves a path outside the build folder, however the URL is put together', () => {
    const segment = fc.constantFrom(
      '..',
      '.',
      '%2e%2e',
      '%2E%2E',
      '.%2e',
      '%2f',
      '%5c',
      '..%2f',
      '..%5c',
      '%00',
      'assets',
      'a.js',
      '',
      '~',
      'C:',
    );
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 8 }), fc.constantFrom('.js', '.html', ''), (parts, ext) => {
        const resolved = resolveAppPath(`app://cloudtune/${parts.join('/')}${ext}`, root);
        return !resolved.ok || resolved.path.startsWith(root + sep);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses other origins, schemes, methods and malformed escapes', () => {
    expect(resolveAppPath('app://evil/index.html', root)).toMatchObject({ ok: false, status: 403 });
    expect(resolveAppPath('file:///etc/passwd', root)).toMatchObject({ ok: false, status: 403 });
    expect(resolveAppPath('app://cloudtune/index.html', root, 'POST')).toMatchObject({ ok: false, status: 405 });
    expect(resolveAppPath('app://cloudtune/%E0%A4%A.js', root)).toMatchObject({ ok: false, status: 400 });
    expect(resolveAppPath('not a url', root)).toMatchObject({ ok: false, status: 400 });
  });

  it('serves known types only, with their MIME type', () => {
    const type = (path: string) => {
      const r = resolveAppPath(`app://cloudtune/${path}`, root);
      return r.ok ? r.mimeType : null;
    };
    expect(type('assets/a.js')).toBe('text/javascript; charset=utf-8');
    expect(type('assets/a.CSS')).toBe('text/css; charset=utf-8');
    expect(type('assets/a.woff2')).toBe('font/woff2');
    expect(type('assets/a.svg')).toBe('image/svg+xml');
    expect(type('assets/a.webp')).toBe('image/webp');
    expect(type('audio-effect/a.wav')).toBe('audio/wav');
    expect(type('assets/a.exe')).toBeNull();
    expect(type('assets/noextension')).toBeNull();
  });

  it('knows its own pages', () => {
    expect(isAppUrl('app://cloudtune/index.html#/music')).toBe(true);
    expect(isAppUrl('app://other/index.html')).toBe(false);
    expect(isAppUrl('http://cloudtune/')).toBe(false);
    expect(isAppUrl('')).toBe(false);
  });
});

describe('answering app:// requests', () => {
  it('serves the page with the Content-Security-Policy and assets without it', async () => {
    const page = await answer('app://cloudtune/index.html');
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toBe(CSP);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.body?.toString()).toContain('<title>t</title>');
    const script = await answer('app://cloudtune/assets/index-abc.js');
    expect(script).toMatchObject({ status: 200, headers: { 'content-type': 'text/javascript; charset=utf-8', 'content-length': '10' } });
    expect(script.headers['content-security-policy']).toBeUndefined();
  });

  it('answers HEAD without a body', async () => {
    expect(await answer('app://cloudtune/assets/index-abc.css', 'HEAD')).toMatchObject({ status: 200, body: null });
  });

  it('gives 404 for missing files, folders and links that lead out of the build', async () => {
    expect((await answer('app://cloudtune/assets/missing.js')).status).toBe(404);
    expect((await answer('app://cloudtune/assets.js')).status).toBe(404);
    expect((await answer('app://cloudtune/assets/link.js')).status).toBe(404);
    expect((await answer('app://cloudtune/.env')).status).toBe(404);
    expect((await answer('app://cloudtune/index.html', 'POST')).status).toBe(405);
  });
});
