import { createServer, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { answerAppRequest, apiOrigin, contentSecurityPolicy } from '@cloudtune/desktop';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../src/browser.ts';
import { startServer, type RunningServer } from '../src/server.ts';

/**
 * The desktop build as the Electron shell runs it (apps/desktop): hash URLs, files answered by
 * the shell's app:// handler (path rules, MIME types) with the shell's Content-Security-Policy,
 * and the API in API-only mode on a loopback port handed over through
 * `window.cloudtune.getPort()` (injected here the way the preload script exposes it). Chromium
 * cannot load the shell's custom scheme here, so the same answers are served from a loopback
 * HTTP origin, which the API allows like app://cloudtune (CLOUDTUNE_ALLOWED_ORIGINS).
 */
const desktopDist = fileURLToPath(new URL('../../apps/web/dist/desktop/', import.meta.url));

let shell: Server;
let shellOrigin: string;
let server: RunningServer;
let port: number;
let browser: Browser;
let page: Page;

const hash = () => page.evaluate(() => window.location.hash);
const violations = () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

beforeAll(async () => {
  shell = createServer((request, response) => {
    answerAppRequest(
      { url: `app://cloudtune${request.url ?? '/'}`, method: request.method ?? 'GET' },
      { root: desktopDist, contentSecurityPolicy: () => contentSecurityPolicy(apiOrigin(port)) },
    ).then(
      (answer) => response.writeHead(answer.status, answer.headers).end(answer.body ?? undefined),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => shell.listen(0, '127.0.0.1', resolve));
  shellOrigin = `http://127.0.0.1:${(shell.address() as { port: number }).port}`;
  server = await startServer({ CLOUDTUNE_API_ONLY: '1', CLOUDTUNE_ALLOWED_ORIGINS: shellOrigin });
  port = Number(new URL(server.url).port);
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.addInitScript((p) => {
    const w = window as unknown as { cloudtune: { getPort: () => Promise<number> }; cspViolations: string[] };
    w.cloudtune = { getPort: () => Promise.resolve(p) };
    w.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => w.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
  }, port);
  page.on('pageerror', (e) => console.error('[pageerror]', e.message));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  shell?.close();
});

describe('desktop build', () => {
  it('starts at #/ and lands on 个性推荐 with data from the shell-given port, under the shell’s CSP', async () => {
    const response = await page.goto(`${shellOrigin}/index.html#/`);
    expect(response?.headers()['content-security-policy']).toBe(contentSecurityPolicy(apiOrigin(port)));
    // Nothing inline: the CSP allows scripts and styles from files only.
    expect(await page.locator('script:not([src]), style').count()).toBe(0);
    await expect.poll(hash).toBe('#/music/recommend');
    await page.getByTestId('banner').first().waitFor();
    await expect.poll(() => page.getByTestId('playlist-card').count()).toBe(14);
  });

  it('keeps the desktop-only 本地音乐 route and redirects it to its song tab', async () => {
    await expect(page.getByRole('link', { name: '本地音乐' }).count()).resolves.toBe(1);
    await page.evaluate(() => (window.location.hash = '#/local-music'));
    await expect.poll(hash).toBe('#/local-music/song');
  });

  it('shows the not-found page for an unknown hash path', async () => {
    await page.evaluate(() => (window.location.hash = '#/no/such/page'));
    await page.getByTestId('not-found').waitFor();
  });

  it('plays a song from the loopback API through the hash-routed playlist page', async () => {
    await page.goto(`${shellOrigin}/index.html#/music/recommend`);
    await page.getByTestId('playlist-card').first().click();
    await expect.poll(hash).toMatch(/^#\/list\/song\/\d+$/);
    await page
      .getByTestId('song-row')
      .first()
      .dblclick({ position: { x: 120, y: 12 } });
    await page.waitForFunction(
      () => ((document.querySelector('[data-testid="audio"]') as HTMLAudioElement | null)?.currentTime ?? 0) > 1,
      undefined,
      { timeout: 30_000 },
    );
    const src = await page.getByTestId('audio').getAttribute('src');
    expect(src).toContain(`:${port}/media/audio/`);
    await screenshot(page, 'desktop-playlist');
  });

  it('raises no CSP violation on the main screens, and the CSP is enforced', async () => {
    for (const route of ['#/music/toplist', '#/music/songlist', '#/music/artists', '#/search/song?keywords=a', '#/download/song']) {
      await page.evaluate((h) => (window.location.hash = h), route);
      await page.waitForLoadState('networkidle');
    }
    expect(await violations()).toEqual([]);
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.inlineRan = true';
      document.head.append(script);
      return (window as unknown as { inlineRan?: boolean }).inlineRan === true;
    });
    expect(ran).toBe(false);
    await expect.poll(violations).toEqual([expect.stringMatching(/^script-src-elem inline$/)]);
  });

  it('warns with the support address when the shell gives no port', async () => {
    const bare = await browser.newPage();
    await bare.goto(`${shellOrigin}/index.html#/music/recommend`);
    await bare
      .getByText(/发生错误，请联系/)
      .first()
      .waitFor();
    await bare.close();
  });
});
