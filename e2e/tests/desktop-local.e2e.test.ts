import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  answerAppRequest,
  answerLocalFile,
  apiOrigin,
  contentSecurityPolicy,
  localFilePath,
  parseInvokeArgs,
  removeDownload,
  saveDownload,
  scanLocalMusic,
  type LocalFolder,
  type LyricWindowState,
} from '@cloudtune/desktop';
import { parseFile } from 'music-metadata';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../src/browser.ts';
import { startServer, type RunningServer } from '../src/server.ts';

/**
 * The desktop build's 本地音乐, player commands and desktop lyrics, with the preload bridge
 * emulated as in desktop.e2e.test.ts: the page is answered by the shell's app:// rules (now also
 * its local-file route) over a loopback origin, and every bridge call goes to the shell's real
 * services in this process — arguments parsed by the IPC contract, folders scanned by
 * scanLocalMusic, files served by answerLocalFile below the checked folders only. The lyric
 * window is a second page on #/desktop-lyric that gets what the main window sends, as the shell
 * forwards it.
 */
const desktopDist = fileURLToPath(new URL('../../apps/web/dist/desktop/', import.meta.url));
const shots = process.env.CLOUDTUNE_SHOTS;

let shell: Server;
let shellOrigin: string;
let server: RunningServer;
let port: number;
let browser: Browser;
let page: Page;
let lyricPage: Page | null = null;
const temp = mkdtempSync(join(tmpdir(), 'cloudtune-desktop-local-'));
const musicFolder = join(temp, '我的音乐');
const downloads = join(temp, 'Cloudtune');
const settings: { closeToTray: boolean; downloadDirectory: string | null; localFolders: LocalFolder[] } = {
  closeToTray: false,
  downloadDirectory: downloads,
  localFolders: [],
};
const lyricStates: LyricWindowState[] = [];
/** false once a test drives the lyric window itself: the main window's states are no longer forwarded */
let forwardLyricStates = true;
const clickThrough: boolean[] = [];

