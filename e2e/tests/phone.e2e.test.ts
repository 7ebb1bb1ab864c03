import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../src/browser.ts';
import { centre, Finger, overflowing, phoneContext, phoneShot, PHONES, smallTargets, unnamed } from '../src/phone.ts';
import { startServer, type RunningServer } from '../src/server.ts';

/**
 * The phone layout (decision 0050) at 360×740 and 390×844 with touch: every route of the product fits the
 * screen and names its controls; then a journey by touch — log in, search, play from a result, the
 * now-playing view and its lyrics, a swipe that skips, a download played offline, the cloud drive
 * and the profile. Every phone screen is photographed light and dark (phone-* under the artifacts folder).
 */
let server: RunningServer;
let browser: Browser;
const DEMO = { phone: '13800000000', password: 'cloudtune' };
let uid: number;
let ids: { playlist: number; album: number; artist: number };

const api = async <T>(path: string): Promise<T> => (await (await fetch(`${server.url}/api${path}`)).json()) as T;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const login = await api<{ account: { id: number } }>(`/login/cellphone?phone=${DEMO.phone}&password=${DEMO.password}`);
  uid = login.account.id;
  const { result } = await api<{ result: { id: number }[] }>('/personalized?limit=14');
  const { playlist } = await api<{ playlist: { tracks: { al: { id: number }; ar: { id: number }[] }[] } }>(
    `/playlist/detail?id=${result[0]!.id}`,
  );
  ids = { playlist: result[0]!.id, album: playlist.tracks[0]!.al.id, artist: playlist.tracks[0]!.ar[0]!.id };
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The specified routes as the browser build has them, and the phone's 我的音乐. */
const routes = () =>
  [
    ['recommend', '/music/recommend'],
    ['songlist', '/music/songlist?tag=all'],
    ['toplist', '/music/toplist'],
    ['artists', '/music/artists'],
    ['playlist', `/list/song/${ids.playlist}`],
    ['album', `/list/album/${ids.album}`],
    ['artist-album', `/artist/${ids.artist}/album`],
    ['artist-mv', `/artist/${ids.artist}/mv`],
    ['artist-detail', `/artist/${ids.artist}/detail`],
    ['artist-similar', `/artist/${ids.artist}/similar`],
    ['setting', '/setting/source'],
    ['setting-playback', '/setting/playback'],
    ['setting-effect', '/setting/effect'],
    ['search-song', '/search/song?keywords=周'],
    ['search-artist', '/search/artist?keywords=周'],
    ['search-album', '/search/album?keywords=周'],
    ['search-songlist', '/search/songlist?keywords=周'],
    ['search-lyrics', '/search/lyrics?keywords=周'],
    ['video', '/video/mv'],
    ['moments', '/moments'],
    ['download-song', '/download/song'],
    ['download-mv', '/download/mv'],
    ['my-music', '/my-music'],
    ['cloud', '/cloud'],
    ['userinfo', `/userinfo/${uid}`],
    ['follow-list', `/followList/${uid}`],
    ['events', `/eventView/${uid}`],
    ['fans', `/fansView/${uid}`],
    ['user-setting', '/userSetting'],
    ['not-found', '/no-such-page'],
  ] as const;

const loginView = (page: Page) => page.getByTestId('login-view');

async function logIn(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: '未登录' }).tap();
  const dialog = loginView(page);
  await dialog.getByRole('tab', { name: '手机号登录' }).tap();
  await dialog.getByLabel('手机号').fill(DEMO.phone);
  await dialog.getByLabel('密码').fill(DEMO.password);
  await dialog.getByRole('button', { name: '登录', exact: true }).tap();
  await dialog.waitFor({ state: 'detached', timeout: 30_000 });
}

/** A route drawn: the loading bar gone, the network quiet. */
async function open(page: Page, path: string) {
  await page.goto(`${server.url}${path}`);
  await page.waitForLoadState('networkidle');
  await page.locator('[role="progressbar"][aria-label="加载中"]').waitFor({ state: 'detached' });
}

async function setTheme(page: Page, theme: '浅色' | '深色') {
  await open(page, '/setting/appearance');
  await page.getByRole('radio', { name: theme, exact: true }).check();
  await page.waitForFunction((dark) => (document.documentElement.dataset.theme === 'dark') === dark, theme === '深色');
}

