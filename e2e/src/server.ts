import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const READY = /Cloudtune is serving at (http:\/\/\S+)/;

export interface RunningServer {
  url: string;
  dataDir: string;
  /** the server process, for measuring its memory */
  pid: number;
  /** what the server has written to stdout and stderr so far (its log lines, with CLOUDTUNE_LOG_LEVEL) */
  output(): string;
  stop(): Promise<void>;
}

/** How `npm start` runs the server in production (apps/server/package.json). */
export const PRODUCTION_NODE_FLAGS = ['--max-semi-space-size=2'];
export const PRODUCTION_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };

/**
 * Starts the real server (CLI `serve`) on a free port with a fresh data directory and waits
 * for its ready line: the production build, run as `npm start` runs it. `npm run build` must
 * have built the browser app and the server.
 */
export async function startServer(env: Record<string, string> = {}, opts: { dataDir?: string } = {}): Promise<RunningServer> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'cloudtune-e2e-'));
  const port = await freePort();
  if (!existsSync(join(repoRoot, 'apps/server/dist/cli.js'))) throw new Error('the server is not built: run `npm run build`');
  const child = spawn(process.execPath, [...PRODUCTION_NODE_FLAGS, 'apps/server/dist/cli.js', 'serve'], {
    cwd: repoRoot,
    // Loopback and demo mode whatever the shell says: the journeys log in as the demo account.
    env: { ...process.env, ...PRODUCTION_ENV, HOST: '127.0.0.1', CLOUDTUNE_DEMO: '1', PORT: String(port), CLOUDTUNE_DATA: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await waitForReady(child);
  return {
    url,
    dataDir,
    pid: child.pid!,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function waitForReady(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let log = '';
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      const m = READY.exec(log);
      if (m) resolve(m[1]!.replace(/\/$/, ''));
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (c: Buffer) => (log += c.toString()));
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before it was ready:\n${log}`)));
  });
}

/** Asks the OS for a free loopback port. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}
