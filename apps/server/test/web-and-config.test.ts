import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/connection.ts';
import { expectContract, expectError, getJson, startTestApp, type TestApp } from './helpers.ts';

const INDEX = '<!doctype html><html><head><title>Cloudtune test build</title></head><body><div id="root"></div></body></html>';
let dist: string;
let web: TestApp;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'cloudtune-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log("cloudtune")');
  web = await startTestApp({ webDist: dist, allowedHosts: ['music.example'] });
});
afterAll(async () => {
  await web.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('web app beside the API', () => {
  it.each(['/list/song/3', '/userinfo/1?x=1', '/music/toplist'])('GET %s → index.html', async (url) => {
    const res = await web.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(INDEX);
  });

  it.each(['/', '/music', '/music/recommend'])(
    'GET %s → the page with the first screen’s data and its banner image preloaded',
    async (url) => {
      const res = await web.app.inject({ method: 'GET', url, headers: { host: 'music.example:4000' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      const preload = /<link rel="preload" as="image" href="([^"]+)" fetchpriority="high">/.exec(res.body)?.[1];
      expect(preload).toBe('http://music.example:4000/api/media/image/banner/1.jpg?param=1080y400');
      const json = /<script type="application\/json" id="cloudtune-first-screen">(.*?)<\/script>/.exec(res.body)?.[1];
      const data = JSON.parse(json!) as Record<string, { banners?: unknown[]; result?: unknown[] }>;
      const banners = expectContract('/banner', (await getJson(web.app, '/api/banner')).body).banners;
      expect(data['/banner?type=0']!.banners).toHaveLength(banners.length);
      expect(data['/personalized?limit=14']!.result).toHaveLength(14);
    },
  );

  it('the inlined data cannot close its script element', async () => {
    const db = await openDatabase(web.dataDir);
    try {
      await db
        .prepare('UPDATE banners SET type_title = ? WHERE id = (SELECT MIN(id) FROM banners)')
        .run('</script><script>alert(1)</script>');
    } finally {
      await db.close();
    }
    const res = await web.app.inject({ method: 'GET', url: '/' });
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).toContain('\\u003c/script>\\u003cscript>alert(1)');
  });

  it('serves built files, fingerprinted assets cached for good', async () => {
    const res = await web.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toMatch(/immutable/);
  });

  it('a missing file is a 404, not the page', async () => {
    expect((await web.app.inject({ method: 'GET', url: '/assets/gone-9999.js' })).statusCode).toBe(404);
  });

  it('keeps API 404s as JSON', async () => {
    expectError(await getJson(web.app, '/api/unknown/path'), 404, 'Not Found');
  });

  it('without a build, pages tell the user to run npm run build', async () => {
    const bare = await startTestApp({ webDist: join(dist, 'does-not-exist') });
    try {
      const res = await bare.app.inject({ method: 'GET', url: '/music/recommend' });
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain('npm run build');
      expect((await bare.app.inject({ method: 'GET', url: '/api/banner' })).statusCode).toBe(200);
    } finally {
      await bare.close();
    }
  });
});

/**
 * A web build that draws the first screen on the server: `<dist>/../ssr/first-screen.js` exports
 * renderFirstScreen(url, data). This one draws the playlists' names from the data it is given
 * and counts its renders, as the real one (apps/web/src/ssr) draws the whole screen.
 */
const RENDERER = `
let renders = 0;
export async function renderFirstScreen(url, data) {
  renders++;
  const names = data['/personalized?limit=14'].result.map((p) => '<li>' + p.name.replace(/</g, '&lt;') + '</li>');
  return { html: '<ul data-renders="' + renders + '" data-url="' + url + '">' + names.join('') + '</ul>' };
}
`;

describe('the first screen drawn on the server', () => {
  let root: string;
  let drawn: TestApp;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'cloudtune-ssr-'));
    mkdirSync(join(root, 'browser'));
    mkdirSync(join(root, 'ssr'));
    writeFileSync(join(root, 'browser', 'index.html'), INDEX);
    writeFileSync(join(root, 'ssr', 'first-screen.js'), RENDERER);
    drawn = await startTestApp({ webDist: join(root, 'browser') });
  });
  afterAll(async () => {
    await drawn.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('/music/recommend arrives with its markup in #root, drawn from the data the page carries', async () => {
    const res = await drawn.app.inject({ method: 'GET', url: '/music/recommend' });
    expect(res.statusCode).toBe(200);
    const markup = /<div id="root">(.*)<\/div><\/body>/.exec(res.body)?.[1] ?? '';
    const json = /<script type="application\/json" id="cloudtune-first-screen">(.*?)<\/script>/.exec(res.body)?.[1];
    const data = JSON.parse(json!) as Record<string, { result: { name: string }[] }>;
    const names = data['/personalized?limit=14']!.result.map((p) => p.name);
    expect(names).toHaveLength(14);
    expect(markup).toContain(`<li>${names[0]}</li>`);
    expect(markup).toContain('data-url="http://cloudtune.local/music/recommend"');
  });

  it('the same data is drawn once: later pages reuse the markup', async () => {
    const renders = async () => /data-renders="(\d+)"/.exec((await drawn.app.inject({ method: 'GET', url: '/music/recommend' })).body)?.[1];
    const first = await renders();
    expect(await renders()).toBe(first);
  });

  it.each([
    ['/', '/music/recommend'],
    ['/music', '/music/recommend'],
    ['/?utm=x&a=1', '/music/recommend?utm=x&a=1'],
  ])('GET %s → 302 %s (one redirect, the query kept)', async (url, location) => {
    const res = await drawn.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(location);
  });

  it('a render that fails sends the page without markup: the client draws it', async () => {
    const broken = mkdtempSync(join(tmpdir(), 'cloudtune-ssr-broken-'));
    mkdirSync(join(broken, 'browser'));
    mkdirSync(join(broken, 'ssr'));
    writeFileSync(join(broken, 'browser', 'index.html'), INDEX);
    writeFileSync(join(broken, 'ssr', 'first-screen.js'), 'export async function renderFirstScreen() { throw new Error("no"); }');
    const app = await startTestApp({ webDist: join(broken, 'browser') });
    try {
      const res = await app.app.inject({ method: 'GET', url: '/music/recommend' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).toContain('id="cloudtune-first-screen"');
    } finally {
      await app.close();
      rmSync(broken, { recursive: true, force: true });
    }
  });
});

describe('API-only mode (desktop shell)', () => {
  let api: TestApp;
  beforeAll(async () => {
    api = await startTestApp({ apiPrefix: '' });
  });
  afterAll(() => api.close());

  it('serves the API at / with media URLs to match', async () => {
    const { body } = await getJson(api.app, '/personalized?limit=1', { host: '127.0.0.1:5123' });
    expect(expectContract('/personalized', body).result[0]!.picUrl).toMatch(
      /^http:\/\/127\.0\.0\.1:5123\/media\/image\/playlist\/\d+\.jpg$/,
    );
    expectError(await getJson(api.app, '/api/banner'), 404, 'Not Found');
    expectError(await getJson(api.app, '/music/recommend'), 404, 'Not Found');
  });

  it('answers cross-origin requests from the shell', async () => {
    const res = await api.app.inject({ method: 'GET', url: '/banner', headers: { origin: 'app://cloudtune' } });
    expect(res.headers['access-control-allow-origin']).toBe('app://cloudtune');
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    const preflight = await api.app.inject({
      method: 'OPTIONS',
      url: '/song/url',
      headers: { origin: 'app://cloudtune', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toMatch(/POST/);
  });
});

describe('config from the environment', () => {
  it('has safe defaults; data lives where npm was run', () => {
    const c = loadConfig({ INIT_CWD: '/home/me/cloudtune' });
    expect(c).toMatchObject({
      port: 4000,
      host: '127.0.0.1',
      demo: true,
      dataDir: '/home/me/cloudtune/data',
      apiOnly: false,
      logLevel: 'warn',
      audioCacheBytes: 150 * 1024 * 1024,
    });
    expect(c.webDist).toBe(resolve(import.meta.dirname, '../../web/dist/browser'));
  });

  it('reads PORT, HOST, CLOUDTUNE_DATA, CLOUDTUNE_WEB_DIST and CLOUDTUNE_API_ONLY', () => {
    const c = loadConfig({ PORT: '0', HOST: '127.0.0.1', CLOUDTUNE_DATA: 'var/music', CLOUDTUNE_WEB_DIST: '/srv/web', INIT_CWD: '/x' });
    expect(c).toMatchObject({ port: 0, host: '127.0.0.1', dataDir: '/x/var/music', webDist: '/srv/web' });
    expect(loadConfig({ CLOUDTUNE_API_ONLY: '1' })).toMatchObject({ apiOnly: true, webDist: null });
    expect(loadConfig({ CLOUDTUNE_AUDIO_CACHE_MB: '0.5' }).audioCacheBytes).toBe(524288);
  });

  it('rejects bad values', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ CLOUDTUNE_AUDIO_CACHE_MB: '-1' })).toThrow(/CLOUDTUNE_AUDIO_CACHE_MB/);
    expect(() => loadConfig({ CLOUDTUNE_LOG_LEVEL: 'loud' })).toThrow(/CLOUDTUNE_LOG_LEVEL/);
  });
});
