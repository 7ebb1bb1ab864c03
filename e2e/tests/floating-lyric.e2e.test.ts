import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir, launchBrowser, screenshot } from '../src/browser.ts';
import { startServer, type RunningServer } from '../src/server.ts';

/**
 * 桌面歌词 in the browser: the floating lyric in a Document Picture-in-Picture window, in a real
 * Chromium (headless Chromium opens one on a secure page: loopback http counts) with real audio.
 * Where the API is missing, the button is not there.
 */
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const api = async <T>(path: string): Promise<T> => {
  const res = await fetch(`${server.url}/api${path}`);
  expect(res.status).toBe(200);
  return (await res.json()) as T;
};

/** A recommended song whose lyric is timed word by word and translated, and its playlist. */
async function wordTimedTranslatedSong(): Promise<{ playlistId: number; id: number }> {
  const { result } = await api<{ result: { id: number }[] }>('/personalized?limit=14');
  for (const { id: playlistId } of result) {
    const { playlist } = await api<{ playlist: { tracks: { id: number; dt: number }[] } }>(`/playlist/detail?id=${playlistId}`);
    for (const track of playlist.tracks.slice(0, 10)) {
      if (track.dt < 60_000) continue;
      const [lyric, words] = await Promise.all([
        api<{ tlyric?: { lyric?: string } }>(`/lyric?id=${track.id}`),
        api<{ yrc?: { lyric?: string } }>(`/lyric/new?id=${track.id}`),
      ]);
      if (lyric.tlyric?.lyric && /^\[\d+,\d+\]\(/m.test(words.yrc?.lyric ?? '')) return { playlistId, id: track.id };
    }
  }
  throw new Error('no word-timed, translated song among the recommended playlists');
}

/** The current line of a floating lyric or of the panel: its index, text, sung words and shown translation. */
const activeLine = (p: Page, within: string) =>
  p.evaluate((root) => {
    const line = document.querySelector<HTMLElement>(`${root} [data-testid="lyric-line"][aria-current="true"]`);
    const words = Array.from(line?.querySelectorAll<HTMLElement>('[data-word]') ?? []);
    const filling = words.find((w) => !w.classList.contains('is-sung') && w.style.getPropertyValue('--fill'));
    const translation = line?.querySelector<HTMLElement>('[data-testid="lyric-translation"]');
    return {
      index: Number(line?.dataset.index ?? -1),
      text: line?.querySelector('span')?.textContent?.trim() ?? '',
      words: words.length,
      sung: words.filter((w) => w.classList.contains('is-sung')).length,
      fill: filling ? Number.parseFloat(filling.style.getPropertyValue('--fill')) : 0,
      translation: translation && getComputedStyle(translation).display !== 'none' ? (translation.textContent ?? '') : '',
    };
  }, within);

/** How far the lyric has come: lines, then words sung, then the fill of the word being sung. */
const progress = (l: { index: number; sung: number; fill: number }) => l.index * 10_000 + l.sung * 100 + l.fill;

const toggle = () => page.getByTestId('player-bar').getByRole('button', { name: '桌面歌词', exact: true });

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  page.on('pageerror', (e) => console.error('[pageerror]', e.message));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('桌面歌词 in the browser (Document Picture-in-Picture)', () => {
  let pip: Page;

  it('opens the floating lyric in a Picture-in-Picture window: the panel’s current line, its words filling, the translation under it', async () => {
    const song = await wordTimedTranslatedSong();
    await page.goto(`${server.url}/list/song/${song.playlistId}`);
    await page.locator(`[data-testid="song-row"][data-song-id="${song.id}"]`).dblclick({ position: { x: 120, y: 12 } });
    await page.waitForFunction(() => {
      const a = document.querySelector<HTMLAudioElement>('[data-testid="audio"]');
      return !!a && a.currentTime > 0.5 && !a.paused;
    });
    expect(await page.evaluate(() => 'documentPictureInPicture' in window)).toBe(true);
    expect(await toggle().getAttribute('aria-pressed')).toBe('false');

    const opened = context.waitForEvent('page');
    await toggle().click();
    pip = await opened;
    await pip.getByTestId('floating-lyric').waitFor();
    await expect.poll(() => toggle().getAttribute('aria-pressed')).toBe('true');
    // The app's look: its stylesheets copied in, the theme colour on the root.
    expect(await pip.evaluate(() => getComputedStyle(document.querySelector('main')!).position)).toBe('fixed');

    // The same current line as the lyric panel, the song playing on into its sung lines (past the credits).
    await page.getByTestId('player-bar').getByRole('button', { name: '歌词', exact: true }).click();
    await page.getByTestId('lyric-panel').waitFor();
    await expect
      .poll(
        async () => {
          const [panel, floating] = await Promise.all([activeLine(page, '[data-testid="lyric-panel"]'), activeLine(pip, 'main')]);
          return floating.words > 1 && floating.text !== '' && panel.index === floating.index && panel.text === floating.text;
        },
        { timeout: 60_000 },
      )
      .toBe(true);

    // The words fill on: further through the lyric a moment later, without a tick of its own.
    const before = progress(await activeLine(pip, 'main'));
    await expect.poll(async () => progress(await activeLine(pip, 'main')), { timeout: 10_000 }).toBeGreaterThan(before);
    // 译 is on (the default): the translation under the current line, as in the panel.
    await expect.poll(async () => (await activeLine(pip, 'main')).translation, { timeout: 20_000 }).toMatch(/\p{Script=Han}/u);
    await page.getByTestId('lyric-panel').getByRole('button', { name: '收起歌词' }).click();
  });

  it('is shot in both colour schemes, with the player bar and its 桌面歌词 button at a wide and a narrow desktop width', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      await page.evaluate((s) => (document.documentElement.dataset.theme = s), scheme);
      // The window follows the app's colour scheme.
      await expect.poll(() => pip.evaluate(() => document.documentElement.dataset.theme)).toBe(scheme);
      await expect.poll(async () => (await activeLine(pip, 'main')).text).not.toBe('');
      // The window at the size the app asks for (the context's viewport applies to it here).
      await pip.setViewportSize({ width: 520, height: 150 });
      await screenshot(pip, `floating-lyric-pip-${scheme}`);
      // Desktop widths: under 600 px the player is the phone's mini player and now-playing view,
      // and phones' browsers have no Document Picture-in-Picture.
      for (const width of [1280, 900]) {
        await page.setViewportSize({ width, height: 800 });
        // The layout follows the width once resizing has settled (narrow: volume folds into 更多).
        await page.waitForFunction((sm) => document.documentElement.dataset.screen === (sm ? 'sm' : 'md'), width < 1080);
        await toggle().waitFor();
        await page.getByTestId('player-bar').screenshot({ path: `${artifactsDir}player-bar-floating-lyric-${width}-${scheme}.png` });
        await screenshot(page, `floating-lyric-page-${width}-${scheme}`);
      }
    }
    await page.evaluate(() => (document.documentElement.dataset.theme = 'light'));
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('a second press closes the window; closing the window itself releases the button', async () => {
    await toggle().click();
    await expect.poll(() => pip.isClosed()).toBe(true);
    await expect.poll(() => toggle().getAttribute('aria-pressed')).toBe('false');

    const opened = context.waitForEvent('page');
    await toggle().click();
    const again = await opened;
    await again.getByTestId('floating-lyric').waitFor();
    await again.close();
    await expect.poll(() => toggle().getAttribute('aria-pressed')).toBe('false');
    expect(await page.evaluate(() => document.querySelectorAll('[data-testid="floating-lyric"]').length)).toBe(0);
  });

  it('is not there where the browser has no Document Picture-in-Picture', async () => {
    const without = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await without.addInitScript(() => {
      delete (window as { documentPictureInPicture?: unknown }).documentPictureInPicture;
      delete (Window.prototype as { documentPictureInPicture?: unknown }).documentPictureInPicture;
    });
    const bare = await without.newPage();
    await bare.goto(`${server.url}/`);
    const bar = bare.getByTestId('player-bar');
    await bar.getByRole('button', { name: '播放列表' }).waitFor();
    expect(await bare.evaluate(() => 'documentPictureInPicture' in window)).toBe(false);
    // The rest of the bar is there, 桌面歌词 is not.
    await bar.getByRole('button', { name: '下载' }).waitFor();
    expect(await bar.getByRole('button', { name: '桌面歌词' }).count()).toBe(0);
    await without.close();
  });
});
