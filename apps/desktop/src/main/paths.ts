import { app } from 'electron';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** dist/, where the bundles (main, preload, server entry) and the icons lie. */
const here = dirname(fileURLToPath(import.meta.url));

export const paths = {
  preload: join(here, 'preload.cjs'),
  /** The server process's entry and the Node flags it needs (none: it is plain JavaScript). */
  server: { entry: join(here, 'server-entry.js'), execArgv: [] as string[] },
  icon: join(here, 'icon.png'),
  trayIcon: join(here, 'tray-icon.png'),
  /** The desktop build: resources/web in a package, apps/web/dist/desktop beside it in development. */
  webRoot: () =>
    process.env.CLOUDTUNE_DESKTOP_WEB ?? (app.isPackaged ? join(process.resourcesPath, 'web') : resolve(here, '../../web/dist/desktop')),
  /** In the user-data folder: the server's library and media, the settings, the window state. */
  serverData: () => join(app.getPath('userData'), 'server'),
  settings: () => join(app.getPath('userData'), 'settings.json'),
  windowState: () => join(app.getPath('userData'), 'window-state.json'),
  lyricWindowState: () => join(app.getPath('userData'), 'lyric-window.json'),
  apiCookies: () => join(app.getPath('userData'), 'api-cookies.json'),
};
