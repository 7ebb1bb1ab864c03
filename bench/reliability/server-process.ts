import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PRODUCTION_ENV, PRODUCTION_NODE_FLAGS, freePort } from '@cloudtune/e2e/server';

/**
 * The real server process under test, started the way `@cloudtune/e2e/server` starts it (the
 * production build's `serve` on a free port, waiting for its one ready line) but owned here: the suite needs its pid
 * (RSS, kill -9), its exit status and the tail of what it printed when it dies.
 */
export interface ServerUnderTest {
  /** http://127.0.0.1:<port> (IPv4 explicitly: the server listens on 127.0.0.1) */
  base: string;
  port: number;
  pid: number;
  dataDir: string;
  alive(): boolean;
  /** how it ended (`exit 1`, `signal SIGKILL`), or undefined while it runs */
  ended(): string | undefined;
  /** the last lines it wrote to stdout and stderr */
  output(): string;
  /** SIGTERM and wait; removes the data directory. */
  stop(): Promise<void>;
  /** SIGKILL and wait for the exit; the data directory stays for a restart. */
  kill(): Promise<void>;
}

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const READY = /Cloudtune is serving at (http:\/\/\S+)/;
const KEEP_OUTPUT = 20_000;
const launched = new Set<ChildProcess>();

/** Whether a pid is a live (not zombie) process. */
export function isAlive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) [ZX] /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** Starts `cloudtune serve` over `dataDir` (the demo library seeds itself on first start) and waits until it listens. */
export async function launchServer(dataDir: string, env: Record<string, string> = {}): Promise<ServerUnderTest> {
  const port = await freePort();
  // The production build, run as `npm start` runs it (`npm run bench:reliability` builds it first).
  const child = spawn(process.execPath, [...PRODUCTION_NODE_FLAGS, 'apps/server/dist/cli.js', 'serve'], {
    cwd: repoRoot,
    env: { ...process.env, ...PRODUCTION_ENV, HOST: '127.0.0.1', PORT: String(port), CLOUDTUNE_DATA: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  launched.add(child);
  let log = '';
  let ended: string | undefined;
  const keep = (chunk: Buffer) => (log = (log + chunk.toString()).slice(-KEEP_OUTPUT));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      ended = signal ? `signal ${signal}` : `exit ${code}`;
      launched.delete(child);
      resolve();
    }),
  );
  await new Promise<void>((resolve, reject) => {
    const check = () => (READY.test(log) ? resolve() : undefined);
    child.stdout!.on('data', check);
    void exited.then(() => reject(new Error(`server ${ended} before it was ready:\n${log}`)));
  });
  const pid = child.pid!;
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    pid,
    dataDir,
    alive: () => ended === undefined && isAlive(pid),
    ended: () => ended,
    output: () => log,
    async stop() {
      if (ended === undefined) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
    async kill() {
      if (ended === undefined) {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
}

/** Leaves no server behind if the suite itself ends early (Ctrl-C included: a signal skips 'exit' handlers unless caught). */
process.on('exit', () => {
  for (const child of launched) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => process.exit(130));

/** `alive`, or how the server ended with the tail of its output, for a goal's figure. */
export function aliveFigure(server: ServerUnderTest): string {
  if (server.alive()) return `pid ${server.pid} alive`;
  const tail = server
    .output()
    .trim()
    .split('\n')
    .slice(-30)
    .map((l) => `      ${l}`)
    .join('\n');
  const how =
    server.ended() === 'exit 0' ? 'exit 0: a clean stop, i.e. SIGTERM/SIGINT from outside the suite' : (server.ended() ?? 'zombie');
  return `pid ${server.pid} GONE (${how}); its last output:\n${tail}`;
}
