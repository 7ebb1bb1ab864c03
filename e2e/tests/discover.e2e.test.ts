import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../src/browser.ts';
import { startServer, type RunningServer } from '../src/server.ts';

/**
 * 发现音乐 beyond the first screen, against the real server: the playlist square by tag, the
 * charts with a playable preview, the artist filters with infinite scroll, and an artist page.
 * Every screen is photographed at 1440×900 and at 800 px wide.
 */
let server: RunningServer;
let browser: Browser;
let page: Page;

const WIDE = { width: 1440, height: 900 };
const NARROW = { width: 800, height: 900 };

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: WIDE });
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

const main = () => page.locator('main');
const path = () => {
  const url = new URL(page.url());
  return decodeURIComponent(url.pathname + url.search);
};
const hrefs = (testId: string) => page.getByTestId(testId).evaluateAll((els) => els.map((el) => el.getAttribute('href')));

/** The screen as it is, wide and narrow; covers in view have loaded first. */
async function photograph(name: string) {
  for (const [viewport, file] of [
    [WIDE, name],
    [NARROW, `${name}-800`],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.waitForFunction(() =>
      [...document.images].every((img) => img.complete || img.getBoundingClientRect().top > window.innerHeight),
    );
    await screenshot(page, file);
  }
  await page.setViewportSize(WIDE);
}

interface Catlist {
  sub: { name: string; category: number }[];
}
interface SquarePage {
  playlists: { id: number; name: string }[];
}

describe('精品歌单: a 风格 tag, a playlist, and back through its tag link', () => {
  let tag: string;
  let expected: number[];

  it('全部歌单 opens the tags by category; picking a 风格 tag shows its playlists as the server lists them', async () => {
    // The first 风格 tag that has curated playlists.
    const { sub } = await api<Catlist>('/playlist/catlist');
    for (const candidate of sub.filter((t) => t.category === 1)) {
      const { playlists } = await api<SquarePage>(`/top/playlist/highquality?cat=${encodeURIComponent(candidate.name)}&limit=30`);
      if (playlists.length) {
        tag = candidate.name;
        expected = playlists.map((p) => p.id);
        break;
      }
    }
    expect(tag, 'a 风格 tag with playlists').toBeDefined();

    await page.goto(`${server.url}/music/recommend`);
    await page.getByRole('link', { name: '精品歌单' }).click();
    await page.waitForURL((url) => url.pathname === '/music/songlist' && url.searchParams.get('tag') === 'all');
    await page.getByTestId('playlist-card').first().waitFor();
    await photograph('songlist');

    await page.getByRole('button', { name: '全部歌单' }).click();
    const picker = page.getByRole('dialog', { name: '全部歌单' });
    await expect
      .poll(() => picker.getByRole('region').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label'))))
      .toEqual(['语种', '风格', '场景', '情感', '主题']);
    await photograph('songlist-tags');

    await picker.getByRole('region', { name: '风格' }).getByRole('link', { name: tag, exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('tag') === tag);
    await expect.poll(() => hrefs('playlist-card')).toEqual(expected.map((id) => `/list/song/${id}`));
    expect(await page.getByRole('button', { name: tag, exact: true }).getAttribute('aria-expanded')).toBe('false');
  });

  it('a playlist of the tag links back to the square with the tag selected', async () => {
    await page.getByTestId('playlist-card').first().click();
    await page.waitForURL(`**/list/song/${expected[0]}`);
    await page.getByTestId('song-row').first().waitFor();
    await page.getByRole('link', { name: tag, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/music/songlist');
    expect(path()).toBe(`/music/songlist?tag=${tag}`);
    await expect.poll(() => hrefs('playlist-card')).toEqual(expected.map((id) => `/list/song/${id}`));
    await page.getByRole('button', { name: tag, exact: true }).click();
    const selected = page.getByRole('dialog', { name: '全部歌单' }).locator('[aria-current="true"]');
    expect(await selected.textContent()).toBe(tag);
    await page.keyboard.press('Escape');
  });
});

interface ToplistDetail {
  list: { id: number; name: string; tracks: { first: string; second: string }[] | null }[];
}

describe('排行榜: official charts, a preview song played, 查看全部', () => {
  let charts: ToplistDetail['list'];

  it('shows the first 4 charts with 3 preview songs each, then the global charts', async () => {
    ({ list: charts } = await api<ToplistDetail>('/toplist/detail'));
    await page.getByRole('link', { name: '排行榜' }).click();
    await page.waitForURL('**/music/toplist');
    const rows = page.getByTestId('official-chart');
    await expect.poll(() => rows.count()).toBe(4);
    for (let i = 0; i < 4; i++) {
      const names = await rows
        .nth(i)
        .getByTestId('chart-track')
        .evaluateAll((els) => els.map((el) => el.children[1]!.textContent));
      expect(names).toEqual(charts[i]!.tracks!.map((t) => t.first));
      expect(names).toHaveLength(3);
    }
    const global = page.getByRole('region', { name: '全球榜' });
    await expect
      .poll(() => global.getByTestId('playlist-card').evaluateAll((els) => els.map((el) => el.getAttribute('href'))))
      .toEqual(charts.slice(4).map((c) => `/list/song/${c.id}`));
    await photograph('toplist');
  });

  it('double-clicking a preview song plays it', async () => {
    const track = charts[0]!.tracks![0]!;
    await page.getByTestId('official-chart').first().getByTestId('chart-track').first().dblclick();
    await page.waitForFunction(
      () => ((document.querySelector('[data-testid="audio"]') as HTMLAudioElement | null)?.currentTime ?? 0) > 1,
      undefined,
      { timeout: 30_000 },
    );
    await expect.poll(() => page.getByTestId('player-bar').textContent()).toContain(track.first);
  });

  it('查看全部 opens the chart’s list', async () => {
    await page.getByTestId('official-chart').nth(1).getByRole('link', { name: '查看全部' }).click();
    await page.waitForURL(`**/list/song/${charts[1]!.id}`);
    await page.getByTestId('song-row').first().waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain(charts[1]!.name);
  });
});

interface ArtistList {
  artists: { id: number; name: string }[];
  more: boolean;
}

describe('歌手: filters, infinite scroll, an artist page and its tabs', () => {
  const listRequests: URLSearchParams[] = [];
  let artist: ArtistList['artists'][number];

  it('女歌手 + 华语 shows the server’s artists; the empty page after them ends the list', async () => {
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/artist/list') listRequests.push(url.searchParams);
    });
    const { artists } = await api<ArtistList>('/artist/list?type=2&area=7&limit=30');
    expect(artists.length).toBeGreaterThan(0);
    artist = artists[0]!;

    await page.goto(`${server.url}/music/recommend`);
    await page.getByRole('link', { name: '歌手', exact: true }).click();
    await page.waitForURL('**/music/artists');
    await page.getByTestId('artist-card').first().waitFor();
    await page.getByRole('group', { name: '分类：' }).getByRole('link', { name: '女歌手' }).click();
    await page.getByRole('group', { name: '语种：' }).getByRole('link', { name: '华语' }).click();
    await page.waitForURL((url) => url.pathname === '/music/artists' && url.search === '?area=7&type=2');
    await expect.poll(() => hrefs('artist-card'), { timeout: 15_000 }).toEqual(artists.map((a) => `/artist/${a.id}`));
    expect(await page.getByTestId('artist-card').allTextContents()).toEqual(artists.map((a) => a.name));

    // The grid does not fill the window, so it is already within 60 px of the bottom: page 2 is
    // asked for at once; the demo library has no more female 华语 artists, so it is empty and ends the list.
    await page.getByTestId('list-end').waitFor();
    const pages = listRequests.filter((q) => q.get('type') === '2' && q.get('area') === '7').map((q) => q.get('offset'));
    expect(pages).toEqual(['0', '30']);
    await photograph('artists-filtered');
  });

  it('with every filter at 全部, scrolling to the bottom loads page 2', async () => {
    const [first, second] = await Promise.all([
      api<ArtistList>('/artist/list?type=-1&area=-1&limit=30&offset=0'),
      api<ArtistList>('/artist/list?type=-1&area=-1&limit=30&offset=30'),
    ]);
    expect(first.artists).toHaveLength(30);
    expect(second.artists.length).toBeGreaterThan(0);

    await page.getByRole('group', { name: '语种：' }).getByRole('link', { name: '全部' }).click();
    await page.getByRole('group', { name: '分类：' }).getByRole('link', { name: '全部' }).click();
    await page.waitForURL((url) => url.pathname === '/music/artists' && url.search === '');
    await expect.poll(() => page.getByTestId('artist-card').count()).toBe(30);
    await photograph('artists');
    expect(await page.getByTestId('list-end').count()).toBe(0);

    await main().evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect
      .poll(() => hrefs('artist-card'), { timeout: 15_000 })
      .toEqual([...first.artists, ...second.artists].map((a) => `/artist/${a.id}`));
    // Page 2 was not empty, so only the (empty) page 3 ends the list: scroll down to it.
    expect(await page.getByTestId('list-end').count()).toBe(0);
    await main().evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await page.getByTestId('list-end').waitFor();
    expect(listRequests.filter((q) => q.get('type') === '-1' && q.get('area') === '-1').map((q) => q.get('offset'))).toEqual([
      '0',
      '30',
      '60',
    ]);
  });

  it('an artist page shows the head, the hot songs and albums, and every tab its content', async () => {
    interface Hot {
      hotSongs: { id: number }[];
    }
    interface Albums {
      hotAlbums: { id: number }[];
    }
    interface Desc {
      briefDesc: string;
      introduction: { ti: string }[];
    }
    const [hot, albums, desc, similar] = await Promise.all([
      api<Hot>(`/artists?id=${artist.id}`),
      api<Albums>(`/artist/album?id=${artist.id}&limit=30`),
      api<Desc>(`/artist/desc?id=${artist.id}`),
      api<ArtistList>(`/simi/artist?id=${artist.id}`),
    ]);

    await page.goto(`${server.url}/music/artists?area=7&type=2`);
    await page.getByTestId('artist-card').first().click();
    await page.waitForURL(`**/artist/${artist.id}/album`);
    await page.getByRole('heading', { level: 1, name: artist.name }).waitFor();
    await expect.poll(() => page.title()).toBe(`${artist.name} - Cloudtune`);
    await expect
      .poll(() => page.getByTestId('song-row').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-song-id')))))
      .toEqual(hot.hotSongs.slice(0, 50).map((s) => s.id));
    await expect.poll(() => hrefs('album-card')).toEqual(albums.hotAlbums.map((a) => `/list/album/${a.id}`));
    await photograph('artist');

    const tabs = page.getByRole('navigation', { name: '歌手' });
    await tabs.getByRole('link', { name: 'MV' }).click();
    await page.waitForURL(`**/artist/${artist.id}/mv`);
    await page.getByText('暂无数据').waitFor();

    await tabs.getByRole('link', { name: '歌手详情' }).click();
    const article = page.getByTestId('artist-desc');
    await article.waitFor();
    const headings = await article.getByRole('heading').allTextContents();
    expect(headings).toEqual([...(desc.briefDesc ? [`${artist.name}简介`] : []), ...desc.introduction.map((s) => s.ti)]);
    await photograph('artist-detail');

    await tabs.getByRole('link', { name: '相似歌手' }).click();
    await page.waitForURL(`**/artist/${artist.id}/similar`);
    await expect.poll(() => hrefs('artist-card'), { timeout: 15_000 }).toEqual(similar.artists.map((a) => `/artist/${a.id}`));
    await photograph('artist-similar');
    expect(await page.title()).toBe(`${artist.name} - Cloudtune`);
  });
});
