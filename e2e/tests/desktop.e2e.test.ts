import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../src/browser.ts';
import { startServer, type RunningServer } from '../src/server.ts';

/**
 * The desktop build as the Electron shell runs it: the page is loaded from disk with hash URLs,
 * and the API is the server in API-only mode on a loopback port the shell hands over through
 * `window.cloudtune.getPort()` (injected here the way the preload script will expose it).
 */
const desktopIndex = pathToFileURL(fileURLToPath(new URL('../../apps/web/dist/desktop/index.html', import.meta.url))).href;

let server: RunningServer;
let browser: Browser;
let page: Page;
let port: number;

const hash = () => page.evaluate(() => window.location.hash);

beforeAll(async () => {
  server = await startServer({ CLOUDTUNE_API_ONLY: '1' });
  port = Number(new URL(server.url).port);
  // Like the shell's window, let a page loaded from disk load its own module scripts.
  browser = await launchBrowser(['--allow-file-access-from-files']);
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.addInitScript((p) => {
    (window as unknown as { cloudtune: { getPort: () => number } }).cloudtune = { getPort: () => p };
  }, port);
  page.on('pageerror', (e) => console.error('[pageerror]', e.message));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('desktop build', () => {
  it('starts at #/ and lands on 个性推荐 with data from the shell-given port', async () => {
    await page.goto(`${desktopIndex}#/`);
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
    await page.goto(`${desktopIndex}#/music/recommend`);
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

  it('warns with the support address when the shell gives no port', async () => {
    const bare = await browser.newPage();
    await bare.goto(`${desktopIndex}#/music/recommend`);
    await bare
      .getByText(/发生错误，请联系/)
      .first()
      .waitFor();
    await bare.close();
  });
});
