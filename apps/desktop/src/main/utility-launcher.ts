import { utilityProcess } from 'electron';
import type { LaunchServer, ServerChild } from '../services/server-process.ts';

/**
 * The server in Electron's utility process (the packaged app has no Node of its own; its native
 * modules are rebuilt for Electron's ABI when packaging).
 */
export function utilityLauncher(entry: string): LaunchServer {
  return (env) => {
    const child = utilityProcess.fork(entry, [], {
      env: { ...process.env, ...env },
      serviceName: 'Cloudtune music server',
      stdio: 'inherit',
    });
    const adapter: ServerChild = {
      on(event: 'message' | 'exit', listener: (value: never) => void) {
        child.on(event as 'message', listener as (message: unknown) => void);
        return adapter;
      },
      postMessage: (message) => child.postMessage(message),
      kill: () => child.kill(),
    };
    return adapter;
  };
}