/** Real audio files, tagged, in a folder and a sub-folder. */
function makeMusic() {
  mkdirSync(join(musicFolder, '专辑'), { recursive: true });
  mkdirSync(downloads, { recursive: true });
  const make = (file: string, title: string, artist: string, frequency: number) =>
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=${frequency}:duration=20`,
      '-metadata',
      `title=${title}`,
      '-metadata',
      `artist=${artist}`,
      '-metadata',
      'album=本地专辑',
      '-b:a',
      '64k',
      file,
    ]);
  make(join(musicFolder, 'one.mp3'), '本地一号', '本地歌手', 330);
  make(join(musicFolder, '专辑', 'two.mp3'), '本地二号', '另一位歌手', 440);
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=550:duration=20',
    '-c:a',
    'flac',
    join(musicFolder, 'untagged.flac'),
  ]);
}

/** The bridge calls, answered by the shell's services (what src/main/ipc-handlers.ts does). */
async function bridgeCall(method: string, args: unknown[]): Promise<unknown> {
  switch (method) {
    case 'chooseFolder':
      parseInvokeArgs('cloudtune:choose-folder', args);
      return musicFolder;
    case 'settingsGet':
      return settings;
    case 'settingsUpdate': {
      const [patch] = parseInvokeArgs('cloudtune:settings-update', args);
      Object.assign(settings, patch);
      return settings;
    }
    case 'scan': {
      const [folders] = parseInvokeArgs('cloudtune:local-music-scan', args);
      return scanLocalMusic(folders);
    }
    case 'lyricUpdate': {
      const [state] = parseInvokeArgs('cloudtune:lyric-window-update', args);
      lyricStates.push(state);
      if (forwardLyricStates) await sendToLyricWindow(state);
      return undefined;
    }
    case 'downloadsGetDirectory':
      return settings.downloadDirectory ?? downloads;
    case 'downloadsSetDirectory': {
      const [path] = parseInvokeArgs('cloudtune:downloads-set-directory', args);
      settings.downloadDirectory = path;
      return path;
    }
    case 'downloadsSave': {
      const [request] = parseInvokeArgs('cloudtune:downloads-save', args);
      return saveDownload(request, { directory: settings.downloadDirectory ?? downloads, serverOrigin: apiOrigin(port) });
    }
    case 'downloadsRemove': {
      const [path] = parseInvokeArgs('cloudtune:downloads-remove', args);
      return removeDownload(path, settings.downloadDirectory ?? downloads);
    }
    case 'lyricClickThrough':
      clickThrough.push(parseInvokeArgs('cloudtune:lyric-window-click-through', args)[0]);
      return undefined;
    case 'lyricSetVisible':
      return parseInvokeArgs('cloudtune:lyric-window-set-visible', args)[0];
    default:
      throw new Error(`unknown bridge call ${method}`);
  }
}

/** window.cloudtune as the preload script exposes it, each member a call into this process. */
function installBridge(p: number) {
  const call = (window as unknown as { __shell: (m: string, a: unknown[]) => Promise<unknown> }).__shell;
  const commandListeners = new Set<(c: string) => void>();
  const lyricListeners = new Set<(s: unknown) => void>();
  const w = window as unknown as Record<string, unknown>;
  w.__command = (c: string) => commandListeners.forEach((l) => l(c));
  w.__lyricUpdate = (s: unknown) => lyricListeners.forEach((l) => l(s));
  w.cloudtune = {
    getPort: () => Promise.resolve(p),
    chooseFolder: (options?: unknown) => call('chooseFolder', [options]),
    openFolder: () => Promise.resolve(),
    onCommand: (listener: (c: string) => void) => (commandListeners.add(listener), () => commandListeners.delete(listener)),
    settings: { get: () => call('settingsGet', []), update: (patch: unknown) => call('settingsUpdate', [patch]) },
    downloads: {
      getDirectory: () => call('downloadsGetDirectory', []),
      setDirectory: (path: string) => call('downloadsSetDirectory', [path]),
      save: (request: unknown) => call('downloadsSave', [request]),
      remove: (path: string) => call('downloadsRemove', [path]),
    },
    localMusic: { scan: (folders: string[]) => call('scan', [folders]) },
    lyricWindow: {
      setVisible: (visible: boolean) => call('lyricSetVisible', [visible]),
      update: (state: unknown) => void call('lyricUpdate', [state]),
      onUpdate: (listener: (s: unknown) => void) => (lyricListeners.add(listener), () => lyricListeners.delete(listener)),
      onVisibilityChange: () => () => undefined,
      setClickThrough: (on: boolean) => call('lyricClickThrough', [on]),
    },
  };
}

/** What the shell does with the main window's state: hands it to the lyric window's page. */
async function sendToLyricWindow(state: LyricWindowState): Promise<void> {
  await lyricPage?.evaluate((s) => (window as unknown as { __lyricUpdate?: (s: unknown) => void }).__lyricUpdate?.(s), state);
}

async function openPage(hash: string): Promise<Page> {
  const p = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  p.on('pageerror', (e) => console.error('[pageerror]', e.message));
  await p.exposeFunction('__shell', bridgeCall);
  await p.addInitScript(installBridge, port);
  await p.goto(`${shellOrigin}/index.html${hash}`);
  return p;
}

beforeAll(async () => {
  makeMusic();
  shell = createServer((request, response) => {
    const url = `app://cloudtune${request.url ?? '/'}`;
    const roots = () => [settings.downloadDirectory ?? downloads, ...settings.localFolders.filter((f) => f.checked).map((f) => f.path)];
    const answer =
      localFilePath(url) !== null
        ? answerLocalFile({ url, method: request.method ?? 'GET', range: request.headers.range }, roots)
        : answerAppRequest(
            { url, method: request.method ?? 'GET' },
            { root: desktopDist, contentSecurityPolicy: () => contentSecurityPolicy(apiOrigin(port)) },
          );
    answer.then(
      (a) => response.writeHead(a.status, a.headers).end(a.body ?? undefined),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => shell.listen(0, '127.0.0.1', resolve));
  shellOrigin = `http://127.0.0.1:${(shell.address() as { port: number }).port}`;
  server = await startServer({ CLOUDTUNE_API_ONLY: '1', CLOUDTUNE_ALLOWED_ORIGINS: shellOrigin });
  port = Number(new URL(server.url).port);
  browser = await launchBrowser();
  page = await openPage('#/local-music/song');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  shell?.close();
  rmSync(temp, { recursive: true, force: true });
});

