/**
 * The platform bridge (ARCHITECTURE.md): the only place that knows whether this is the
 * browser build or the Electron desktop build, and the only door to the desktop shell's
 * preload API (`window.cloudtune`).
 */
export type Platform = 'browser' | 'desktop';

/** What the Electron preload exposes; every capability is optional so a partial shell works. */
export interface DesktopBridge {
  /** The loopback port of the music server the shell started. */
  getPort?: () => Promise<number> | number;
}

declare global {
  interface Window {
    cloudtune?: DesktopBridge;
  }
}

/** `vite build --mode desktop` makes the desktop build; every other mode is the browser. */
export const platform: Platform = import.meta.env.MODE === 'desktop' ? 'desktop' : 'browser';

export const isDesktop = (p: Platform = platform) => p === 'desktop';

/** The server's port from the desktop shell; rejects when the shell cannot give one. */
export async function getDesktopPort(bridge: DesktopBridge | undefined = globalThis.window?.cloudtune): Promise<number> {
  const port = await bridge?.getPort?.();
  if (typeof port !== 'number' || !Number.isInteger(port) || port <= 0 || port > 65535) {
    throw new Error(`desktop bridge gave no usable port: ${String(port)}`);
  }
  return port;
}
