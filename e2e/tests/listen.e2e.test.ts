import { parseBuffer } from 'music-metadata';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../src/browser.ts';
import { startServer, type RunningServer } from '../src/server.ts';

/**
 * The first journey of a newcomer: open Cloudtune, see 个性推荐, open a playlist, double-click
 * a song and hear it — the audio clock advances and the lyric line moves on.
 */
let server: RunningServer;
let browser: Browser;
let page: Page;
let playlistId: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.on('pageerror', (e) => console.error('[pageerror]', e.message));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const api = async <T>(path: string): Promise<T> => {
  const res = await fetch(`${server.url}/api${path}`);
  expect(res.status).toBe(200);
  return (await res.json()) as T;
};

describe('listening journey', () => {
  it('/ redirects to /music/recommend with banners, the daily card and 14 playlists', async () => {
    await page.goto(`${server.url}/`);
    await page.waitForURL('**/music/recommend');
    await page.getByTestId('banner').first().waitFor();
    await page.getByTestId('daily-card').waitFor();
    await expect.poll(() => page.getByTestId('playlist-card').count()).toBe(14);
    // Covers have loaded before the screenshot is taken.
    await page.waitForFunction(() => [...document.images].every((img) => img.complete));
    await screenshot(page, 'recommend');
  });

  it('opens a playlist from its card', async () => {
    await page.getByTestId('playlist-card').first().click();
    await page.waitForURL('**/list/song/*');
    playlistId = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByTestId('song-row').first().waitFor();
    expect(await page.getByTestId('song-row').count()).toBeGreaterThan(3);
    await page.waitForFunction(() => [...document.images].every((img) => img.complete));
    await screenshot(page, 'playlist');
  });

  it('double-clicking a song plays real audio and moves the lyric line', async () => {
    // Pick a rendered row whose song has lyrics (some demo songs are instrumental).
    const ids = await page.getByTestId('song-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-song-id')));
    let chosen: string | undefined;
    for (const id of ids.slice(0, 10)) {
      const lyric = await api<{ lrc?: { lyric: string } }>(`/lyric?id=${id}`);
      if (lyric.lrc?.lyric) {
        chosen = id!;
        break;
      }
    }
    expect(chosen, 'a song with lyrics among the first rows').toBeDefined();

    // Aim at the title cell: the artist and album cells are links to their own pages.
    await page.locator(`[data-testid="song-row"][data-song-id="${chosen}"]`).dblclick({ position: { x: 120, y: 12 } });
    await page.waitForFunction(
      () => ((document.querySelector('[data-testid="audio"]') as HTMLAudioElement | null)?.currentTime ?? 0) > 2,
      undefined,
      { timeout: 30_000 },
    );
    const lyric = page.getByTestId('current-lyric');
    await expect.poll(async () => (await lyric.textContent())?.trim() ?? '', { timeout: 15_000 }).not.toBe('');
    const first = (await lyric.textContent())!.trim();
    await expect.poll(async () => (await lyric.textContent())?.trim(), { timeout: 20_000 }).not.toBe(first);
    expect(new URL(page.url()).pathname).toBe(`/list/song/${playlistId}`);
    await screenshot(page, 'playing');
  });

  it('serves the song by Range and as an MP3 as long as its dt', async () => {
    const { data } = await api<{ data: { id: number; url: string; size: number }[] }>(`/song/url?id=${(await firstTrack()).id}`);
    const url = data[0]!.url;
    const ranged = await fetch(url, { headers: { Range: 'bytes=0-99' } });
    expect(ranged.status).toBe(206);
    expect((await ranged.arrayBuffer()).byteLength).toBe(100);

    const whole = Buffer.from(await (await fetch(url)).arrayBuffer());
    expect(whole.length).toBe(data[0]!.size);
    const meta = await parseBuffer(whole, { mimeType: 'audio/mpeg' }, { duration: true });
    expect(meta.format.codec).toMatch(/MPEG 1 Layer 3/);
    expect(Math.abs(meta.format.duration! * 1000 - (await firstTrack()).dt)).toBeLessThan(150);
  });
});

async function firstTrack() {
  const { playlist } = await api<{ playlist: { tracks: { id: number; dt: number }[] } }>(`/playlist/detail?id=${playlistId}`);
  return playlist.tracks[0]!;
}