const audio = () =>
  page.evaluate(() => {
    const el = document.querySelector<HTMLAudioElement>('[data-testid="audio"]')!;
    return { time: el.currentTime, paused: el.paused, src: el.getAttribute('src') ?? '' };
  });

describe('本地音乐 in the desktop build', () => {
  it('选择目录: 添加文件夹 picks a folder, 确认 saves it in the shell and the songs appear', async () => {
    await page.getByRole('button', { name: '选择目录' }).click();
    const dialog = page.getByRole('dialog', { name: '选择目录' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: '添加文件夹' }).click();
    await expect.poll(() => dialog.getByRole('checkbox').count()).toBe(1);
    expect(await dialog.getByRole('checkbox').isChecked()).toBe(true);
    if (shots) await page.screenshot({ path: `${shots}/choose-folder-dialog.png` });
    await dialog.getByRole('button', { name: '确认' }).click();
    await expect.poll(() => page.getByTestId('local-row').count(), { timeout: 20_000 }).toBe(3);
    expect(settings.localFolders).toEqual([{ path: musicFolder, checked: true }]);
    const titles = await Promise.all(
      (await page.getByTestId('local-row').all()).map((r) => r.locator('[role="cell"]').first().textContent()),
    );
    expect(titles.sort()).toEqual(['untagged', '本地一号', '本地二号']);
    await expect(page.getByTestId('local-count').textContent()).resolves.toContain('共 3 首');
  });

  it('plays a local file from the shell’s local-file route, and searches within', async () => {
    const row = page.getByTestId('local-row').filter({ hasText: '本地二号' });
    await row.dblclick({ position: { x: 200, y: 12 } });
    await expect.poll(async () => (await audio()).src).toContain('/local-file?path=');
    await expect.poll(async () => (await audio()).time, { timeout: 20_000 }).toBeGreaterThan(1);
    await expect.poll(() => page.getByTestId('player-bar').textContent()).toContain('本地二号');
    if (shots) await page.screenshot({ path: `${shots}/local-music.png` });
    await screenshot(page, 'desktop-local-music');
    await page.getByRole('searchbox', { name: '搜索本地音乐' }).fill('另一位');
    await expect.poll(() => page.getByTestId('local-row').count()).toBe(1);
    await page.getByRole('searchbox', { name: '搜索本地音乐' }).fill('');
  });

  it('文件夹 groups the songs by folder', async () => {
    await page.getByRole('link', { name: '文件夹' }).click();
    await expect.poll(() => page.getByTestId('local-folder').count()).toBe(1);
    await expect(page.getByTestId('local-folder').getByTestId('local-row').count()).resolves.toBe(3);
  });

  it('the tray and media keys (onCommand) drive the player: next, play/pause', async () => {
    const before = await page.getByTestId('player-bar').textContent();
    await page.evaluate(() => (window as unknown as { __command: (c: string) => void }).__command('next'));
    await expect.poll(() => page.getByTestId('player-bar').textContent()).not.toBe(before);
    await expect.poll(async () => (await audio()).paused).toBe(false);
    await page.evaluate(() => (window as unknown as { __command: (c: string) => void }).__command('play-pause'));
    await expect.poll(async () => (await audio()).paused).toBe(true);
  });

  it('a file outside the checked folders is not served', async () => {
    const outside = await page.evaluate(async () => (await fetch('/local-file?path=%2Fetc%2Fpasswd.mp3')).status);
    expect([403, 404]).toContain(outside);
    settings.localFolders = [{ path: musicFolder, checked: false }];
    const unchecked = await page.evaluate(
      async (path) => (await fetch(`/local-file?path=${encodeURIComponent(path)}`)).status,
      join(musicFolder, 'one.mp3'),
    );
    expect(unchecked).toBe(403);
    settings.localFolders = [{ path: musicFolder, checked: true }];
  });
});

