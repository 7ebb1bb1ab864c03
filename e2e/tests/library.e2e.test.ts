import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../src/browser.ts';
import { startServer, type RunningServer } from '../src/server.ts';

/**
 * A logged-in user's music in the client against the real server (issue 10's journeys 2, 3
 * and 5): 每日歌曲推荐's 30 songs played with 播放全部; a heart in the player bar puts the song
 * in 我喜欢的音乐; a collected playlist appears under 收藏的歌单; a new playlist gets a song
 * through 收藏到歌单; two real audio files (made by ffmpeg) go up to 音乐云盘 with progress,
 * one plays on a double-click, one is deleted. Screens go to SHOTS (default /tmp/shots/web-library).
 */
let server: RunningServer;
let browser: Browser;
let page: Page;
let audioDir: string;

const SHOTS = process.env.SHOTS ?? '/tmp/shots/web-library';
const DEMO = { phone: '13800000000', password: 'cloudtune' };
const NEW_PLAYLIST = '通勤路上';

let demoUid: number;
/** a recommended playlist the demo account has not collected yet */
let toCollect: { id: number; name: string };

async function shot(name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForFunction(() =>
    [...document.images].every((img) => img.complete || img.getBoundingClientRect().top > window.innerHeight),
  );
  // Dialogs fade in: wait for every finite animation (not a spinner) to end.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.effect?.getTiming().iterations === Infinity || a.playState !== 'running'),
  );
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

const path = () => new URL(page.url()).pathname;
const toast = (text: string) => page.getByRole('status').filter({ hasText: text });
const nav = () => page.getByRole('navigation', { name: '主导航' });
const rows = () => page.getByTestId('song-row');
const row = (id: number | string) => page.locator(`[data-testid="song-row"][data-song-id="${id}"]`);

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

function makeTone(file: string, frequency: number, title: string) {
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `sine=frequency=${frequency}:duration=30`],
    ...['-metadata', `title=${title}`, '-metadata', 'artist=云端测试员', '-metadata', 'album=云盘样曲'],
    ...(file.endsWith('.mp3') ? ['-b:a', '128k'] : []),
    file,
  ]);
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.on('pageerror', (e) => console.error('[pageerror]', e.message));

  const login = await fetch(`${server.url}/api/login/cellphone?phone=${DEMO.phone}&password=${DEMO.password}`);
  demoUid = ((await login.json()) as { account: { id: number } }).account.id;
  const mine = (await (await fetch(`${server.url}/api/user/playlist?uid=${demoUid}&limit=1000`)).json()) as { playlist: { id: number }[] };
  const { result } = (await (await fetch(`${server.url}/api/personalized?limit=30`)).json()) as { result: { id: number; name: string }[] };
  toCollect = result.find((p) => !mine.playlist.some((m) => m.id === p.id))!;
  expect(toCollect).toBeDefined();

  audioDir = mkdtempSync(join(tmpdir(), 'cloudtune-cloud-'));
  makeTone(join(audioDir, '云盘测试一.mp3'), 440, '云盘测试一');
  makeTone(join(audioDir, '云盘测试二.flac'), 660, '云盘测试二');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (audioDir) rmSync(audioDir, { recursive: true, force: true });
});

