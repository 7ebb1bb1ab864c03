/**
 * The Electron main process: wiring only. The services it wires (src/services) are plain Node
 * modules with their own tests. See README.md and docs/decisions/0013-desktop-shell.md.
 */
import { app, globalShortcut, screen, session, type BrowserWindow } from 'electron';
import { headerValues, openApiCookieJar, withoutHeader } from '../services/api-cookies.ts';
import { contentSecurityPolicy, apiOrigin } from '../services/content-security-policy.ts';
import { permissionAllowed } from '../services/navigation-policy.ts';
import { nodeLauncher } from '../services/node-launcher.ts';
import { COMMAND_CHANNEL, type ShellActions } from '../services/player-commands.ts';
import { startLocalServer, type LocalServer } from '../services/server-process.ts';
import { openShellSettings } from '../services/shell-settings.ts';
import { registerAppScheme, serveAppScheme } from './app-protocol.ts';
import { localFileRoots, registerIpcHandlers } from './ipc-handlers.ts';
import { createLyricWindowController } from './lyric-window.ts';
import { createMainWindow, showWindow } from './main-window.ts';
import { paths } from './paths.ts';
import { createTray, registerMediaKeys } from './tray.ts';
import { utilityLauncher } from './utility-launcher.ts';

registerAppScheme();
// The media keys are the shell's (globalShortcut → the same commands as the tray); Chromium's
// own handling would deliver each press a second time through the page's MediaSession.
app.commandLine.appendSwitch('disable-features', 'HardwareMediaKeyHandling');

let window: BrowserWindow | null = null;
let quitting = false;

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => showWindow(window));
  void start().catch((err: unknown) => {
    console.error('[cloudtune] the shell could not start:', err);
    app.exit(1);
  });
}

async function start(): Promise<void> {
  await app.whenReady();
  const settings = await openShellSettings(paths.settings());

  // The server starts while the window is made; the page asks for its port through the bridge.
  const server: Promise<LocalServer> = startLocalServer({
    dataDir: paths.serverData(),
    launch: app.isPackaged ? utilityLauncher(paths.server.entry) : nodeLauncher(paths.server),
    onUnexpectedExit: (code) => console.error(`[cloudtune] the music server stopped (code ${code})`),
  });
  server.catch((err: unknown) => console.error('[cloudtune]', err instanceof Error ? err.message : err));
  const port = server.then((s) => s.port);
  // The failure is reported above and given to each caller of getPort(); it is not unhandled.
  port.catch(() => undefined);

  serveAppScheme({
    localFileRoots: () => localFileRoots(settings),
    root: paths.webRoot(),
    contentSecurityPolicy: () =>
      port.then(
        (p) => contentSecurityPolicy(apiOrigin(p)),
        () => contentSecurityPolicy(null),
      ),
  });
  session.defaultSession.setPermissionRequestHandler((contents, permission, grant) =>
    grant(permissionAllowed(permission, contents.getURL())),
  );
  session.defaultSession.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    permissionAllowed(permission, `${requestingOrigin}/`),
  );

  const actions: ShellActions = {
    sendCommand: (command) => window?.webContents.send(COMMAND_CHANNEL, command),
    showWindow: () => showWindow(window),
    toggleLyricWindow: () => lyricWindow.toggle(),
    quit: () => {
      quitting = true;
      app.quit();
    },
  };
  await keepApiCookies(port);
  const lyricWindow = createLyricWindowController({
    preload: paths.preload,
    stateFile: paths.lyricWindowState(),
    mainWindow: () => window,
    workAreas: () => {
      const primary = screen.getPrimaryDisplay();
      return [primary, ...screen.getAllDisplays().filter((d) => d.id !== primary.id)].map((d) => d.workArea);
    },
  });
  registerIpcHandlers({ port, settings, window: () => window, lyricWindow });

  window = await createMainWindow({
    preload: paths.preload,
    icon: paths.icon,
    stateFile: paths.windowState(),
    closesToTray: () => settings.get().closeToTray && !quitting,
  });
  window.on('closed', () => {
    window = null;
    lyricWindow.close();
  });
  createTray(paths.trayIcon, actions);
  registerMediaKeys(actions);

  app.on('activate', () => showWindow(window));
  app.on('before-quit', () => (quitting = true));
  let stopped = false;
  app.on('will-quit', (event) => {
    globalShortcut.unregisterAll();
    if (stopped) return;
    // Let the server finish what it writes and close its database first.
    event.preventDefault();
    void server
      .then(
        (s) => s.stop(),
        () => undefined,
      )
      .finally(() => {
        stopped = true;
        app.quit();
      });
  });
  app.on('window-all-closed', () => app.quit());
}

/**
 * The API's cookies, kept by the shell (services/api-cookies.ts, docs/decisions/0021): the page
 * at app://cloudtune calls http://127.0.0.1:<port> cross-site, where Chromium would neither keep
 * nor send the server's SameSite=Lax session cookie. Only requests to the local server's origin
 * are touched.
 */
async function keepApiCookies(port: Promise<number>): Promise<void> {
  const jar = await openApiCookieJar(paths.apiCookies());
  let origin: string | null = null;
  port.then((p) => (origin = apiOrigin(p))).catch(() => undefined);
  const isApi = (url: string) => origin !== null && (url === origin || url.startsWith(`${origin}/`));
  const filter = { urls: ['http://127.0.0.1:*/*'] };
  session.defaultSession.webRequest.onBeforeSendHeaders(filter, (details, callback) => {
    const cookie = isApi(details.url) ? jar.header() : null;
    callback({ requestHeaders: cookie ? { ...withoutHeader(details.requestHeaders, 'cookie'), Cookie: cookie } : details.requestHeaders });
  });
  session.defaultSession.webRequest.onHeadersReceived(filter, (details, callback) => {
    if (!isApi(details.url) || !details.responseHeaders) return callback({});
    const setCookies = headerValues(details.responseHeaders, 'set-cookie');
    if (setCookies.length === 0) return callback({});
    jar.receive(setCookies);
    callback({ responseHeaders: withoutHeader(details.responseHeaders, 'set-cookie') });
  });
}
