import { EventEmitter } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { nodeLauncher } from '../src/services/node-launcher.ts';
import { startLocalServer, type ServerChild } from '../src/services/server-process.ts';

const temp = mkdtempSync(join(tmpdir(), 'cloudtune-desktop-server-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** The real server entry, run from its TypeScript source as the shell runs its bundle. */
const launch = nodeLauncher({
  entry: fileURLToPath(new URL('../src/services/server-entry.ts', import.meta.url)),
  execPath: process.execPath,
  execArgv: ['--import', 'tsx'],
  stdio: 'ignore',
});

/** A stand-in process: `script` plays its part once launched; it exits on `stop` unless told to hang. */
function fake(script: (events: EventEmitter) => void, { exitsOnStop = true } = {}) {
  const events = new EventEmitter();
  const sent: unknown[] = [];
  let killed = false;
  const child: ServerChild = {
    on: (event: string, listener: (value: never) => void) => events.on(event, listener as (...args: unknown[]) => void),
    postMessage: (message) => {
      sent.push(message);
      if (message.type === 'stop' && exitsOnStop) queueMicrotask(() => events.emit('exit', 0));
    },
    kill: () => {
      killed = true;
      queueMicrotask(() => events.emit('exit', null));
    },
  };
  const launch = () => {
    queueMicrotask(() => script(events));
    return child;
  };
  return { launch, events, sent, killed: () => killed };
}

describe('the server process', () => {
  it('starts the API-only server on a free loopback port in the data folder, and stops it', async () => {
    const dataDir = join(temp, 'user-data', 'server');
    const server = await startLocalServer({ dataDir, launch });
    try {
      expect(server.port).toBeGreaterThan(0);
      // API-only: the API at `/`, no /api prefix and no web app.
      const banner = await fetch(`http://127.0.0.1:${server.port}/banner?type=0`);
      expect(banner.status).toBe(200);
      expect(await banner.json()).toMatchObject({ code: 200, banners: expect.any(Array) });
      expect((await fetch(`http://127.0.0.1:${server.port}/api/banner`)).status).toBe(404);
    } finally {
      await server.stop();
    }
    await expect(fetch(`http://127.0.0.1:${server.port}/banner`)).rejects.toThrow();
    // The library lives in the data folder and is reused on the next start.
    const again = await startLocalServer({ dataDir, launch });
    await again.stop();
  });

  it('fails when the data folder cannot be created', async () => {
    const file = join(temp, 'a-file');
    writeFileSync(file, 'not a folder');
    await expect(startLocalServer({ dataDir: join(file, 'server'), launch })).rejects.toThrow(/cannot create the data folder/);
  });

  it('fails with the server’s reason when the server cannot open its library', async () => {
    const dataDir = join(temp, 'broken');
    // The database file's name taken by a folder: SQLite cannot open it.
    mkdirSync(join(dataDir, 'cloudtune.db'), { recursive: true });
    await expect(startLocalServer({ dataDir, launch })).rejects.toThrow(/the server could not start/);
  });

  it('fails when the process ends before it listens', async () => {
    const { launch } = fake((events) => events.emit('exit', 1));
    await expect(startLocalServer({ dataDir: join(temp, 'fake'), launch })).rejects.toThrow(/exited \(code 1\) before listening/);
  });

  it('fails and kills the process when it does not start in time', async () => {
    const child = fake(() => undefined);
    await expect(startLocalServer({ dataDir: join(temp, 'fake'), launch: child.launch, startTimeoutMs: 1 })).rejects.toThrow(
      /did not start within 1 ms/,
    );
    expect(child.killed()).toBe(true);
  });

  it('ignores malformed messages and reports an exit it did not ask for', async () => {
    const child = fake((events) => {
      events.emit('message', { type: 'listening', port: 'not a port' });
      events.emit('message', 'hello');
      events.emit('message', { type: 'listening', port: 41234 });
    });
    let reportExit: (code: number | null) => void = () => undefined;
    const unexpected = new Promise<number | null>((resolve) => (reportExit = resolve));
    const server = await startLocalServer({ dataDir: join(temp, 'fake'), launch: child.launch, onUnexpectedExit: reportExit });
    expect(server.port).toBe(41234);
    child.events.emit('exit', 3);
    await expect(unexpected).resolves.toBe(3);
  });

  it('stops by asking, and kills a process that does not end in time', async () => {
    const polite = fake((events) => events.emit('message', { type: 'listening', port: 40000 }));
    let unexpected = false;
    const first = await startLocalServer({
      dataDir: join(temp, 'fake'),
      launch: polite.launch,
      onUnexpectedExit: () => (unexpected = true),
    });
    await first.stop();
    expect(polite.sent).toEqual([{ type: 'stop' }]);
    expect(polite.killed()).toBe(false);
    expect(unexpected).toBe(false);

    const stubborn = fake((events) => events.emit('message', { type: 'listening', port: 40001 }), { exitsOnStop: false });
    const second = await startLocalServer({ dataDir: join(temp, 'fake'), launch: stubborn.launch, stopTimeoutMs: 1 });
    await second.stop();
    expect(stubborn.killed()).toBe(true);
  });
});
