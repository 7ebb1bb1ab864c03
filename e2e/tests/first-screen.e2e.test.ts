import type { Browser, BrowserContext, ConsoleMessage } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../src/browser.ts';
import { startServer, type RunningServer } from '../src/server.ts';

/**
 * The first screen (个性推荐) arrives drawn by the server and the page adopts it (hydration) in a
 * real Chromium: the HTML alone holds the banners and playlists, scripts change nothing a
 * listener sees, no mismatch is reported — also for a listener far from the server's time zone
 * whose browser kept their login and song — and the page works as drawn by the client.
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A context whose console errors and page errors are collected. */
async function watched(options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, ...options });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m: ConsoleMessage) => m.type() === 'error' && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  return { context, page, problems };
}

const hydrated = (context: BrowserContext) =>
  context.pages()[0]!.waitForFunction(() => {
    const root = document.getElementById('root');
    // React marks the container it hydrated; its first element is then a React node.
    return !!root && Object.keys(root).some((k) => k.startsWith('__reactContainer'));
  });

describe('the first screen', () => {
  it('is in the HTML: banners, the daily card and the recommended playlists, without running a script', async () => {
    const res = await fetch(`${server.url}/music/recommend`);
    const html = await res.text();
    const root = /<div id="root">([\s\S]*)<\/div>/.exec(html)?.[1] ?? '';
    const { result } = (await (await fetch(`${server.url}/api/personalized?limit=14`)).json()) as { result: { name: string }[] };
    expect(root).toContain('推荐歌单');
    expect(root).toContain('每日歌曲推荐');
    for (const playlist of result.slice(0, 5)) expect(root).toContain(playlist.name.replace(/&/g, '&amp;'));
    expect(root).toContain('data-testid="banner"');

    // With scripts off, the browser alone shows the screen.
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/music/recommend`);
    expect(await page.getByTestId('playlist-card').count()).toBeGreaterThanOrEqual(5);
    await page.waitForFunction(() =>
      [...document.images].every((img) => img.complete || img.getBoundingClientRect().top > window.innerHeight),
    );
    await screenshot(page, 'first-screen-no-script');
    await context.close();
  });

  it('a listener who chose 深色 gets a dark first paint: the saved colours apply before any app script runs', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript(() => {
      localStorage.setItem(
        'cloudtune-settings',
        JSON.stringify({ state: { themeColor: '#ec4141', colorScheme: 'dark', downloadDir: '' }, version: 1 }),
      );
    });
    const page = await context.newPage();
    // The app's own scripts never arrive: what shows is the server's markup and the head's first script.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto(`${server.url}/music/recommend`);
    await page.getByTestId('playlist-card').first().waitFor();
    const look = await page.evaluate(() => ({
      theme: document.documentElement.dataset.theme,
      color: getComputedStyle(document.documentElement).getPropertyValue('--theme').trim(),
      background: getComputedStyle(document.body).backgroundColor,
    }));
    expect(look.theme).toBe('dark');
    expect(look.color).toBe('#ec4141');
    const [r, g, b] = look.background.match(/\d+/g)!.map(Number);
    expect(r! + g! + b!).toBeLessThan(150);
    await page.waitForFunction(() =>
      [...document.images].every((img) => img.complete || img.getBoundingClientRect().top > window.innerHeight),
    );
    await screenshot(page, 'first-screen-dark-no-app-script');
    await context.close();
  });

  it('/ and /music lead there with one redirect that keeps the query', async () => {
    for (const from of ['/', '/music']) {
      const res = await fetch(`${server.url}${from}?from=e2e`, { redirect: 'manual' });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/music/recommend?from=e2e');
    }
  });

  it('a first visit hydrates without a mismatch and then works as a client-drawn page', async () => {
    const { context, page, problems } = await watched();
    await page.goto(`${server.url}/`);
    expect(new URL(page.url()).pathname).toBe('/music/recommend');
    await hydrated(context);
    await page.getByTestId('daily-card').getByText('星期').waitFor();
    // Client navigation from the adopted markup.
    await page.getByRole('link', { name: '排行榜' }).click();
    await page.getByText('官方榜').waitFor();
    expect(new URL(page.url()).pathname).toBe('/music/toplist');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a returning listener in another time zone: their login and song appear after hydration, still without a mismatch', async () => {
    // Kiritimati (UTC+14) is a calendar day ahead of the server for much of the day.
    const { context, page, problems } = await watched({ timezoneId: 'Pacific/Kiritimati' });
    await page.goto(`${server.url}/music/recommend`);
    await page.getByRole('button', { name: '未登录' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('tab', { name: '手机号登录' }).click();
    await dialog.getByLabel('手机号').fill('13800000000');
    await dialog.getByLabel('密码').fill('cloudtune');
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('playlist-card').nth(1).click();
    await page.getByTestId('song-row').first().dblclick();
    await page.waitForFunction(() => {
      const a = document.querySelector<HTMLAudioElement>('[data-testid="audio"]');
      return !!a && !a.paused && a.currentTime > 0.3;
    });
    const song = (await page.getByTestId('player-bar').innerText()).split('\n')[0]!;
    expect(song).not.toBe('Cloudtune 云音乐');

    await page.goto(`${server.url}/music/recommend`);
    await hydrated(context);
    const today = await page.evaluate(() => String(new Date().getDate()));
    await page.getByTestId('daily-card').getByText(today, { exact: true }).waitFor();
    await page.getByRole('navigation', { name: '主导航' }).getByText('我喜欢的音乐').waitFor();
    await page.waitForFunction((name) => document.querySelector('[data-testid="player-bar"]')?.textContent?.includes(name), song);
    expect(problems).toEqual([]);
    await context.close();
  });
});
