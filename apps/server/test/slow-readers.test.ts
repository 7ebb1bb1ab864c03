import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { importFolder } from '../src/content/import/import-folder.ts';
import { openDatabase } from '../src/db/connection.ts';
import type { ServerLimits } from '../src/http/server-limits.ts';
import { runFfmpeg } from './import-media.ts';
import { startTestApp, type TestApp } from './helpers.ts';

/**
 * Clients that read an answer more slowly than the floor (`readFloorBytesPerSecond` averaged over
 * `readWindowMs`) are cut off even though the trickle they take keeps the idle timeout away;
 * clients reading faster keep their answer to the end; and when answers stuck on slow clients
 * fill the server, the slowest are shed so that a new client is served. The song is a 60 s WAV
 * (10 MB, streamed from disk), several times what the kernel's socket buffers hold, so a slow
 * client really holds the answer up.
 */
const FLOOR = 256 * 1024;
const WINDOW_MS = 1000;

let work: string;
let song: string;
let size = 0;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'cloudtune-slow-readers-'));
  mkdirSync(join(work, 'Tester', 'Noise'), { recursive: true });
  song = join(work, 'Tester', 'Noise', '01 Noise.wav');
  await runFfmpeg(['-f', 'lavfi', '-i', 'anoisesrc=duration=60:color=pink', '-ac', '2', '-ar', '44100', '-c:a', 'pcm_s16le', song]);
  size = statSync(song).size;
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Served {
  t: TestApp;
  port: number;
  /** the WAV's URL path */
  path: string;
  /** when the server closed its end of each connection, by the client's port */
  closedAt: Map<number, number>;
}

/** An app with these limits, the WAV imported, listening. */
async function serve(limits: Partial<ServerLimits>): Promise<Served> {
  const t = await startTestApp({ limits });
  const db = await openDatabase(t.dataDir);
  let id: number;
  try {
    await importFolder(db, t.dataDir, work);
    id = (await db.prepare<[string], number>('SELECT song_id FROM library_files WHERE path = ?').pluck().get(song))!;
  } finally {
    await db.close();
  }
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const closedAt = new Map<number, number>();
  t.app.server.on('connection', (socket: Socket) => {
    const client = socket.remotePort!;
    socket.once('close', () => closedAt.set(client, performance.now()));
  });
  return { t, port: (t.app.server.address() as { port: number }).port, path: `/api/media/audio/${id}.wav`, closedAt };
}

/** A raw client of the song: how much it has read, and whether its connection has ended. */
interface Reader {
  socket: Socket;
  /** when it connected (performance.now()) */
  start: number;
  /** bytes read, head included: more than the song's size once it has all of it */
  got: number;
  ended: boolean;
  /** from now on reads as fast as the bytes come */
  speedUp(): void;
}

/**
 * Requests the song (Connection: close) and reads it at `rate` bytes a second; at rate 0 it reads
 * the first bytes that come (the head) and then stops. The pace is kept by the clock, not by the
 * ticks: the socket flows while the reader is behind what is due and pauses once it has caught
 * up, so a tick that comes late (a busy machine) lets it catch up at full speed instead of taking
 * one buffer's worth per tick.
 */
function readAt(port: number, path: string, rate: number): Reader {
  const socket = connect(port, '127.0.0.1');
  const start = performance.now();
  let paced = true;
  const due = () => (rate * (performance.now() - start)) / 1000;
  const reader: Reader = {
    socket,
    start,
    got: 0,
    ended: false,
    speedUp() {
      paced = false;
      clearInterval(pacer);
      socket.resume();
    },
  };
  socket.on('error', () => {});
  socket.on('close', () => {
    clearInterval(pacer);
    reader.ended = true;
  });
  socket.on('data', (d: Buffer) => {
    reader.got += d.length;
    if (paced && reader.got >= due()) socket.pause();
  });
  // Paused before Node starts reading: the pacer lets bytes in from now on.
  socket.pause();
  socket.on('connect', () => {
    socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    // At rate 0 only the head is read: the first chunk that comes pauses the socket again.
    if (rate === 0) socket.resume();
  });
  const pacer = setInterval(() => {
    if (rate === 0 || socket.connecting) return;
    if (reader.got < due()) socket.resume();
  }, 20);
  return reader;
}

