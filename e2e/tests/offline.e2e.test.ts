import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../src/browser.ts';
import { startServer, type RunningServer } from '../src/server.ts';

/**
 * Downloads in the browser build (issue 11): two songs downloaded from a playlist's menu are
 * listed under 已下载单曲 with their size and time; then the server is stopped, and a reload
 * still opens the app (service worker) and both songs play from the browser's storage.
 */
let server: RunningServer;
let browser: Browser;
let page: Page;
let playlistId: number;
let tracks: { id: number; name: string }[];

const shots = process.env.CLOUDTUNE_SHOTS;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on('pageerror', (e) => console.error('[pageerror]', e.message));
  const res = await fetch(`${server.url}/api/personalized?limit=14`);
  const { result } = (await res.json()) as { result: { id: number }[] };
  playlistId = result[0]!.id;
  const detail = (await (await fetch(`${server.url}/api/playlist/detail?id=${playlistId}`)).json()) as {
    playlist: { tracks: { id: number; name: string }[] };
  };
  tracks = detail.playlist.tracks;
  expect(tracks.length).toBeGreaterThanOrEqual(2);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const audioTime = () => page.evaluate(() => document.querySelector<HTMLAudioElement>('[data-testid="audio"]')?.currentTime ?? 0);
const audioSrc = () => page.getByTestId('audio').getAttribute('src');

describe('offline listening in the browser build', () => {
  it('registers a service worker that controls the page', async () => {
    await page.goto(`${server.url}/music/recommend`);
    await page.getByTestId('playlist-card').first().waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  });

  it('downloads two songs from the song menu; 已下载单曲 lists them with size and time', async () => {
    await page.goto(`${server.url}/list/song/${playlistId}`);
    for (const track of tracks.slice(0, 2)) {
      const row = page.locator(`[data-testid="song-row"][data-song-id="${track.id}"]`);
      await row.click({ button: 'right', position: { x: 200, y: 12 } });
      await page.getByTestId('song-menu').getByRole('menuitem', { name: '下载' }).click();
    }
    await page.getByRole('link', { name: '下载管理' }).click();
    await expect.poll(() => page.getByTestId('download-row').count(), { timeout: 60_000 }).toBe(2);
    const rows = await page.getByTestId('download-row').all();
    const names = await Promise.all(rows.map((row) => row.locator('[role="cell"]').first().textContent()));
    expect(names.sort()).toEqual(
      tracks
        .slice(0, 2)
        .map((t) => t.name)
        .sort(),
    );
    for (const size of await page.getByTestId('download-size').allTextContents()) expect(size).toMatch(/^\d+(\.\d)?(KB|MB)$/);
    for (const time of await page.getByTestId('download-time').allTextContents()) expect(time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    await expect(page.getByTestId('download-storage').textContent()).resolves.toMatch(/浏览器离线存储（已用 .+，可用 .+）/);
    if (shots) {
      mkdirSync(shots, { recursive: true });
      await page.screenshot({ path: `${shots}/download-manager.png` });
    }
    await screenshot(page, 'download-manager');
  });

  it('with the server stopped, a reload opens the app and both downloaded songs play', async () => {
    await server.stop();
    await page.reload();
    await page.getByRole('link', { name: '下载管理' }).waitFor();
    await expect.poll(() => page.getByTestId('download-row').count()).toBe(2);
    for (const index of [0, 1]) {
      const row = page.getByTestId('download-row').nth(index);
      const name = await row.locator('[role="cell"]').first().textContent();
      await row.dblclick({ position: { x: 200, y: 12 } });
      await expect.poll(() => page.getByTestId('player-bar').textContent()).toContain(name);
      await expect.poll(audioSrc).toMatch(/^blob:/);
      const start = await audioTime();
      await expect.poll(audioTime, { timeout: 20_000 }).toBeGreaterThan(start + 1);
      // the cover too, from the downloaded copy (the service worker answers the image's URL)
      await expect
        .poll(() =>
          page
            .getByTestId('player-bar')
            .locator('img')
            .first()
            .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
        )
        .toBeGreaterThan(0);
    }
    if (shots) await page.screenshot({ path: `${shots}/download-manager-offline.png` });
  });

  it('删除 removes a download, also offline', async () => {
    const row = page.getByTestId('download-row').first();
    const name = (await row.locator('[role="cell"]').first().textContent())!;
    await row.getByRole('button', { name: `删除《${name}》` }).click();
    await expect.poll(() => page.getByTestId('download-row').count()).toBe(1);
    await page.reload();
    await expect.poll(() => page.getByTestId('download-row').count()).toBe(1);
  });
});