describe.each(PHONES)('a $width×$height phone', (viewport) => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await phoneContext(browser, viewport);
    page = await context.newPage();
    page.on('pageerror', (e) => console.error('[pageerror]', e.message));
    await open(page, '/music/recommend');
    await logIn(page);
  });

  afterAll(() => context?.close());

  it('is laid out as a phone: tab bar, mini player, no sidebar', async () => {
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.screen)).toBe('xs');
    const tabs = page.getByRole('navigation', { name: '主导航' });
    expect(await tabs.getByRole('link').allTextContents()).toEqual(['发现音乐', '搜索', '我的音乐', '下载管理']);
    await page.getByTestId('mini-player').waitFor();
    expect(await page.getByTestId('sidebar-playlists').count()).toBe(0);
  });

  it('every route fits the screen, names every control, and keeps the chrome at 44 px targets', { timeout: 240_000 }, async () => {
    const problems: string[] = [];
    for (const [name, path] of routes()) {
      await open(page, path);
      for (const wide of await overflowing(page)) problems.push(`${name}: too wide: ${wide}`);
      for (const control of await unnamed(page)) problems.push(`${name}: unnamed: ${control}`);
      for (const small of await smallTargets(page)) problems.push(`${name}: small target: ${small}`);
    }
    expect(problems).toEqual([]);
  });

  it('the 歌手 filters open in a sheet, and a pick filters and closes it', async () => {
    await open(page, '/music/artists');
    const summary = page.getByRole('button', { name: /^筛选/ });
    expect(await summary.textContent()).toContain('全部 · 全部 · 热门');
    // The rows themselves are not on the page, only in the sheet.
    expect(await page.getByRole('group', { name: '语种：' }).count()).toBe(0);
    await summary.tap();
    const sheet = page.getByTestId('artist-filters');
    await sheet.getByRole('link', { name: '华语', exact: true }).tap();
    await sheet.waitFor({ state: 'detached' });
    await page.waitForURL(/area=7/);
    await expect.poll(() => summary.textContent()).toContain('华语 · 全部 · 热门');
    await page.getByTestId('artist-card').first().waitFor();
  });

  if (viewport.width === 390) {
    it('photographs every phone screen, light and dark', { timeout: 300_000 }, async () => {
      for (const theme of ['浅色', '深色'] as const) {
        await setTheme(page, theme);
        const suffix = theme === '浅色' ? 'light' : 'dark';
        for (const [name, path] of routes()) {
          await open(page, path);
          await phoneShot(page, `${name}-${suffix}`);
        }
        await open(page, `/list/song/${ids.playlist}`);
        await page.getByTestId('song-row').first().getByRole('button', { name: '更多操作' }).tap();
        await page.getByTestId('song-menu').waitFor();
        await phoneShot(page, `song-menu-${suffix}`);
        await open(page, '/music/artists');
        await page.getByRole('button', { name: /^筛选/ }).tap();
        await page.getByTestId('artist-filters').waitFor();
        await phoneShot(page, `artist-filters-${suffix}`);
        await page.keyboard.press('Escape');
      }
      await setTheme(page, '浅色');
    });
  }
});