describe('桌面歌词', () => {
  /** The lyric window's current line: its text, how many of its words are sung, and the one filling. */
  const activeLine = () =>
    lyricPage!.evaluate(() => {
      const line = document.querySelector<HTMLElement>('[data-testid="lyric-line"].is-active');
      const words = Array.from(line?.querySelectorAll<HTMLElement>('[data-word]') ?? []);
      const filling = words.find((w) => !w.classList.contains('is-sung') && w.style.getPropertyValue('--fill'));
      const animation = filling?.querySelector<HTMLElement>('[data-lit]')?.getAnimations()[0];
      return {
        text: line?.querySelector('span')?.textContent?.trim() ?? '',
        // scrolled to the top of the window (smoothly: the test waits for it before a screenshot)
        onTop: !!line && Math.abs(line.offsetTop - line.parentElement!.parentElement!.scrollTop) < 1,
        words: words.length,
        sung: words.filter((w) => w.classList.contains('is-sung')).length,
        fill: filling ? Number.parseFloat(filling.style.getPropertyValue('--fill')) : null,
        // a sung word shows whole: no fill animation is left on it
        stale: words.filter((w) => w.classList.contains('is-sung') && w.querySelector('[data-lit]')!.getAnimations().length > 0).length,
        animation: animation ? { at: Number(animation.currentTime), state: animation.playState } : null,
        translation: [...(line?.querySelectorAll<HTMLElement>('[data-testid="lyric-translation"]') ?? [])]
          .filter((t) => getComputedStyle(t).display !== 'none')
          .map((t) => t.textContent ?? '')
          .join(''),
      };
    });

  it('the lyric window follows the song the main window plays: the same line, its words filling', async () => {
    lyricPage = await openPage('#/desktop-lyric');
    await lyricPage.getByTestId('desktop-lyric').waitFor();
    // A server song with word-timed lyrics, from a playlist, as in the desktop journey.
    await page.goto(`${shellOrigin}/index.html#/music/recommend`);
    await page.getByTestId('playlist-card').first().click();
    await page
      .getByTestId('song-row')
      .first()
      .dblclick({ position: { x: 120, y: 12 } });
    await page.waitForFunction(
      () => ((document.querySelector('[data-testid="audio"]') as HTMLAudioElement | null)?.currentTime ?? 0) > 0.5,
      undefined,
      {
        timeout: 30_000,
      },
    );
    // The same sung line in both windows (the credits are worded differently in the word-timed lyric).
    const bothLines = async () => {
      const [main, lyric] = await Promise.all([page.getByTestId('current-lyric').textContent(), activeLine()]);
      return { main: main?.trim() ?? '', lyric: lyric.text };
    };
    await expect
      .poll(
        async () => {
          const { main, lyric } = await bothLines();
          return main !== '' && !/^作[词曲]/.test(main) && main === lyric;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    // Between the main window's ticks the window's own clock fills the words.
    await expect.poll(async () => (await activeLine()).sung, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(lyricStates.at(-1)).toMatchObject({
      playing: true,
      rate: 1,
      songId: Number(await page.getByTestId('song-row').first().getAttribute('data-song-id')),
    });
    await page.getByRole('button', { name: '桌面歌词' }).waitFor();
  });

  it('锁定 makes clicks go through the lyric window; hovering 解锁 takes them again, and a click unlocks', async () => {
    const lyric = lyricPage!;
    await lyric.getByTestId('desktop-lyric').hover();
    await lyric.getByRole('button', { name: '锁定桌面歌词' }).click();
    await expect.poll(() => clickThrough.at(-1)).toBe(true);
    await expect(lyric.getByTestId('desktop-lyric').getAttribute('data-locked')).resolves.toBe('true');
    expect(await lyric.getByRole('button', { name: '放大字体' }).count()).toBe(0);
    await lyric.getByRole('button', { name: '解锁桌面歌词' }).hover();
    await expect.poll(() => clickThrough.at(-1)).toBe(false);
    await lyric.getByRole('button', { name: '解锁桌面歌词' }).click();
    await lyric.getByRole('button', { name: '锁定桌面歌词' }).waitFor();
    expect(clickThrough.at(-1)).toBe(false);
  });

  /** A song of the playlist on the main page whose lyric is timed word by word, with or without a translation. */
  async function wordTimedSong(translated: boolean) {
    const ids = await page.getByTestId('song-row').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-song-id'))));
    for (const id of ids) {
      const [lyric, words] = (await Promise.all([
        fetch(`${server.url}/lyric?id=${id}`).then((r) => r.json()),
        fetch(`${server.url}/lyric/new?id=${id}`).then((r) => r.json()),
      ])) as [{ tlyric?: { lyric?: string } }, { yrc?: { lyric?: string } }];
      if (!!lyric.tlyric?.lyric !== translated) continue;
      // The first sung line (the credits are timed by line): its words as [start ms, length ms, text].
      const sung = (words.yrc?.lyric ?? '').split('\n').find((l) => /^\[\d+,\d+\]\(/.test(l));
      if (!sung) continue;
      const cues = [...sung.matchAll(/\((\d+),(\d+),\d+\)([^(]*)/g)].map((m) => [Number(m[1]), Number(m[2]), m[3]!] as const);
      if (cues.length < 4) continue;
      // 40% into its third word: two words sung, the third partly lit.
      const [start, length] = cues[2]!;
      return {
        id,
        text: cues
          .map((c) => c[2])
          .join('')
          .trim(),
        at: (start + 0.4 * length) / 1000,
        wordMs: length,
      };
    }
    throw new Error(`no word-timed song ${translated ? 'with' : 'without'} a translation in the playlist`);
  }

  /** The lyric window as it sits on a desktop: a wallpaper behind the transparent page, the app in that colour scheme. */
  async function shootLyricWindow(name: string, scheme: 'light' | 'dark') {
    await lyricPage!.setViewportSize({ width: 800, height: 120 });
    await lyricPage!.evaluate((dark) => {
      document.documentElement.dataset.theme = dark ? 'dark' : 'light';
      const wallpaper = document.getElementById('wallpaper') ?? document.body.appendChild(document.createElement('div'));
      wallpaper.id = 'wallpaper';
      wallpaper.style.cssText = `position:fixed;inset:0;z-index:-1;background:${
        dark ? 'linear-gradient(120deg,#1b2233,#3a2f4a 60%,#101418)' : 'linear-gradient(120deg,#e8eef5,#f6efe2 60%,#dfe8e1)'
      }`;
    }, scheme === 'dark');
    // The pointer away from the window: no hover background, no tools.
    await lyricPage!.evaluate(() => (document.querySelector<HTMLElement>('main')!.style.pointerEvents = 'none'));
    await lyricPage!.mouse.move(400, 100);
    await lyricPage!.mouse.move(401, 101);
    // The tools also show while focus is inside them (:focus-within), as after a click on 解锁: let it go.
    await lyricPage!.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await lyricPage!.waitForFunction(() => getComputedStyle(document.querySelector('[role="toolbar"]')!).opacity === '0');
    await screenshot(lyricPage!, name);
    await lyricPage!.evaluate(() => document.querySelector<HTMLElement>('main')!.style.removeProperty('pointer-events'));
  }

  it('fills the current line word by word at the playhead, the translation under it when 译 is on', async () => {
    forwardLyricStates = false;
    const plain = await wordTimedSong(false);
    const translated = await wordTimedSong(true);
    const paused = (songId: number, time: number, translation: boolean): LyricWindowState => ({
      songId,
      song: '',
      time,
      playing: false,
      rate: 1,
      translation,
    });

    await sendToLyricWindow(paused(plain.id, plain.at, true));
    await expect.poll(async () => (await activeLine()).text, { timeout: 10_000 }).toBe(plain.text);
    let line = await activeLine();
    expect(line).toMatchObject({ sung: 2, translation: '' });
    await expect.poll(async () => (await activeLine()).onTop).toBe(true);
    expect(line.fill).toBeCloseTo(40, 0);
    // The lit copy stands still 40% in, where the paused playhead is.
    expect(line.animation?.state).toBe('paused');
    expect(Math.abs(line.animation!.at - 0.4 * plain.wordMs)).toBeLessThan(45);
    await shootLyricWindow('desktop-lyric-fill-light', 'light');
    await shootLyricWindow('desktop-lyric-fill-dark', 'dark');

    await sendToLyricWindow(paused(translated.id, translated.at, true));
    await expect.poll(async () => (await activeLine()).text, { timeout: 10_000 }).toBe(translated.text);
    line = await activeLine();
    expect(line.sung).toBe(2);
    expect(line.translation).toMatch(/\p{Script=Han}/u);
    await expect.poll(async () => (await activeLine()).onTop).toBe(true);
    await shootLyricWindow('desktop-lyric-translation-light', 'light');
    await shootLyricWindow('desktop-lyric-translation-dark', 'dark');

    // 译 off in the main window: the line alone.
    await sendToLyricWindow(paused(translated.id, translated.at, false));
    await expect.poll(async () => (await activeLine()).translation).toBe('');

    // Playing again from there: the third word is sung before long, the fourth fills.
    await sendToLyricWindow({ ...paused(translated.id, translated.at, false), playing: true });
    await expect.poll(async () => (await activeLine()).sung, { timeout: 5_000 }).toBeGreaterThanOrEqual(3);
    expect((await activeLine()).stale).toBe(0);
    await lyricPage!.mouse.move(400, 60);
    await screenshot(lyricPage!, 'desktop-lyric-hover');
  });
});

describe('下载管理 in the desktop build', () => {
  it('下载 writes the song with its tags into the download folder; it is listed there and plays from the file', async () => {
    await page.goto(`${shellOrigin}/index.html#/music/recommend`);
    await page.getByTestId('playlist-card').first().click();
    const row = page.getByTestId('song-row').nth(1);
    await row.waitFor();
    const id = Number(await row.getAttribute('data-song-id'));
    const detail = (await (await fetch(`${server.url}/song/detail?ids=${id}`)).json()) as {
      songs: { name: string; ar: { name: string }[]; al: { name: string } }[];
    };
    const song = detail.songs[0]!;
    await row.click({ button: 'right', position: { x: 200, y: 12 } });
    await page.getByTestId('song-menu').getByRole('menuitem', { name: '下载' }).click();
    await page.evaluate(() => (window.location.hash = '#/download/song'));
    await expect.poll(() => page.getByTestId('download-row').count(), { timeout: 60_000 }).toBe(1);

    const mp3 = readdirSync(downloads).filter((f) => f.endsWith('.mp3'));
    expect(mp3).toEqual([`${song.ar.map((a) => a.name).join(',')} - ${song.name}.mp3`]);
    const { common } = await parseFile(join(downloads, mp3[0]!));
    expect(common.title).toBe(song.name);
    expect(common.artists).toEqual(song.ar.map((a) => a.name));
    expect(common.album).toBe(song.al.name);
    expect(common.picture?.length).toBe(1);
    await expect(page.getByTestId('download-storage').textContent()).resolves.toContain(downloads);
    await page.getByTestId('download-storage').getByRole('button', { name: '打开目录' }).waitFor();
    await page.getByTestId('download-storage').getByRole('button', { name: '设置' }).waitFor();

    await page
      .getByTestId('download-row')
      .first()
      .dblclick({ position: { x: 200, y: 12 } });
    await expect.poll(async () => (await audio()).src).toContain(`/local-file?path=${encodeURIComponent(downloads)}`);
    await expect.poll(async () => (await audio()).time, { timeout: 20_000 }).toBeGreaterThan(1);
    if (shots) await page.screenshot({ path: `${shots}/download-manager-desktop.png` });
  });
});
