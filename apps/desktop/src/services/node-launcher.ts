import { fork } from 'node:child_process';
import type { LaunchServer, ServerChild } from './server-process.ts';

export interface NodeLauncherOptions {
  /** the server entry: dist/server-entry.js, or src/services/server-entry.ts with tsx */
  entry: string;
  /** the Node binary (default: `node` on the PATH, whose ABI the workspace's native modules match) */
  execPath?: string;
  /** e.g. ['--import', 'tsx'] to run the TypeScript entry */
  execArgv?: string[];
  /** what the server process prints (default: this process's output) */
  stdio?: 'inherit' | 'ignore';
}

/**
 * The server as a Node child process: development (`npm run desktop` runs an unpackaged shell,
 * where better-sqlite3 and sharp are built for the system's Node, not Electron's) and tests.
 */
export function nodeLauncher(options: NodeLauncherOptions): LaunchServer {
  return (env) => {
    const child = fork(options.entry, [], {
      execPath: options.execPath ?? 'node',
      execArgv: options.execArgv ?? [],
      env: { ...process.env, ...env },
      stdio: [options.stdio ?? 'inherit', options.stdio ?? 'inherit', options.stdio ?? 'inherit', 'ipc'],
    });
    const adapter: ServerChild = {
      on(event: 'message' | 'exit', listener: (value: never) => void) {
        child.on(event, listener as (...args: unknown[]) => void);
        // A Node binary that cannot be spawned never exits: count that as an exit too.
        if (event === 'exit') child.once('error', () => (listener as (code: number | null) => void)(null));
        return adapter;
      },
      postMessage: (message) => {
        if (child.connected) child.send(message);
      },
      kill: () => child.kill('SIGKILL'),
    };
    return adapter;
  };
}