describe('a phone journey by touch (390×844)', () => {
  let context: BrowserContext;
  let page: Page;
  let finger: Finger;
  const audio = (page: Page) =>
    page.evaluate(() => {
      const el = document.querySelector<HTMLAudioElement>('[data-testid="audio"]');
      return { time: el?.currentTime ?? 0, src: el?.getAttribute('src') ?? '' };
    });
  const title = () => page.getByTestId('mini-player-title').textContent();

  beforeAll(async () => {
    context = await phoneContext(browser, PHONES[1]);
    page = await context.newPage();
    page.on('pageerror', (e) => console.error('[pageerror]', e.message));
    finger = await Finger.on(page);
  });

  afterAll(() => context?.close());

  it('logs in from the top bar', async () => {
    await open(page, '/music/recommend');
    await page.getByRole('banner').getByRole('button', { name: '未登录' }).tap();
    await loginView(page).waitFor();
    // The form loads the first time the view opens: photographed once it is there.
    await loginView(page).getByLabel('手机号').waitFor();
    await phoneShot(page, 'login');
    await loginView(page).getByRole('button', { name: '关闭' }).tap();
    await logIn(page);
    await page.getByTestId('user-chip').waitFor();
  });

  it('searches from the 搜索 tab and plays a result with a tap', async () => {
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '搜索' }).tap();
    await page.waitForURL('**/search/song');
    const box = page.getByRole('combobox', { name: '搜索' });
    await box.tap();
    await box.fill('周');
    await box.press('Enter');
    await page.waitForURL('**/search/song?keywords=*');
    const rows = page.getByTestId('song-row');
    await expect.poll(() => rows.count()).toBeGreaterThan(1);
    await rows.first().tap({ position: { x: 60, y: 14 } });
    await expect.poll(async () => (await audio(page)).time, { timeout: 20_000 }).toBeGreaterThan(0.5);
    const start = (await audio(page)).time;
    await expect.poll(async () => (await audio(page)).time, { timeout: 20_000 }).toBeGreaterThan(start + 1);
    await phoneShot(page, 'search-playing');
  });

  it('opens now-playing, swipes to the lyrics and back, pulls the view down', async () => {
    await page.getByTestId('mini-player').getByRole('button', { name: '打开播放页' }).tap();
    const view = page.getByRole('dialog', { name: '正在播放' });
    await view.waitFor();
    for (const name of ['播放模式', '上一首', '暂停', '下一首', '播放列表', '音效', '下载', '歌词']) {
      await view.getByRole('button', { name, exact: true }).waitFor();
    }
    await view.getByRole('slider', { name: '播放进度' }).waitFor();
    await phoneShot(page, 'now-playing');
    await finger.swipe({ x: 330, y: 200 }, { x: 60, y: 210 });
    await page.getByTestId('lyric-panel').waitFor();
    await phoneShot(page, 'lyrics');
    await finger.swipe({ x: 60, y: 300 }, { x: 330, y: 305 });
    await page.getByTestId('lyric-panel').waitFor({ state: 'detached' });
    await finger.swipe({ x: 195, y: 120 }, { x: 200, y: 520 });
    await view.waitFor({ state: 'detached' });
  });

  it('a swipe to the left on the mini player plays the next song', async () => {
    const before = await title();
    const at = await centre(page, '[data-testid="mini-player"]');
    await finger.swipe({ x: at.x + 100, y: at.y }, { x: at.x - 120, y: at.y });
    await expect.poll(title).not.toBe(before);
    const start = (await audio(page)).time;
    await expect.poll(async () => (await audio(page)).time, { timeout: 20_000 }).toBeGreaterThan(start + 0.5);
  });

  it('a long press on a row opens its menu as a sheet; 下载 downloads the song', async () => {
    const row = page.getByTestId('song-row').nth(1);
    const name = (await row.getAttribute('data-song-id'))!;
    const at = await centre(page, `[data-testid="song-row"][data-song-id="${name}"]`);
    await finger.down(at.x - 60, at.y);
    const menu = page.getByTestId('song-menu');
    await menu.waitFor();
    await finger.up();
    const box = (await menu.boundingBox())!;
    expect(box.x).toBe(0);
    expect(Math.round(box.y + box.height)).toBe(844);
    await menu.getByRole('menuitem', { name: '下载' }).tap();
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '下载管理' }).tap();
    await expect.poll(() => page.getByTestId('download-row').count(), { timeout: 60_000 }).toBe(1);
  });

  it('offline, the downloaded song plays from the browser storage', async () => {
    await context.setOffline(true);
    try {
      await page
        .getByTestId('download-row')
        .first()
        .tap({ position: { x: 60, y: 14 } });
      await expect.poll(async () => (await audio(page)).src, { timeout: 20_000 }).toMatch(/^blob:/);
      const start = (await audio(page)).time;
      await expect.poll(async () => (await audio(page)).time, { timeout: 20_000 }).toBeGreaterThan(start + 1);
      await phoneShot(page, 'offline-playing');
    } finally {
      await context.setOffline(false);
    }
  });

  it('我的音乐 leads to the cloud drive and the profile', async () => {
    const tabs = page.getByRole('navigation', { name: '主导航' });
    await tabs.getByRole('link', { name: '我的音乐' }).tap();
    await page.waitForURL('**/my-music');
    await page.getByRole('link', { name: '我的音乐云盘' }).tap();
    await page.waitForURL('**/cloud');
    await page.getByRole('button', { name: '上传歌曲' }).waitFor();
    await tabs.getByRole('link', { name: '我的音乐' }).tap();
    await page.getByRole('link', { name: /个人主页$/ }).tap();
    await page.waitForURL(`**/userinfo/*`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await phoneShot(page, 'journey-profile');
  });
});
