/**
 * The server process's entry: the music server in API-only mode (API at `/`, no web app) on a
 * free loopback port, its data in CLOUDTUNE_DATA (the user-data folder). It reports the port,
 * or why it could not start, to the shell, and closes cleanly when the shell says stop or goes
 * away. Runs under Electron's utilityProcess (packaged app) or Node's fork (development, tests).
 */
import { createRequire } from 'node:module';
import { buildApp, loadConfig } from '@cloudtune/server';
import type { ServerMessage, ShellMessage } from './server-messages.ts';

interface ParentPort {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (event: { data: unknown }) => void): void;
}

/** Electron's utility process talks through process.parentPort; a forked Node process through process.send. */
const parentPort = (process as unknown as { parentPort?: ParentPort }).parentPort;

function tell(message: ServerMessage): void {
  if (parentPort) parentPort.postMessage(message);
  else process.send?.(message);
}

function onShellMessage(listener: (message: ShellMessage) => void): void {
  if (parentPort) parentPort.on('message', (event) => listener(event.data as ShellMessage));
  else process.on('message', (message) => listener(message as ShellMessage));
}

/** In a package the bundled ffmpeg lies outside the asar archive, where it can be executed. */
function unpackedFfmpeg(): string | undefined {
  if (!(process as unknown as { resourcesPath?: string }).resourcesPath) return undefined;
  try {
    const { path } = createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string };
    return path.replace(/app\.asar([\\/])/, 'app.asar.unpacked$1');
  } catch {
    return undefined;
  }
}

async function main(): Promise<void> {
  if (!process.env.CLOUDTUNE_DATA) throw new Error('CLOUDTUNE_DATA is not set');
  // Cache budgets and the log level come from the environment, as for `npm start`.
  const config = loadConfig({ ...process.env, CLOUDTUNE_API_ONLY: '1', PORT: '0', HOST: '127.0.0.1' });
  const ffmpeg = process.env.CLOUDTUNE_FFMPEG ? undefined : unpackedFfmpeg();
  if (ffmpeg) process.env.CLOUDTUNE_FFMPEG = ffmpeg;
  const app = await buildApp({
    dataDir: config.dataDir,
    apiPrefix: '',
    webDist: null,
    logger: config.logLevel,
    audioCacheBytes: config.audioCacheBytes,
    imageCacheBytes: config.imageCacheBytes,
    // A personal app on loopback: a demo like `npm start`, unless CLOUDTUNE_DEMO=0 says otherwise.
    demo: config.demo,
    admins: config.admins,
  });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
  } catch (err) {
    await app.close();
    throw err;
  }
  const address = app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('the server has no address');

  let closing = false;
  const close = () => {
    if (closing) return;
    closing = true;
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  onShellMessage((message) => message.type === 'stop' && close());
  // The shell is gone (crashed or killed): nothing will ever ask this server for anything.
  process.on('disconnect', close);
  process.on('SIGTERM', close);
  tell({ type: 'listening', port: address.port });
}

main().catch((err: unknown) => {
  tell({ type: 'failed', message: err instanceof Error ? err.message : String(err) });
  // Let the message leave before the process does.
  setImmediate(() => process.exit(1));
});
