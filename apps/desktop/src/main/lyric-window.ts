import { BrowserWindow } from 'electron';
import type { LyricWindowState } from '@cloudtune/desktop-bridge';
import { APP_ORIGIN } from '../services/app-scheme.ts';
import { readJsonFile, writeJsonFile } from '../services/json-file.ts';
import { LYRIC_STATE_CHANNEL, LYRIC_VISIBILITY_CHANNEL, LYRIC_WINDOW_SIZE, placeLyricWindow } from '../services/lyric-window-state.ts';

export interface LyricWindowOptions {
  preload: string;
  stateFile: string;
  /** the main window, told when the lyric window opens or closes */
  mainWindow: () => BrowserWindow | null;
  /** the displays' work areas, for placing a remembered position */
  workAreas: () => { x: number; y: number; width: number; height: number }[];
}

/**
 * 桌面歌词: a small transparent, frameless, always-on-top window showing the app page
 * #/desktop-lyric (the same desktop build, its own route), fed the current line by the main
 * window through the shell (IPC); its position is remembered.
 */
export function createLyricWindowController(options: LyricWindowOptions) {
  let window: BrowserWindow | null = null;
  let last: LyricWindowState | null = null;

  const tellMain = (visible: boolean) => options.mainWindow()?.webContents.send(LYRIC_VISIBILITY_CHANNEL, visible);

  async function open(): Promise<void> {
    if (window && !window.isDestroyed()) {
      window.showInactive();
      return;
    }
    const bounds = placeLyricWindow(await readJsonFile(options.stateFile), options.workAreas());
    const lyric = new BrowserWindow({
      ...bounds,
      minWidth: 360,
      minHeight: LYRIC_WINDOW_SIZE.height,
      frame: false,
      transparent: true,
      alwaysOnTop: true,
      skipTaskbar: true,
      resizable: true,
      hasShadow: false,
      focusable: true,
      show: false,
      title: '桌面歌词',
      backgroundColor: '#00000000',
      webPreferences: {
        preload: options.preload,
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        webSecurity: true,
        webviewTag: false,
        spellcheck: false,
      },
    });
    window = lyric;
    lyric.setAlwaysOnTop(true, 'screen-saver');
    lyric.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
    lyric.webContents.on('will-navigate', (event) => event.preventDefault());
    const save = () => void writeJsonFile(options.stateFile, lyric.getBounds()).catch(() => undefined);
    lyric.on('moved', save);
    lyric.on('resized', save);
    lyric.on('closed', () => {
      if (window === lyric) window = null;
      tellMain(false);
    });
    lyric.webContents.on('did-finish-load', () => last && lyric.webContents.send(LYRIC_STATE_CHANNEL, last));
    lyric.once('ready-to-show', () => lyric.showInactive());
    await lyric.loadURL(`${APP_ORIGIN}/index.html#/desktop-lyric`);
    tellMain(true);
  }

  return {
    async setVisible(visible: boolean): Promise<boolean> {
      if (visible) await open();
      else if (window && !window.isDestroyed()) window.close();
      return visible;
    },
    update(state: LyricWindowState): void {
      last = state;
      if (window && !window.isDestroyed()) window.webContents.send(LYRIC_STATE_CHANNEL, state);
    },
    /** 锁定: clicks pass through to what is below; mouse moves still reach the page, so it can offer 解锁 on hover */
    setClickThrough(on: boolean): void {
      if (window && !window.isDestroyed()) window.setIgnoreMouseEvents(on, { forward: true });
    },
    isOpen: () => !!window && !window.isDestroyed(),
    /** the tray's 桌面歌词 item */
    toggle: () => void (window && !window.isDestroyed() ? window.close() : open()),
    close: () => window?.close(),
  };
}

export type LyricWindowController = ReturnType<typeof createLyricWindowController>;
