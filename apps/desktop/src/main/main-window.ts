import { BrowserWindow, screen, shell } from 'electron';
import { APP_ENTRY_URL } from '../services/app-scheme.ts';
import { readJsonFile, writeJsonFile } from '../services/json-file.ts';
import { navigationDecision } from '../services/navigation-policy.ts';
import { MIN_WINDOW_SIZE, parseWindowState, placeWindow, type WindowState } from '../services/window-state.ts';

export interface MainWindowOptions {
  preload: string;
  icon: string;
  stateFile: string;
  /** true when closing should hide the window to the tray (read at each close) */
  closesToTray: () => boolean;
}

/** The displays' work areas, the primary first. */
function workAreas() {
  const primary = screen.getPrimaryDisplay();
  return [primary, ...screen.getAllDisplays().filter((d) => d.id !== primary.id)].map((d) => d.workArea);
}

/** Links leave the app for the OS browser (http and https only); nothing else navigates. */
function restrictNavigation(window: BrowserWindow): void {
  const contents = window.webContents;
  const guard = (event: { preventDefault(): void }, url: string) => {
    const decision = navigationDecision(url);
    if (decision === 'in-app') return;
    event.preventDefault();
    if (decision === 'external') void shell.openExternal(url);
  };
  contents.on('will-navigate', (event) => guard(event, event.url));
  contents.on('will-redirect', (event) => guard(event, event.url));
  contents.on('will-frame-navigate', (event) => guard(event, event.url));
  contents.setWindowOpenHandler(({ url }) => {
    if (navigationDecision(url) === 'external') void shell.openExternal(url);
    return { action: 'deny' };
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

export async function createMainWindow(options: MainWindowOptions): Promise<BrowserWindow> {
  const placed = placeWindow(parseWindowState(await readJsonFile(options.stateFile)), workAreas());
  const window = new BrowserWindow({
    ...placed.bounds,
    minWidth: MIN_WINDOW_SIZE.width,
    minHeight: MIN_WINDOW_SIZE.height,
    show: false,
    title: 'Cloudtune 云音乐',
    icon: options.icon,
    backgroundColor: '#ffffff',
    webPreferences: {
      preload: options.preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
    },
  });
  if (placed.maximized) window.maximize();
  window.once('ready-to-show', () => window.show());
  restrictNavigation(window);

  const saveState = () => {
    const state: WindowState = { bounds: window.getNormalBounds(), maximized: window.isMaximized() };
    void writeJsonFile(options.stateFile, state).catch((err: unknown) => console.error('[cloudtune] window state not saved:', err));
  };
  window.on('close', (event) => {
    saveState();
    if (options.closesToTray()) {
      event.preventDefault();
      window.hide();
    }
  });

  // The page waits for the server's port (its CSP names it); a failed load is logged, not fatal.
  window.loadURL(APP_ENTRY_URL).catch((err: unknown) => console.error('[cloudtune] the page did not load:', err));
  return window;
}

export function showWindow(window: BrowserWindow | null): void {
  if (!window || window.isDestroyed()) return;
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}
