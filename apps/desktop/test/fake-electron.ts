import { EventEmitter } from 'node:events';

/**
 * A stand-in for the `electron` module: just what src/main uses, recording what the shell does
 * so the wiring can be tested under Node (the Electron binary is not installed here).
 */
export interface FakeEvent {
  url?: string;
  defaultPrevented: boolean;
  preventDefault(): void;
}

export const fakeEvent = (url?: string): FakeEvent => ({
  url,
  defaultPrevented: false,
  preventDefault() {
    this.defaultPrevented = true;
  },
});

type Handler = (...args: unknown[]) => unknown;

export function createFakeElectron(userData: string) {
  const record = {
    switches: [] as [string, string | undefined][],
    schemes: [] as unknown[],
    protocols: new Map<string, (request: { url: string; method: string }) => Promise<Response>>(),
    ipc: new Map<string, Handler>(),
    shortcuts: new Map<string, () => void>(),
    openedExternal: [] as string[],
    openedPaths: [] as string[],
    permissionRequest: null as null | Handler,
    permissionCheck: null as null | Handler,
    beforeSendHeaders: null as null | Handler,
    headersReceived: null as null | Handler,
    windows: [] as FakeWindow[],
    trays: [] as FakeTray[],
    quitRequests: 0,
    quitted: false,
    exits: [] as number[],
  };

  class FakeWindow extends EventEmitter {
    loadedUrl = '';
    visible = false;
    maximized = false;
    destroyed = false;
    sent: unknown[][] = [];
    openHandler: Handler | null = null;
    readonly webContents = Object.assign(new EventEmitter(), {
      send: (...args: unknown[]) => this.sent.push(args),
      setWindowOpenHandler: (handler: Handler) => (this.openHandler = handler),
      getURL: () => this.loadedUrl,
    });
    constructor(readonly options: Record<string, unknown> & { x: number; y: number; width: number; height: number }) {
      super();
      record.windows.push(this);
    }
    loadURL(url: string) {
      this.loadedUrl = url;
      queueMicrotask(() => this.emit('ready-to-show'));
      return Promise.resolve();
    }
    maximize = () => (this.maximized = true);
    isMaximized = () => this.maximized;
    getNormalBounds = () => ({ x: this.options.x, y: this.options.y, width: this.options.width, height: this.options.height });
    show = () => (this.visible = true);
    showInactive = () => (this.visible = true);
    setAlwaysOnTop = () => undefined;
    ignoreMouse: [boolean, unknown][] = [];
    setIgnoreMouseEvents = (ignore: boolean, options?: unknown) => this.ignoreMouse.push([ignore, options]);
    getBounds = () => this.getNormalBounds();
    hide = () => (this.visible = false);
    focus = () => undefined;
    isMinimized = () => false;
    restore = () => undefined;
    isDestroyed = () => this.destroyed;
    /** What the window's close box does. */
    close() {
      const event = fakeEvent();
      this.emit('close', event);
      if (event.defaultPrevented) return false;
      this.destroyed = true;
      this.emit('closed');
      return true;
    }
  }

  class FakeTray extends EventEmitter {
    menu: { items: { label?: string; type?: string; click?: () => void }[] } | null = null;
    tooltip = '';
    constructor(readonly image: unknown) {
      super();
      record.trays.push(this);
    }
    setToolTip = (text: string) => (this.tooltip = text);
    setContextMenu = (menu: FakeTray['menu']) => (this.menu = menu);
  }

  const app = Object.assign(new EventEmitter(), {
    isPackaged: false,
    commandLine: { appendSwitch: (name: string, value?: string) => record.switches.push([name, value]) },
    requestSingleInstanceLock: () => true,
    whenReady: () => Promise.resolve(),
    getPath: (name: string) => (name === 'music' ? `${userData}/Music` : userData),
    /** Like Electron: before-quit, then each window's close (a prevented one cancels), then will-quit. */
    quit() {
      record.quitRequests++;
      app.emit('before-quit', fakeEvent());
      for (const window of record.windows.filter((w) => !w.destroyed)) if (!window.close()) return;
      const willQuit = fakeEvent();
      app.emit('will-quit', willQuit);
      if (!willQuit.defaultPrevented) record.quitted = true;
    },
    exit: (code: number) => record.exits.push(code),
  });

  const electron = {
    app,
    BrowserWindow: FakeWindow,
    Tray: FakeTray,
    Menu: { buildFromTemplate: (items: unknown[]) => ({ items }) },
    nativeImage: { createFromPath: (path: string) => ({ path }) },
    protocol: {
      registerSchemesAsPrivileged: (schemes: unknown[]) => record.schemes.push(...schemes),
      handle: (scheme: string, handler: (request: { url: string; method: string }) => Promise<Response>) =>
        record.protocols.set(scheme, handler),
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (handler: Handler) => (record.permissionRequest = handler),
        setPermissionCheckHandler: (handler: Handler) => (record.permissionCheck = handler),
        webRequest: {
          onBeforeSendHeaders: (_filter: unknown, handler: Handler) => (record.beforeSendHeaders = handler),
          onHeadersReceived: (_filter: unknown, handler: Handler) => (record.headersReceived = handler),
        },
      },
    },
    ipcMain: { handle: (channel: string, handler: Handler) => record.ipc.set(channel, handler) },
    dialog: { showOpenDialog: async () => ({ canceled: false, filePaths: [`${userData}/picked`] }) },
    shell: {
      openPath: async (path: string) => (record.openedPaths.push(path), ''),
      openExternal: async (url: string) => void record.openedExternal.push(url),
    },
    screen: {
      getPrimaryDisplay: () => ({ id: 1, workArea: { x: 0, y: 0, width: 1920, height: 1040 } }),
      getAllDisplays: () => [{ id: 1, workArea: { x: 0, y: 0, width: 1920, height: 1040 } }],
    },
    globalShortcut: {
      register: (accelerator: string, callback: () => void) => (record.shortcuts.set(accelerator, callback), true),
      unregisterAll: () => record.shortcuts.clear(),
    },
    utilityProcess: {
      fork: () => {
        throw new Error('an unpackaged shell forks the server with Node');
      },
    },
  };
  return { electron, record };
}

export type FakeElectron = ReturnType<typeof createFakeElectron>;
