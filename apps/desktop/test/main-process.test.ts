import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createFakeElectron, fakeEvent, type FakeElectron } from './fake-electron.ts';

/**
 * The main process's wiring (src/main) with a fake `electron` module: the real server process,
 * the real scheme handler and IPC handlers, and a fake window, tray and OS.
 */
const setup = vi.hoisted(() => ({ userData: '', webRoot: '', fake: null as FakeElectron | null }));

// Each start of the shell gets a new fake; the module reads whichever is current.
vi.mock('electron', () => {
  const module: Record<string, unknown> = {};
  for (const name of [
    'app',
    'BrowserWindow',
    'Tray',
    'Menu',
    'nativeImage',
    'protocol',
    'session',
    'ipcMain',
    'dialog',
    'shell',
    'screen',
    'globalShortcut',
    'utilityProcess',
  ]) {
    Object.defineProperty(module, name, { enumerable: true, get: () => (setup.fake!.electron as Record<string, unknown>)[name] });
  }
  return module;
});

vi.mock('../src/main/paths.ts', async () => {
  const { join: joinPath } = await import('node:path');
  const { fileURLToPath } = await import('node:url');
  return {
    paths: {
      preload: '/shell/preload.cjs',
      server: { entry: fileURLToPath(new URL('../src/services/server-entry.ts', import.meta.url)), execArgv: ['--import', 'tsx'] },
      icon: '/shell/icon.png',
      trayIcon: '/shell/tray-icon.png',
      webRoot: () => setup.webRoot,
      serverData: () => joinPath(setup.userData, 'server'),
      settings: () => joinPath(setup.userData, 'settings.json'),
      windowState: () => joinPath(setup.userData, 'window-state.json'),
      lyricWindowState: () => joinPath(setup.userData, 'lyric-window.json'),
      apiCookies: () => joinPath(setup.userData, 'api-cookies.json'),
    },
  };
});

const temp = mkdtempSync(join(tmpdir(), 'cloudtune-shell-'));
const APP = 'app://cloudtune/index.html';

/** Starts a fresh main process (the module runs on import) and waits for its window and tray. */
async function startShell(userData: string): Promise<FakeElectron> {
  const fake = createFakeElectron(userData);
  setup.userData = userData;
  setup.fake = fake;
  vi.resetModules();
  await import('../src/main/main.ts');
  await vi.waitFor(() => expect(fake.record.trays).toHaveLength(1), { timeout: 30_000, interval: 20 });
  return fake;
}

const invoke = (fake: FakeElectron, channel: string, frameUrl: string, ...args: unknown[]) =>
  Promise.resolve().then(() => fake.record.ipc.get(channel)!({ senderFrame: { url: frameUrl } }, ...args));

const page = (fake: FakeElectron, path = 'index.html') =>
  fake.record.protocols.get('app')!({ url: `app://cloudtune/${path}`, method: 'GET' });

async function quit(fake: FakeElectron): Promise<void> {
  fake.electron.app.quit();
  await vi.waitFor(() => expect(fake.record.quitted).toBe(true), { timeout: 10_000, interval: 20 });
}

