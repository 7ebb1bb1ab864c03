import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../src/browser.ts';
import { startServer, type RunningServer } from '../src/server.ts';

/**
 * Every window size from 600 px (under it the phone layout takes over) to 2560 px wide — a tablet
 * held upright, a narrow window, a wide screen: nothing sticks out past the window, the controls
 * a user reaches for (user, search, play, queue, volume or 更多) stay on screen, and the player
 * bar's song column keeps its one line.
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

const SCREENS = [
  ['recommend', '/music/recommend'],
  ['playlist', '/list/song/1'],
  ['search', '/search/song?keywords=a'],
  ['toplist', '/music/toplist'],
  ['artist', '/artist/3/album'],
] as const;

/** Elements (with a size) whose right edge is past the window. */
const overflowing = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && r.right > window.innerWidth + 1;
      })
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 40)}`),
  );

/** Icon-only buttons and links without a name, and inputs without a label (what a screen reader would call "button"). */
const unnamed = (page: Page) =>
  page.evaluate(() => {
    const named = (el: Element) =>
      !!(
        el.getAttribute('aria-label')?.trim() ||
        el.getAttribute('aria-labelledby') ||
        el.getAttribute('title')?.trim() ||
        el.textContent?.trim()
      );
    const controls = [...document.querySelectorAll('button, a[href], [role="button"], [role="option"]')].filter((el) => !named(el));
    const inputs = [...document.querySelectorAll('input, select, textarea')].filter(
      (el) =>
        !(
          el.getAttribute('aria-label')?.trim() ||
          el.getAttribute('aria-labelledby') ||
          (el.id && document.querySelector(`label[for="${el.id}"]`)) ||
          el.closest('label')
        ),
    );
    return [...controls, ...inputs].map((el) => el.outerHTML.slice(0, 120));
  });

async function onScreen(page: Page, name: string) {
  const box = await page.getByRole('button', { name, exact: true }).first().boundingBox();
  expect(box, `${name} is visible`).not.toBeNull();
  const width = page.viewportSize()!.width;
  expect(box!.x + box!.width, `${name} fits in the window`).toBeLessThanOrEqual(width);
}

describe('window sizes', () => {
  it.each([600, 640, 768, 800, 1080, 1440, 2560])(
    '%i px wide: nothing overflows, every control has a name, the main ones stay reachable',
    async (width) => {
      const page = await browser.newPage({ viewport: { width, height: 800 } });
      try {
        for (const [name, path] of SCREENS) {
          await page.goto(`${server.url}${path}`);
          await page.waitForLoadState('networkidle');
          expect(await overflowing(page), `${name} at ${width} px`).toEqual([]);
          expect(await unnamed(page), `controls without a name on ${name}`).toEqual([]);
          if (width === 600 || width === 768 || width === 800) await screenshot(page, `layout-${width}-${name}`);
        }
        const hint = await page.getByText('双击歌曲开始播放').boundingBox();
        expect(hint?.height, "the player bar's hint on one line").toBeLessThan(24);
        await onScreen(page, '未登录');
        await onScreen(page, '播放列表');
        await onScreen(page, width < 1080 ? '更多' : '静音');
        expect(await page.evaluate(() => document.documentElement.dataset.screen)).toBe(width < 1080 ? 'sm' : width < 1440 ? 'md' : 'lg');
      } finally {
        await page.close();
      }
    },
  );

  it('narrowing the window switches the layout once resizing has settled', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 800 } });
    try {
      await page.goto(`${server.url}/music/recommend`);
      await page.getByTestId('playlist-card').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.dataset.layout)).toBe('MD');
      await page.setViewportSize({ width: 900, height: 800 });
      await page.waitForFunction(() => document.documentElement.dataset.layout === 'SM');
      await page.getByRole('button', { name: '更多' }).click();
      await page.getByRole('slider', { name: '音量' }).waitFor();
      expect(await overflowing(page)).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
