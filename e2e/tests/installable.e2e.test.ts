import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_ARGS, CHROMIUM_PATH } from '../src/browser.ts';
import { startServer, type RunningServer } from '../src/server.ts';

/**
 * The browser build as an installable phone app: Chromium's own installability check (the one
 * behind its install prompt) finds nothing missing; the manifest names the app, a standalone
 * window in the theme colour, PNG icons at every size (maskable too) and shortcuts that open;
 * the start URL opens with the network off; and the lock screen's card (MediaSession) carries
 * the song, its cover and a working seek.
 *
 * Chromium refuses to install from an incognito profile, so this test runs in a real profile
 * directory (a persistent context), as a listener's browser would.
 */
let server: RunningServer;
let profileDir: string;
let context: BrowserContext;
let page: Page;

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}
interface Manifest {
  id: string;
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: ManifestIcon[];
  shortcuts: { name: string; url: string; icons: ManifestIcon[] }[];
}
let manifest: Manifest;

/** Width and height from a PNG's IHDR chunk (bytes 16–23), after checking its signature. */
async function pngSize(url: string): Promise<{ type: string | null; width: number; height: number }> {
  const res = await fetch(url);
  expect(res.status, url).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  expect(bytes.subarray(0, 8).toString('hex'), url).toBe('89504e470d0a1a0a');
  return { type: res.headers.get('content-type'), width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Presses a lock-screen control: calls the handler the app gave MediaSession for `action`. */
function pressLockScreen(action: MediaSessionAction, seekTime?: number) {
  return page.evaluate(
    ([action, seekTime]) => {
      const handlers = (window as unknown as { mediaSessionHandlers: Map<string, MediaSessionActionHandler | null> }).mediaSessionHandlers;
      const handler = handlers.get(action);
      if (!handler) throw new Error(`no MediaSession handler for ${action}`);
      handler({ action, seekTime });
    },
    [action, seekTime] as const,
  );
}

beforeAll(async () => {
  server = await startServer();
  profileDir = mkdtempSync(join(tmpdir(), 'cloudtune-profile-'));
  context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: BROWSER_ARGS,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  // Keep the handlers the app gives the lock screen, so the test can press them as the OS would.
  await context.addInitScript(() => {
    const handlers = new Map<string, MediaSessionActionHandler | null>();
    (window as unknown as { mediaSessionHandlers: typeof handlers }).mediaSessionHandlers = handlers;
    const original = navigator.mediaSession.setActionHandler.bind(navigator.mediaSession);
    navigator.mediaSession.setActionHandler = (action, handler) => {
      handlers.set(action, handler);
      original(action, handler);
    };
  });
  page = context.pages()[0] ?? (await context.newPage());
  page.on('pageerror', (e) => console.error('[pageerror]', e.message));
  manifest = (await (await fetch(`${server.url}/manifest.webmanifest`)).json()) as Manifest;
});

afterAll(async () => {
  await context?.close();
  await server?.stop();
  if (profileDir) rmSync(profileDir, { recursive: true, force: true });
});

describe('the browser build installs as an app', () => {
  it("passes Chromium's installability check once the service worker controls the page", async () => {
    await page.goto(`${server.url}/music/recommend`);
    await page.getByTestId('playlist-card').first().waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    const { errors, url } = await cdp.send('Page.getAppManifest');
    expect(errors).toEqual([]);
    expect(url).toBe(`${server.url}/manifest.webmanifest`);
  });

  it('has a complete manifest: names, standalone, theme colour #3dc095, start URL in scope', () => {
    expect(manifest.name).toBe('Cloudtune 云音乐');
    expect(manifest.short_name.length).toBeGreaterThan(0);
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    expect(manifest.id).toBe('/');
    expect(manifest.display).toBe('standalone');
    expect(manifest.theme_color).toBe('#3dc095');
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.start_url.startsWith(manifest.scope)).toBe(true);
  });

  it('lists PNG icons at every launcher size, maskable at 192 and 512, each the size it claims', async () => {
    const png = manifest.icons.filter((i) => i.type === 'image/png');
    const sizes = (purpose: string) => png.filter((i) => (i.purpose ?? 'any') === purpose).map((i) => i.sizes);
    for (const size of [48, 72, 96, 128, 144, 192, 256, 384, 512]) expect(sizes('any')).toContain(`${size}x${size}`);
    expect(sizes('maskable')).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of png) {
      const { type, width, height } = await pngSize(`${server.url}${icon.src}`);
      expect(type, icon.src).toMatch(/^image\/png/);
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }
    // iOS takes the home-screen icon from the page, as a bitmap.
    const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    expect(await pngSize(`${server.url}${touchIcon}`)).toMatchObject({ width: 180, height: 180 });
  });

  it('has shortcuts to 每日歌曲推荐, 搜索, 下载管理 and 我的音乐云盘 that open the app', async () => {
    expect(manifest.shortcuts.map((s) => s.name)).toEqual(['每日歌曲推荐', '搜索', '下载管理', '我的音乐云盘']);
    for (const shortcut of manifest.shortcuts) {
      expect(shortcut.icons.length, shortcut.name).toBeGreaterThan(0);
      const res = await fetch(`${server.url}${shortcut.url}`);
      expect(res.status, shortcut.url).toBe(200);
      expect(await res.text(), shortcut.url).toContain('rel="manifest"');
    }
  });

  it('colours the status bar and lays out under it (theme-color, viewport-fit=cover)', async () => {
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#3dc095');
    expect(await page.locator('meta[name="viewport"]').getAttribute('content')).toContain('viewport-fit=cover');
  });

  it('shows the song, its cover and a seek on the lock screen (MediaSession)', async () => {
    const { result } = (await (await fetch(`${server.url}/api/personalized?limit=1`)).json()) as { result: { id: number }[] };
    const detail = (await (await fetch(`${server.url}/api/playlist/detail?id=${result[0]!.id}`)).json()) as {
      playlist: { tracks: { id: number; name: string }[] };
    };
    const song = detail.playlist.tracks[0]!;
    await page.goto(`${server.url}/list/song/${result[0]!.id}`);
    await page.locator(`[data-testid="song-row"][data-song-id="${song.id}"]`).dblclick({ position: { x: 120, y: 12 } });
    await page.waitForFunction(() => (document.querySelector<HTMLAudioElement>('[data-testid="audio"]')?.currentTime ?? 0) > 0.3);
    const metadata = await page.evaluate(() => {
      const m = navigator.mediaSession.metadata;
      return m ? { title: m.title, artist: m.artist, artwork: m.artwork.map((a) => ({ src: a.src, sizes: a.sizes })) } : null;
    });
    expect(metadata?.title).toBe(song.name);
    expect(metadata?.artist.length).toBeGreaterThan(0);
    expect(metadata?.artwork.map((a) => a.sizes)).toContain('512x512');
    const cover = await fetch(metadata!.artwork.at(-1)!.src);
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toMatch(/^image\//);

    await page.waitForFunction(() => (document.querySelector<HTMLAudioElement>('[data-testid="audio"]')?.duration ?? 0) > 4);
    const middle = await page.evaluate(() => Math.floor(document.querySelector<HTMLAudioElement>('[data-testid="audio"]')!.duration / 2));
    await pressLockScreen('seekto', middle);
    await page.waitForFunction((t) => (document.querySelector<HTMLAudioElement>('[data-testid="audio"]')?.currentTime ?? 0) >= t, middle);
    await pressLockScreen('pause');
    await page.waitForFunction(() => navigator.mediaSession.playbackState === 'paused');
    expect(await page.evaluate(() => document.querySelector<HTMLAudioElement>('[data-testid="audio"]')?.paused)).toBe(true);
  });

  it('opens the start URL with the network off', async () => {
    await context.setOffline(true);
    try {
      await page.goto(`${server.url}${manifest.start_url}`);
      await page.getByRole('link', { name: '发现音乐' }).first().waitFor();
      expect(await page.title()).toContain('Cloudtune');
    } finally {
      await context.setOffline(false);
    }
  });
});
