import { mkdir } from 'node:fs/promises';
import { serverMessageSchema, type ShellMessage } from './server-messages.ts';

/**
 * The music server runs in a process of its own (docs/decisions/0013-desktop-shell.md): its
 * SQLite calls, search indexing and audio rendering are synchronous work that would freeze the
 * window, tray and IPC if they ran in the main process. This module starts it, waits for the
 * port it listens on, and stops it; how the process is made (Electron's utilityProcess in a
 * package, Node's fork in development and tests) is injected.
 */
export interface ServerChild {
  on(event: 'message', listener: (message: unknown) => void): unknown;
  on(event: 'exit', listener: (code: number | null) => void): unknown;
  postMessage(message: ShellMessage): void;
  kill(): unknown;
}

/** Starts the server entry (`server-entry.ts`) with these extra environment variables. */
export type LaunchServer = (env: Record<string, string>) => ServerChild;

export interface LocalServerOptions {
  /** the user-data folder's `server` directory: SQLite file and media */
  dataDir: string;
  launch: LaunchServer;
  /** the first start seeds the demo library; give it time (default 120 s) */
  startTimeoutMs?: number;
  /** how long a stop may take before the process is killed (default 5 s) */
  stopTimeoutMs?: number;
  /** called when the server process ends by itself after it was listening */
  onUnexpectedExit?: (code: number | null) => void;
}

export interface LocalServer {
  port: number;
  /** asks the server to close (finishing what it writes) and waits for its exit */
  stop(): Promise<void>;
}

export class ServerStartError extends Error {
  override name = 'ServerStartError';
}

export async function startLocalServer(options: LocalServerOptions): Promise<LocalServer> {
  try {
    await mkdir(options.dataDir, { recursive: true });
  } catch (err) {
    throw new ServerStartError(`cannot create the data folder ${options.dataDir}: ${(err as Error).message}`);
  }
  const child = options.launch({ CLOUDTUNE_DATA: options.dataDir });
  let exited = false;
  let stopping = false;
  const exit = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      exited = true;
      resolve(code);
    }),
  );

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new ServerStartError(`the server did not start within ${options.startTimeoutMs ?? 120_000} ms`));
    }, options.startTimeoutMs ?? 120_000);
    const settle = (fn: () => void) => {
      clearTimeout(timer);
      fn();
    };
    child.on('message', (raw) => {
      const message = serverMessageSchema.safeParse(raw);
      if (!message.success) return;
      const data = message.data;
      if (data.type === 'listening') settle(() => resolve(data.port));
      else settle(() => reject(new ServerStartError(`the server could not start: ${data.message}`)));
    });
    void exit.then((code) => settle(() => reject(new ServerStartError(`the server exited (code ${code}) before listening`))));
  });

  void exit.then((code) => {
    if (!stopping) options.onUnexpectedExit?.(code);
  });

  return {
    port,
    async stop() {
      stopping = true;
      if (exited) return;
      child.postMessage({ type: 'stop' });
      const timer = setTimeout(() => child.kill(), options.stopTimeoutMs ?? 5_000);
      await exit;
      clearTimeout(timer);
    },
  };
}