describe('a client reading below the floor', () => {
  let server: Served;
  beforeAll(async () => {
    server = await serve({ readFloorBytesPerSecond: FLOOR, readWindowMs: WINDOW_MS });
  });
  afterAll(() => server.t.close());

  it('is cut off after a window, though it keeps taking bytes', async () => {
    const reader = readAt(server.port, server.path, FLOOR / 8);
    await vi.waitFor(() => expect(reader.socket.localPort).toBeDefined());
    const port = reader.socket.localPort!;
    // The default idle timeout is 30 s: only the floor can close it this soon.
    await vi.waitFor(() => expect(server.closedAt.has(port)).toBe(true), { timeout: 10 * WINDOW_MS, interval: 50 });
    // It was given a whole window (after the kernel's buffers filled).
    expect(server.closedAt.get(port)! - reader.start).toBeGreaterThanOrEqual(WINDOW_MS);
    // What it had received by then is all it ever gets.
    reader.speedUp();
    await vi.waitFor(() => expect(reader.ended).toBe(true), { timeout: 10_000, interval: 50 });
    expect(reader.got).toBeGreaterThan(0);
    expect(reader.got).toBeLessThan(size);
  });

  it('a fast download of the same song completes', async () => {
    const res = await fetch(`http://127.0.0.1:${server.port}${server.path}`);
    expect(res.status).toBe(200);
    expect((await res.arrayBuffer()).byteLength).toBe(size);
  });

  it('a client reading at twice the floor keeps its answer to the end', async () => {
    const reader = readAt(server.port, server.path, 2 * FLOOR);
    // Three windows at that pace (the reads are paced, so waiting for the bytes is waiting for the time)…
    await vi.waitFor(() => expect(reader.got).toBeGreaterThan(3 * 2 * FLOOR), { timeout: 20 * WINDOW_MS, interval: 50 });
    expect(reader.ended).toBe(false);
    // …then the rest as fast as it comes: the head and all of the song.
    reader.speedUp();
    await vi.waitFor(() => expect(reader.ended).toBe(true), { timeout: 10_000, interval: 50 });
    expect(reader.got - size).toBeGreaterThan(100);
    expect(reader.got - size).toBeLessThan(1000);
  });
});

describe('when answers stuck on slow clients fill the server', () => {
  let server: Served;
  beforeAll(async () => {
    // No floor here: only the connection cap sheds (from 9 connections down to 8).
    server = await serve({ maxConnections: 10, readFloorBytesPerSecond: 0, readWindowMs: WINDOW_MS });
  });
  afterAll(() => server.t.close());

  it('the slowest are shed first, so a new client is served and a reading one keeps its answer', async () => {
    // The oldest connection reads steadily: shedding by age alone would cut it first.
    const steady = readAt(server.port, server.path, FLOOR);
    await vi.waitFor(() => expect(steady.got).toBeGreaterThan(FLOOR), { timeout: 10_000, interval: 50 });
    // Nine more read their answer's head and stop: the server is at its cap of 10.
    const stalled: Reader[] = [];
    for (let i = 0; i < 9; i++) {
      const reader = readAt(server.port, server.path, 0);
      stalled.push(reader);
      await vi.waitFor(() => expect(reader.got).toBeGreaterThan(0), { timeout: 10_000, interval: 20 });
    }
    await vi.waitFor(
      async () => {
        const res = await fetch(`http://127.0.0.1:${server.port}/api/banner`, {
          headers: { connection: 'close' },
          signal: AbortSignal.timeout(1000),
        });
        expect(res.status).toBe(200);
      },
      { timeout: 10_000, interval: 200 },
    );
    expect(steady.ended).toBe(false);
    // Everyone reads now: the steady client and the stalled ones left get the whole song, the shed ones only what they had.
    for (const reader of [steady, ...stalled]) reader.speedUp();
    await vi.waitFor(() => expect([steady, ...stalled].every((r) => r.ended)).toBe(true), { timeout: 20_000, interval: 100 });
    expect(steady.got).toBeGreaterThan(size);
    expect(stalled.filter((r) => r.got < size).length).toBeGreaterThanOrEqual(2);
  });
});
