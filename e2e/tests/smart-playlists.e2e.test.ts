import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SubsonicAPI } from 'subsonic-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../src/browser.ts';
import { startServer, type RunningServer } from '../src/server.ts';

/**
 * 智能歌单 end to end: songs of one genre are played through /scrobble and two of them liked; in
 * the client, 新建歌单 with 智能歌单 builds the rules (风格 是 the genre, 播放次数 大于 0 次,
 * 我喜欢的音乐 不是; 播放次数 降序; 最多 25 首); the playlist's page lists exactly the songs those
 * rules name, computed here from Subsonic's plain genre listing (each song's play count) and the
 * like list; one of them plays; and a Subsonic client library from npm finds the playlist and its
 * songs. Screens of the editor (新建歌单, 编辑) and the page, desktop and phone, light and dark,
 * go to the artifacts folder as smart-(journey|create|edit|page)-….png.
 */
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let cookie: string;
let uid: number;

const DEMO = { phone: '13800000000', password: 'cloudtune' };
const NAME = '常听的流行';
const LIMIT = 25;
const PLAYED = 30;
const LIKED = 2;

let genre: string;
let expected: string[];
let playlistId: string;

const subsonic = () => new SubsonicAPI({ url: server.url, auth: { username: DEMO.phone, password: 'subsonic' } });
const rows = () => page.getByTestId('song-row');
const nav = () => page.getByRole('navigation', { name: '主导航' });

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${server.url}/api${path}`, { headers: { cookie } });
  const body = (await res.json()) as T & { code: number };
  expect(body.code).toBe(200);
  return body;
}

/** Every song of the genre as Subsonic lists it (with the listener's play count), page by page. */
async function songsOfGenre(name: string) {
  const all: { id: string; playCount?: number }[] = [];
  for (;;) {
    const { songsByGenre } = await subsonic().getSongsByGenre({ genre: name, count: 500, offset: all.length });
    const page = songsByGenre.song ?? [];
    all.push(...page);
    if (page.length < 500) return all;
  }
}

/** Resolves once the main <audio> plays: time moving past `after` seconds, not paused. */
const playing = (after = 0.5) =>
  page.waitForFunction(
    (t) => {
      const a = document.querySelector<HTMLAudioElement>('[data-testid="audio"]');
      return !!a && !a.paused && a.currentTime > t;
    },
    after,
    { timeout: 30_000 },
  );

/** Waits for images and finite animations (dialogs fade in), then saves the screen. */
async function shot(on: Page, name: string) {
  await on.waitForFunction(() => [...document.images].every((img) => img.complete || img.getBoundingClientRect().top > window.innerHeight));
  await on.waitForFunction(() =>
    document.getAnimations().every((a) => a.effect?.getTiming().iterations === Infinity || a.playState !== 'running'),
  );
  await screenshot(on, name);
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.on('pageerror', (e) => console.error('[pageerror]', e.message));

  const login = await fetch(`${server.url}/api/login/cellphone?phone=${DEMO.phone}&password=${DEMO.password}`);
  cookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith('MUSIC_U='))!
    .split(';')[0]!;
  uid = ((await login.json()) as { account: { id: number } }).account.id;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Field, condition and value of the editor's `n`th rule. */
async function setRule(n: number, field: string, op: string, value?: string) {
  const rule = page.getByTestId('smart-rule').nth(n);
  await rule.getByLabel('字段').selectOption({ label: field });
  await rule.getByLabel('条件').selectOption({ label: op });
  if (value !== undefined) await rule.getByLabel('值').fill(value);
}

describe('智能歌单', () => {
  it('songs of the genre are played through /scrobble and two of them liked; the rules’ songs follow from the plain listings', async () => {
    // The genre with the most songs, so that more songs pass its rule than the limit keeps.
    const { genres } = await subsonic().getGenres();
    genre = [...genres.genre!].sort((a, b) => b.songCount - a.songCount)[0]!.value;
    const songs = await songsOfGenre(genre);
    expect(songs.length).toBeGreaterThan(PLAYED);
    // Plays of 30 of the genre's songs, as a player reports them; two of those liked.
    const played = songs.slice(0, PLAYED).map((s) => s.id);
    for (const id of played) await api(`/scrobble?id=${id}&sourceid=0&time=60`);
    for (const id of played.slice(0, LIKED)) await api(`/like?id=${id}&like=true`);
    await expect
      .poll(async () => (await songsOfGenre(genre)).filter((s) => played.includes(s.id) && (s.playCount ?? 0) > 0).length)
      .toBe(PLAYED);

    // The rules' songs, from the plain listings: of the genre, played, not liked; most played first, then by id.
    const liked = new Set((await api<{ ids: number[] }>(`/likelist?uid=${uid}`)).ids.map(String));
    expected = (await songsOfGenre(genre))
      .filter((s) => (s.playCount ?? 0) > 0 && !liked.has(s.id))
      .sort((a, b) => (b.playCount ?? 0) - (a.playCount ?? 0) || Number(a.id) - Number(b.id))
      .slice(0, LIMIT)
      .map((s) => s.id);
    expect(expected.length).toBe(LIMIT);
  });

  it('logs in, builds the rules in 新建歌单, and its page lists the songs they name, in their order', async () => {
    await page.goto(`${server.url}/music/recommend`);
    await page.getByRole('button', { name: '未登录' }).click();
    const login = page.getByTestId('login-view');
    await login.getByRole('tab', { name: '手机号登录' }).click();
    await login.getByLabel('手机号').fill(DEMO.phone);
    await login.getByLabel('密码').fill(DEMO.password);
    await login.getByRole('button', { name: '登录', exact: true }).click();
    await login.waitFor({ state: 'detached' });

    await nav().getByRole('button', { name: '新建歌单' }).click();
    const dialog = page.getByTestId('create-playlist-dialog');
    await dialog.getByLabel('歌单标题').fill(NAME);
    await dialog.getByLabel('智能歌单（按规则自动选歌）').check();
    await setRule(0, '风格', '是', genre);
    await dialog.getByRole('button', { name: '+ 添加规则' }).click();
    await setRule(1, '播放次数', '大于', '0');
    await dialog.getByRole('button', { name: '+ 添加规则' }).click();
    await setRule(2, '我喜欢的音乐', '不是');
    await dialog.getByLabel('排序字段').selectOption({ label: '播放次数' });
    await dialog.getByLabel('排序方向').selectOption({ label: '降序' });
    await dialog.getByLabel('歌曲数量上限').fill(String(LIMIT));
    await shot(page, 'smart-journey-create');
    await dialog.getByRole('button', { name: '创建' }).click();
    await dialog.waitFor({ state: 'detached' });

    await nav().getByRole('region', { name: '创建的歌单' }).getByRole('link', { name: NAME }).click();
    await page.getByRole('heading', { name: NAME }).waitFor();
    playlistId = new URL(page.url()).pathname.split('/').at(-1)!;
    await expect.poll(() => rows().count()).toBe(LIMIT);
    expect(await rows().evaluateAll((els) => els.map((el) => el.getAttribute('data-song-id')))).toEqual(expected);
    await shot(page, 'smart-journey-page');
  });

  it('编辑 opens the same rules', async () => {
    await page.getByRole('button', { name: '编辑', exact: true }).click();
    const dialog = page.getByTestId('edit-playlist-dialog');
    await expect.poll(() => dialog.getByTestId('smart-rule').count()).toBe(3);
    expect(await dialog.getByTestId('smart-rule').nth(0).getByLabel('值').inputValue()).toBe(genre);
    expect(await dialog.getByLabel('歌曲数量上限').inputValue()).toBe(String(LIMIT));
    await shot(page, 'smart-journey-edit');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('one of its songs plays', async () => {
    await rows().nth(1).dblclick();
    await playing();
    await expect.poll(() => page.locator('[data-testid="song-row"][aria-current="true"]').getAttribute('data-song-id')).toBe(expected[1]);
  });

  it('a Subsonic client library lists it (getPlaylists) and reads its songs (getPlaylist)', async () => {
    const { playlists } = await subsonic().getPlaylists();
    const listed = playlists.playlist?.find((p) => p.name === NAME);
    expect(listed).toMatchObject({ id: playlistId, songCount: LIMIT });
    const { playlist } = await subsonic().getPlaylist({ id: playlistId });
    expect(playlist.entry?.map((e) => e.id)).toEqual(expected);
  });

  it('screens: the editor and the page, desktop and phone, light and dark', async () => {
    // The login (cookie and the client's stored account) carried into each new screen.
    const storageState = await context.storageState();
    for (const [device, width, height] of [
      ['desktop', 1280, 900],
      ['phone', 390, 844],
    ] as const) {
      for (const scheme of ['light', 'dark'] as const) {
        const view = await browser.newContext({ viewport: { width, height }, colorScheme: scheme, storageState });
        await view.addInitScript((s) => {
          localStorage.setItem(
            'cloudtune-settings',
            JSON.stringify({ state: { themeColor: '#ec4141', colorScheme: s, downloadDir: '' }, version: 1 }),
          );
        }, scheme);
        const on = await view.newPage();
        await on.goto(`${server.url}/list/song/${playlistId}`);
        await on.getByRole('heading', { name: NAME }).waitFor();
        await expect.poll(() => on.getByTestId('song-row').count()).toBeGreaterThan(0);
        await shot(on, `smart-page-${device}-${scheme}`);
        await on.getByRole('button', { name: '编辑', exact: true }).click();
        await on.getByTestId('edit-playlist-dialog').getByTestId('smart-rule').first().waitFor();
        await shot(on, `smart-edit-${device}-${scheme}`);
        await on.keyboard.press('Escape');
        await on.getByTestId('edit-playlist-dialog').waitFor({ state: 'detached' });
        // A phone's narrow sidebar has no 新建歌单: the dialog is opened wide, then the screen narrowed.
        await on.setViewportSize({ width: 1280, height });
        await on.getByRole('navigation', { name: '主导航' }).getByRole('button', { name: '新建歌单' }).click();
        await on.setViewportSize({ width, height });
        const create = on.getByTestId('create-playlist-dialog');
        await create.getByLabel('智能歌单（按规则自动选歌）').check();
        await create.getByRole('button', { name: '+ 添加分组' }).click();
        await create.getByTestId('smart-rules-editor').waitFor();
        await shot(on, `smart-create-${device}-${scheme}`);
        await view.close();
      }
    }
  });
});
