import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../src/browser.ts';
import { startServer, type RunningServer } from '../src/server.ts';

/**
 * Searching as a user does: a pinyin abbreviation in the top bar, the suggestions, the results
 * tabs with the server's counts, playing a result, a reload that keeps the place; and a search
 * of two words (artist + title) that finds the song.
 */
let server: RunningServer;
let browser: Browser;
let page: Page;

interface Artist {
  id: number;
  name: string;
}

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

/** The demo's three-character 周… artist and its pinyin initials (zxy for 周星野). */
async function zhouArtist(): Promise<Artist & { initials: string }> {
  const found = await api<{ result: { artists: Artist[] } }>(`/search?type=100&keywords=${encodeURIComponent('周')}&limit=30`);
  const artist = found.result.artists.find((a) => /^周..$/.test(a.name))!;
  expect(artist, 'a three-character 周 artist in the demo library').toBeDefined();
  // Its initials: the suggestion for them must name it (the server's pinyin is the reference).
  for (const initials of ['zxy', 'zn', 'zy']) {
    const s = await api<{ result: { artists?: Artist[] } }>(`/search/suggest?keywords=${initials}`);
    if (s.result.artists?.some((a) => a.id === artist.id)) return { ...artist, initials };
  }
  const full = await api<{ result: { artists?: Artist[] } }>(`/search/suggest?keywords=${encodeURIComponent(artist.name)}`);
  expect(full.result.artists?.length).toBeGreaterThan(0);
  return { ...artist, initials: artist.name };
}

describe('search journey', () => {
  it('a pinyin abbreviation suggests the artist; Enter lists 找到 N 首歌曲 with the server’s N', async () => {
    const artist = await zhouArtist();
    await page.goto(`${server.url}/music/recommend`);
    const box = page.getByRole('combobox', { name: '搜索' });
    await box.click();
    await box.pressSequentially(artist.initials, { delay: 40 });
    const suggestions = page.getByRole('listbox', { name: '搜索建议' });
    await suggestions
      .getByRole('option', { name: new RegExp(artist.name) })
      .first()
      .waitFor();
    await screenshot(page, 'search-suggest');
    await box.press('Enter');
    await page.waitForURL(`**/search/song?keywords=${artist.initials}`);
    const expected = await api<{ result: { songCount: number } }>(`/search?keywords=${artist.initials}&type=1&limit=30`);
    await expect.poll(() => page.getByTestId('search-title').textContent()).toBe(`找到 ${expected.result.songCount} 首歌曲`);
    await page.getByTestId('song-row').first().waitFor();
    await screenshot(page, 'search-songs');
  });

  it('the 歌手 and 歌词 tabs show their results', async () => {
    await page.getByRole('link', { name: '歌手', exact: true }).click();
    await page.waitForURL('**/search/artist?keywords=*');
    await page.getByTestId('artist-card').first().waitFor();
    await page.waitForFunction(() => [...document.images].every((img) => img.complete));
    await screenshot(page, 'search-artists');

    // A word sung in the demo's lyrics: the lyric tab lists songs with the matching line marked.
    const lyricWord = '月光';
    const box = page.getByRole('combobox', { name: '搜索' });
    await box.fill(lyricWord);
    await box.press('Enter');
    await page.waitForURL('**/search/song?keywords=*');
    await page.getByRole('link', { name: '歌词', exact: true }).click();
    await page.waitForURL('**/search/lyrics?keywords=*');
    const expected = await api<{ result: { songCount: number } }>(`/search?keywords=${encodeURIComponent(lyricWord)}&type=1006&limit=30`);
    await expect.poll(() => page.getByTestId('search-title').textContent()).toBe(`找到 ${expected.result.songCount} 首歌词`);
    if (expected.result.songCount > 0) {
      await page.getByTestId('lyric-result').first().waitFor();
      expect(await page.getByTestId('lyric-result').first().locator('mark').first().textContent()).toBe(lyricWord);
    }
    await screenshot(page, 'search-lyrics');
  });

  it('double-clicking a song plays it; a reload keeps keyword, tab and page', async () => {
    const keywords = 'a';
    const secondPage = await api<{ result: { songCount: number; songs: { id: number }[] } }>(
      `/search?keywords=${keywords}&type=1&limit=30&offset=30`,
    );
    expect(secondPage.result.songCount).toBeGreaterThan(30);
    const id = String(secondPage.result.songs[0]!.id);
    await page.goto(`${server.url}/search/song?keywords=${keywords}`);
    await page.getByRole('button', { name: '第 2 页' }).click();
    await page.waitForURL(`**/search/song?keywords=${keywords}&page=2`);
    // Page 1 stays on screen until page 2 arrives.
    const row = page.getByTestId('song-row').first();
    await expect.poll(() => row.getAttribute('data-song-id')).toBe(id);
    expect(await row.locator('[role="cell"]').first().textContent()).toBe('31');
    await row.dblclick({ position: { x: 120, y: 12 } });
    await page.waitForFunction(
      () => ((document.querySelector('[data-testid="audio"]') as HTMLAudioElement | null)?.currentTime ?? 0) > 1,
      undefined,
      { timeout: 30_000 },
    );
    await page.reload();
    await page.getByTestId('song-row').first().waitFor();
    expect(new URL(page.url()).search).toBe(`?keywords=${keywords}&page=2`);
    expect(await page.getByRole('button', { name: '第 2 页' }).getAttribute('aria-current')).toBe('page');
    expect(await page.getByTestId('song-row').first().getAttribute('data-song-id')).toBe(id);
  });

  it('two words, artist and title, find the song', async () => {
    const songs = await api<{ songs: { id: number; name: string; ar: Artist[] }[] }>('/song/detail?ids=5');
    const song = songs.songs[0]!;
    const keywords = `${song.ar[0]!.name} ${song.name}`;
    await page.goto(`${server.url}/music/recommend`);
    const box = page.getByRole('combobox', { name: '搜索' });
    await box.fill(keywords);
    await box.press('Enter');
    await page.waitForURL('**/search/song?keywords=*');
    await page.locator(`[data-testid="song-row"][data-song-id="${song.id}"]`).waitFor();
    await screenshot(page, 'search-two-words');
  });
});