beforeAll(() => {
  setup.webRoot = join(temp, 'web');
  mkdirSync(join(setup.webRoot, 'assets'), { recursive: true });
  writeFileSync(join(setup.webRoot, 'index.html'), '<!doctype html><script type="module" src="./assets/index.js"></script>');
  writeFileSync(join(setup.webRoot, 'assets', 'index.js'), 'export {};');
});
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('the main process', () => {
  let fake: FakeElectron;
  let port: number;

  beforeAll(async () => {
    fake = await startShell(join(temp, 'user-data'));
    port = (await invoke(fake, 'cloudtune:get-port', APP)) as number;
  });
  afterAll(async () => {
    if (!fake.record.quitted) await quit(fake);
  });

  it('registers app:// as a privileged scheme, takes the single-instance lock and leaves media keys to the shell', () => {
    expect(fake.record.schemes).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true, codeCache: true } },
    ]);
    expect(fake.record.switches).toContainEqual(['disable-features', 'HardwareMediaKeyHandling']);
  });

  it('hands the page the port of a running API-only server', async () => {
    expect(port).toBeGreaterThan(0);
    const banner = await fetch(`http://127.0.0.1:${port}/banner`);
    expect(await banner.json()).toMatchObject({ code: 200 });
  });

  it('serves the desktop build with a CSP naming exactly that server', async () => {
    const response = await page(fake);
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toContain(`connect-src 'self' http://127.0.0.1:${port}`);
    expect(csp).toContain("script-src 'self'");
    expect(await response.text()).toContain('./assets/index.js');
    expect((await page(fake, 'assets/index.js')).headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect((await page(fake, '..%2f..%2fetc%2fpasswd.js')).status).toBe(404);
  });

  it('opens one secure window on the app page', () => {
    const [window] = fake.record.windows;
    expect(fake.record.windows).toHaveLength(1);
    expect(window!.loadedUrl).toBe(APP);
    expect(window!.visible).toBe(true);
    expect(window!.options.webPreferences).toMatchObject({
      preload: '/shell/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webviewTag: false,
    });
    expect(window!.options).toMatchObject({ width: 1280, height: 800, minWidth: 800, minHeight: 560 });
  });

  it('refuses IPC from other frames and arguments that do not fit', async () => {
    await expect(invoke(fake, 'cloudtune:get-port', 'https://evil.example/')).rejects.toThrow(/refused/);
    await expect(invoke(fake, 'cloudtune:get-port', APP, 'extra')).rejects.toThrow(/bad argument/);
    await expect(invoke(fake, 'cloudtune:open-folder', APP, 'relative/path')).rejects.toThrow(/bad argument/);
  });

  it('opens folders (never files) in the OS file manager, and picks folders', async () => {
    await invoke(fake, 'cloudtune:open-folder', APP, temp);
    expect(fake.record.openedPaths).toEqual([temp]);
    await expect(invoke(fake, 'cloudtune:open-folder', APP, join(setup.webRoot, 'index.html'))).rejects.toThrow(/not a folder/);
    expect(fake.record.openedPaths).toEqual([temp]);
    await expect(invoke(fake, 'cloudtune:choose-folder', APP, { title: '选择目录' })).resolves.toBe(join(temp, 'user-data', 'picked'));
  });

  it('keeps links in the app or sends http(s) ones to the OS browser', () => {
    const contents = fake.record.windows[0]!.webContents;
    const inApp = fakeEvent(`${APP}#/music`);
    contents.emit('will-navigate', inApp);
    const external = fakeEvent('https://music.163.com/');
    contents.emit('will-navigate', external);
    const file = fakeEvent('file:///etc/passwd');
    contents.emit('will-navigate', file);
    expect([inApp.defaultPrevented, external.defaultPrevented, file.defaultPrevented]).toEqual([false, true, true]);
    expect(fake.record.windows[0]!.openHandler!({ url: 'https://example.com/' })).toEqual({ action: 'deny' });
    expect(fake.record.openedExternal).toEqual(['https://music.163.com/', 'https://example.com/']);
  });

  it('grants only the permissions the app needs', () => {
    const granted: boolean[] = [];
    const contents = { getURL: () => APP };
    for (const permission of ['speaker-selection', 'media', 'geolocation'])
      fake.record.permissionRequest!(contents, permission, (g: boolean) => granted.push(g));
    expect(granted).toEqual([true, false, false]);
    expect(fake.record.permissionCheck!(null, 'notifications', 'app://cloudtune')).toBe(false);
  });

  it('sends tray entries and media keys to the page as player commands', () => {
    const window = fake.record.windows[0]!;
    const items = fake.record.trays[0]!.menu!.items;
    expect(items.map((item) => item.label ?? item.type)).toEqual([
      '播放/暂停',
      '上一首',
      '下一首',
      'separator',
      '桌面歌词',
      '显示主窗口',
      '退出',
    ]);
    items[1]!.click!();
    fake.record.shortcuts.get('MediaPlayPause')!();
    fake.record.shortcuts.get('MediaNextTrack')!();
    expect(window.sent).toEqual([
      ['cloudtune:command', 'previous'],
      ['cloudtune:command', 'play-pause'],
      ['cloudtune:command', 'next'],
    ]);
    window.hide();
    items[5]!.click!();
    expect(window.visible).toBe(true);
  });

  it('keeps the server’s session cookie for the cross-site page and sends it back to that server only', async () => {
    const login = await fetch(`http://127.0.0.1:${port}/login/cellphone?phone=13800000000&password=cloudtune`, {
      headers: { origin: 'app://cloudtune' },
    });
    expect(login.status).toBe(200);
    const responseHeaders = { 'Set-Cookie': login.headers.getSetCookie(), 'Content-Type': ['application/json'] };
    expect(responseHeaders['Set-Cookie'].join()).toMatch(/MUSIC_U=.+SameSite=Lax/i);
    let answered: { responseHeaders?: Record<string, string[]> } = {};
    fake.record.headersReceived!(
      { url: `http://127.0.0.1:${port}/login/cellphone`, responseHeaders },
      (r: typeof answered) => (answered = r),
    );
    expect(Object.keys(answered.responseHeaders!)).toEqual(['Content-Type']);

    let sent: { requestHeaders: Record<string, string> } = { requestHeaders: {} };
    fake.record.beforeSendHeaders!(
      { url: `http://127.0.0.1:${port}/login/status`, requestHeaders: { Accept: '*/*' } },
      (r: typeof sent) => (sent = r),
    );
    expect(sent.requestHeaders.Cookie).toMatch(/^MUSIC_U=/);
    const status = await fetch(`http://127.0.0.1:${port}/login/status`, { headers: { cookie: sent.requestHeaders.Cookie! } });
    expect(((await status.json()) as { data: { profile: { nickname: string } | null } }).data.profile).not.toBeNull();
    await vi.waitFor(() => expect(JSON.parse(readFileSync(join(temp, 'user-data', 'api-cookies.json'), 'utf8'))[0].name).toBe('MUSIC_U'));

    fake.record.beforeSendHeaders!({ url: `http://127.0.0.1:${port + 1}/x`, requestHeaders: {} }, (r: typeof sent) => (sent = r));
    expect(sent.requestHeaders.Cookie).toBeUndefined();
  });

  it('serves audio files of the download folder and the checked 本地音乐 folders through app://cloudtune/local-file, nothing else', async () => {
    const downloads = join(temp, 'user-data', 'Music', 'Cloudtune');
    const local = join(temp, 'local-music');
    mkdirSync(downloads, { recursive: true });
    mkdirSync(local, { recursive: true });
    writeFileSync(join(downloads, 'a - b.mp3'), 'ID3 downloaded');
    writeFileSync(join(local, 'c.flac'), 'fLaC local');
    const file = (path: string) => page(fake, `local-file?path=${encodeURIComponent(path)}`);
    expect(await (await file(join(downloads, 'a - b.mp3'))).text()).toBe('ID3 downloaded');
    expect((await file(join(local, 'c.flac'))).status).toBe(403);
    await invoke(fake, 'cloudtune:settings-update', APP, { localFolders: [{ path: local, checked: true }] });
    const flac = await file(join(local, 'c.flac'));
    expect([flac.status, flac.headers.get('content-type')]).toEqual([200, 'audio/flac']);
    await invoke(fake, 'cloudtune:settings-update', APP, { localFolders: [{ path: local, checked: false }] });
    expect((await file(join(local, 'c.flac'))).status).toBe(403);
    await expect(invoke(fake, 'cloudtune:settings-update', APP, { localFolders: [{ path: 'relative', checked: true }] })).rejects.toThrow(
      /bad argument/,
    );
    await expect(invoke(fake, 'cloudtune:downloads-remove', APP, join(local, 'c.flac'))).rejects.toThrow(/download folder/);
    await invoke(fake, 'cloudtune:downloads-remove', APP, join(downloads, 'a - b.mp3'));
    expect((await file(join(downloads, 'a - b.mp3'))).status).toBe(404);
  });

  it('opens the desktop lyric window on #/desktop-lyric, feeds it the song and playhead from the main window, and closes it', async () => {
    const main = fake.record.windows[0]!;
    main.sent.length = 0;
    await expect(invoke(fake, 'cloudtune:lyric-window-set-visible', APP, true)).resolves.toBe(true);
    const lyric = fake.record.windows[1]!;
    expect(lyric.loadedUrl).toBe('app://cloudtune/index.html#/desktop-lyric');
    expect(lyric.options).toMatchObject({ frame: false, transparent: true, alwaysOnTop: true, skipTaskbar: true });
    expect(lyric.options.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false });
    const state = { songId: 186016, song: '晴天 - 周杰伦', time: 12.5, playing: true, rate: 1, translation: false };
    await invoke(fake, 'cloudtune:lyric-window-update', APP, state);
    expect(lyric.sent).toEqual([['cloudtune:lyric-state', state]]);
    await expect(invoke(fake, 'cloudtune:lyric-window-update', APP, { songId: '1' })).rejects.toThrow(/bad argument/);
    // 锁定: clicks go through, mouse moves still reach the page
    await invoke(fake, 'cloudtune:lyric-window-click-through', APP, true);
    await invoke(fake, 'cloudtune:lyric-window-click-through', APP, false);
    expect(lyric.ignoreMouse).toEqual([
      [true, { forward: true }],
      [false, { forward: true }],
    ]);
    await expect(invoke(fake, 'cloudtune:lyric-window-click-through', APP, 'yes')).rejects.toThrow(/bad argument/);
    await invoke(fake, 'cloudtune:lyric-window-set-visible', APP, false);
    expect(lyric.destroyed).toBe(true);
    // the tray's 桌面歌词 opens it again, and closes it
    const trayLyric = fake.record.trays[0]!.menu!.items.find((item) => item.label === '桌面歌词')!;
    trayLyric.click!();
    await vi.waitFor(() => expect(fake.record.windows[2]?.visible).toBe(true));
    trayLyric.click!();
    expect(fake.record.windows[2]!.destroyed).toBe(true);
    expect(main.sent).toEqual([
      ['cloudtune:lyric-visibility', true],
      ['cloudtune:lyric-visibility', false],
      ['cloudtune:lyric-visibility', true],
      ['cloudtune:lyric-visibility', false],
    ]);
  });

  it('closes to the tray once that setting is on, and still quits from the tray', async () => {
    const window = fake.record.windows[0]!;
    await expect(invoke(fake, 'cloudtune:settings-get', APP)).resolves.toMatchObject({ closeToTray: false, downloadDirectory: null });
    await invoke(fake, 'cloudtune:settings-update', APP, { closeToTray: true });
    expect(JSON.parse(readFileSync(join(temp, 'user-data', 'settings.json'), 'utf8'))).toMatchObject({ closeToTray: true });
    expect(window.close()).toBe(false);
    expect(window.visible).toBe(false);
    expect(fake.record.quitted).toBe(false);

    const quitEntry = fake.record.trays[0]!.menu!.items[6]!;
    quitEntry.click!();
    await vi.waitFor(() => expect(fake.record.quitted).toBe(true), { timeout: 10_000, interval: 20 });
    // The server was asked to stop before the app quit, and the window state was saved.
    await expect(fetch(`http://127.0.0.1:${port}/banner`)).rejects.toThrow();
    expect(JSON.parse(readFileSync(join(temp, 'user-data', 'window-state.json'), 'utf8'))).toEqual({
      bounds: { x: 320, y: 120, width: 1280, height: 800 },
      maximized: false,
    });
    expect(fake.record.shortcuts.size).toBe(0);
  });
});

describe('the main process when the server cannot start', () => {
  it('rejects the port request, so the page shows its warning, and serves the page without a server origin', async () => {
    const userData = join(temp, 'blocked');
    mkdirSync(userData);
    writeFileSync(join(userData, 'server'), 'a file where the server folder should be');
    const fake = await startShell(userData);
    await expect(invoke(fake, 'cloudtune:get-port', APP)).rejects.toThrow(/cannot create the data folder/);
    const csp = (await page(fake)).headers.get('content-security-policy')!;
    expect(csp).toContain("connect-src 'self';");
    expect(csp).not.toContain('127.0.0.1');
    await quit(fake);
  });
});