describe('logged in', () => {
  it('logs in with the demo account through the login view; the sidebar lists its playlists, 我喜欢的音乐 first', async () => {
    await page.goto(`${server.url}/music/recommend`);
    await page.getByRole('button', { name: '未登录' }).click();
    const dialog = page.getByTestId('login-view');
    await dialog.getByRole('tab', { name: '手机号登录' }).click();
    await dialog.getByLabel('手机号').fill(DEMO.phone);
    await dialog.getByLabel('密码').fill(DEMO.password);
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    const created = nav().getByRole('region', { name: '创建的歌单' });
    await expect.poll(() => created.getByRole('link').first().textContent()).toBe('我喜欢的音乐');
    await expect.poll(() => nav().getByRole('region', { name: '收藏的歌单' }).getByRole('link').count()).toBeGreaterThan(0);
    await shot('sidebar-playlists');
  });

  it('journey 2: 每日歌曲推荐 → 30 songs with reasons → 播放全部 plays them', async () => {
    await page.getByTestId('daily-card').click();
    await expect.poll(path).toBe('/list/song/-1');
    await page.getByRole('heading', { name: '每日歌曲推荐' }).waitFor();
    await expect.poll(() => page.getByRole('table').getAttribute('aria-rowcount')).toBe('30');
    const firstId = await rows().first().getAttribute('data-song-id');
    const firstName = await rows().first().locator('[role="cell"]').nth(1).getAttribute('title');
    await shot('daily-songs');

    await page.getByTestId('daily-play-all').click();
    await playing();
    await expect.poll(() => page.getByTestId('player-bar').textContent()).toContain(firstName);
    await expect.poll(() => row(firstId!).getAttribute('aria-current')).toBe('true');
    // The whole list is the queue.
    await expect.poll(() => page.getByRole('button', { name: '播放列表' }).textContent()).toBe('30');
  });

  it('journey 3a: a heart in the player bar puts the playing song in 我喜欢的音乐', async () => {
    const playingId = await page.locator('[data-testid="song-row"][aria-current="true"]').getAttribute('data-song-id');
    const heart = page.getByTestId('player-bar').getByRole('button', { name: '喜欢', exact: true });
    await heart.click();
    await toast('收藏成功').waitFor();
    await expect
      .poll(() => page.getByTestId('player-bar').getByRole('button', { name: '取消喜欢' }).getAttribute('aria-pressed'))
      .toBe('true');
    // The row's heart says so too.
    await expect.poll(() => row(playingId!).getByRole('button', { name: '取消喜欢' }).count()).toBe(1);

    await nav().getByRole('link', { name: '我喜欢的音乐' }).click();
    await expect.poll(() => row(playingId!).count()).toBe(1);
    await expect.poll(() => rows().first().getAttribute('data-song-id')).toBe(playingId);
  });

  it('journey 3b: 收藏 a playlist → 已收藏, and it is under 收藏的歌单', async () => {
    await page.goto(`${server.url}/list/song/${toCollect.id}`);
    const collect = page.getByRole('button', { name: /^收藏/ });
    await collect.click();
    await toast('收藏成功').waitFor();
    await expect.poll(() => page.getByRole('button', { name: /^已收藏/ }).getAttribute('aria-pressed')).toBe('true');
    const collected = nav().getByRole('region', { name: '收藏的歌单' });
    await expect.poll(() => collected.getByRole('link', { name: toCollect.name }).count()).toBe(1);
    // A reload asks the server again: still collected.
    await page.reload();
    await expect.poll(() => page.getByRole('button', { name: /^已收藏/ }).count()).toBe(1);
  });

  it('journey 3c: 新建歌单, then 收藏到歌单 from a song row adds the song to it', async () => {
    await nav().getByRole('button', { name: '新建歌单' }).click();
    const dialog = page.getByTestId('create-playlist-dialog');
    await dialog.getByLabel('歌单标题').fill(NEW_PLAYLIST);
    await shot('create-playlist-dialog');
    await dialog.getByRole('button', { name: '创建' }).click();
    await dialog.waitFor({ state: 'detached' });
    const created = nav().getByRole('region', { name: '创建的歌单' });
    await expect.poll(() => created.getByRole('link', { name: NEW_PLAYLIST }).count()).toBe(1);

    const song = rows().nth(2);
    const songId = await song.getAttribute('data-song-id');
    await song.click({ button: 'right', position: { x: 240, y: 12 } });
    const menu = page.getByTestId('song-menu');
    await menu.getByRole('menuitem', { name: '收藏到歌单' }).waitFor();
    await shot('song-menu-collect');
    await menu.getByRole('menuitem', { name: '收藏到歌单' }).click();
    const picker = page.getByTestId('add-to-playlist-dialog');
    await picker.getByRole('button', { name: /新建歌单/ }).waitFor();
    await shot('add-to-playlist-dialog');
    await picker.getByRole('button', { name: new RegExp(`^${NEW_PLAYLIST}`) }).click();
    await toast('收藏成功').waitFor();
    await picker.waitFor({ state: 'detached' });

    await created.getByRole('link', { name: NEW_PLAYLIST }).click();
    await page.getByRole('heading', { name: NEW_PLAYLIST }).waitFor();
    await expect.poll(() => row(songId!).count()).toBe(1);
    // One's own playlist has no 收藏 button.
    expect(await page.getByRole('button', { name: /^(已)?收藏/ }).count()).toBe(0);
  });

  it('one’s own playlist: 编辑 renames it and sets a tag, 从歌单中删除 takes a song out, 删除 deletes it after asking', async () => {
    // On 通勤路上's page from the previous step, with one song in it.
    const songId = await rows().first().getAttribute('data-song-id');
    await page.getByRole('button', { name: '编辑', exact: true }).click();
    const dialog = page.getByTestId('edit-playlist-dialog');
    await dialog.getByLabel('歌单名').fill('下班路上');
    await dialog.getByLabel('简介').fill('地铁上听的歌');
    await dialog.getByRole('button', { name: '华语', exact: true }).click();
    await expect.poll(() => dialog.getByRole('button', { name: '华语', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await shot('edit-playlist-dialog');
    await dialog.getByRole('button', { name: '保存' }).click();
    await toast('修改成功').waitFor();
    await page.getByRole('heading', { name: '下班路上' }).waitFor();
    await expect.poll(() => page.getByRole('link', { name: '华语' }).count()).toBe(1);
    const created = nav().getByRole('region', { name: '创建的歌单' });
    await expect.poll(() => created.getByRole('link', { name: '下班路上' }).count()).toBe(1);

    await row(songId!).click({ button: 'right', position: { x: 240, y: 12 } });
    await page.getByTestId('song-menu').getByRole('menuitem', { name: '从歌单中删除' }).click();
    await toast('已从歌单中删除').waitFor();
    await expect.poll(() => row(songId!).count()).toBe(0);

    await page.getByRole('button', { name: '删除', exact: true }).click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: '删除' }).click();
    await expect.poll(path).toBe('/music/recommend');
    await expect.poll(() => created.getByRole('link', { name: '下班路上' }).count()).toBe(0);
    // 我喜欢的音乐 can be edited but never deleted or renamed.
    await created.getByRole('link', { name: '我喜欢的音乐' }).click();
    await page.getByRole('heading', { name: '我喜欢的音乐' }).waitFor();
    expect(await page.getByRole('button', { name: '删除', exact: true }).count()).toBe(0);
  });

  it('journey 5: two audio files go up to 音乐云盘 with progress; both listed; a double-click plays one; one is deleted', async () => {
    await nav().getByRole('link', { name: '我的音乐云盘' }).click();
    await expect.poll(path).toBe('/cloud');
    await page.getByRole('heading', { name: '音乐云盘' }).waitFor();
    await expect.poll(() => page.getByTestId('cloud-space').textContent()).toMatch(/^云盘容量 .+ \/ .+$/);
    await shot('cloud-empty');

    // A slow uplink (~96 KB/s) so the per-cent progress can be seen, as on a real connection.
    const cdp: CDPSession = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 96 * 1024 });

    await page.getByTestId('cloud-file').setInputFiles([join(audioDir, '云盘测试一.mp3'), join(audioDir, '云盘测试二.flac')]);
    const uploads = page.getByTestId('cloud-upload-row');
    await expect.poll(() => uploads.count()).toBe(2);
    expect(await page.getByRole('button', { name: '上传歌曲' }).getAttribute('aria-busy')).toBe('true');
    await page.waitForFunction(() => {
      const bars = [...document.querySelectorAll<HTMLProgressElement>('[data-testid="cloud-upload-row"] progress')];
      return bars.some((b) => b.value > 5 && b.value < 95);
    });
    // Temporary rows carry the file names without their suffix.
    const names = await uploads.evaluateAll((els) => els.map((el) => el.querySelectorAll('[role="cell"]')[1]?.textContent));
    expect(names.sort()).toEqual(['云盘测试一', '云盘测试二']);
    expect(await uploads.getByText(/^\d+%$/).count()).toBeGreaterThan(0);
    await shot('cloud-uploading');

    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await expect.poll(() => page.getByTestId('cloud-row').count(), { timeout: 60_000 }).toBe(2);
    await expect.poll(() => uploads.count()).toBe(0);
    const listed = await page
      .getByTestId('cloud-row')
      .evaluateAll((els) => els.map((el) => el.querySelectorAll('[role="cell"]')[1]?.textContent));
    expect(listed.sort()).toEqual(['云盘测试一', '云盘测试二']);
    await expect.poll(() => page.getByTestId('cloud-row').first().textContent()).toContain('云端测试员');
    await shot('cloud-list');

    const first = page.getByTestId('cloud-row').filter({ hasText: '云盘测试一' });
    await first.dblclick();
    await playing();
    await expect.poll(() => page.getByTestId('player-bar').textContent()).toContain('云盘测试一');
    await expect.poll(() => first.getAttribute('aria-current')).toBe('true');

    await page.getByRole('button', { name: '删除 云盘测试二' }).click();
    const confirm = page.getByTestId('confirm-dialog');
    await confirm.getByRole('button', { name: '删除' }).click();
    await toast('删除成功').waitFor();
    await expect.poll(() => page.getByTestId('cloud-row').count()).toBe(1);
    const left = (await page.evaluate(() => fetch('/api/user/cloud?limit=200', { credentials: 'include' }).then((r) => r.json()))) as {
      data: { songName: string }[];
    };
    expect(left.data.map((d) => d.songName)).toEqual(['云盘测试一']);
  });
});
