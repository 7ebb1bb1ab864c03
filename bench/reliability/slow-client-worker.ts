import { fstatSync, readSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import net from 'node:net';

/**
 * A child process that holds many slow connections of one kind to the server (started by
 * slow-clients.ts with an IPC channel): slowloris (a request head that never ends), slow POST (a
 * 1 MB body trickled a byte at a time), stalled readers (a song requested, never read) or slow
 * readers (a song requested, then 1 KiB read every `trickleMs`).
 * It says `ready` once loaded, starts connecting on `start` (with the section's t0), reports every
 * second and, on `stop`, closes everything and sends a summary.
 */
export type SlowKind = 'slowloris' | 'slow POST' | 'stalled reader' | 'slow reader';

export interface WorkerPlan {
  kind: SlowKind;
  port: number;
  /** a loopback source address of its own, so the server-side view can tell kinds apart */
  localAddress: string;
  count: number;
  connectsPerSecond: number;
  /** one byte per connection this often (a slow reader reads `readBytes` instead) */
  trickleMs: number;
  /** what a slow reader reads at a time */
  readBytes: number;
  songs: number[];
}

export interface WorkerReady {
  type: 'ready';
}

export interface WorkerTick {
  type: 'tick';
  kind: SlowKind;
  attempted: number;
  open: number;
}

export interface WorkerSummary {
  type: 'summary';
  kind: SlowKind;
  attempted: number;
  connected: number;
  connectErrors: Record<string, number>;
  /** seconds since t0 at which the server closed (or reset) a connection */
  closedAt: number[];
  /** how long each of those had been open, seconds */
  closedAfter: number[];
  /** the status of what the server said before closing, or `none` */
  answers: Record<string, number>;
  rampSeconds: number;
  /** bytes the connections read from the server, all together */
  bytesRead: number;
}

interface Slow {
  socket: net.Socket;
  openedAt: number;
  open: boolean;
  firstBytes: string;
  /** a slow reader's row in the kernel's TCP table, and when it connected */
  inode?: number;
  connectedAt?: number;
}

const plan = JSON.parse(process.argv[2]!) as WorkerPlan;
const readBuffer = Buffer.alloc(plan.readBytes);
const conns: Slow[] = [];
const connectErrors: Record<string, number> = {};
const answers: Record<string, number> = {};
const closedAt: number[] = [];
const closedAfter: number[] = [];
let connected = 0;
let bytesRead = 0;
let stopping = false;
let rampSeconds = 0;
/** epoch ms the section started; times are reported relative to it */
let t0 = Date.now();
const since = (t: number) => (Date.now() - t) / 1000;

function head(i: number): string {
  const host = `Host: 127.0.0.1:${plan.port}\r\n`;
  if (plan.kind === 'slowloris') return `GET /api/banner HTTP/1.1\r\n${host}User-Agent: slow\r\nX-Slow: `;
  if (plan.kind === 'slow POST')
    return `POST /api/banner HTTP/1.1\r\n${host}Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 1048576\r\n\r\n`;
  const song = plan.songs[i % plan.songs.length];
  const request = `GET /api/media/audio/${song}.mp3 HTTP/1.1\r\n${host}\r\n`;
  return plan.kind === 'slow reader' ? request : request.repeat(8);
}

/** The server closed (or reset) a connection: when, after how long, and what it had answered. */
function closedByServer(c: Slow): void {
  if (!c.open || stopping) return;
  c.open = false;
  closedAt.push(since(t0));
  closedAfter.push(since(c.openedAt));
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(c.firstBytes)?.[1] ?? 'none';
  answers[status] = (answers[status] ?? 0) + 1;
}

/** A row of /proc/net/tcp{,6}: its state (01 = established) and inode. */
const ROW = /^ *\d+: \S+ \S+ ([0-9A-F]{2}) \S+ \S+ \S+ +\d+ +\d+ (\d+)/gm;

/**
 * Slow readers the server has closed, found in the kernel's TCP table: a reset socket leaves
 * the table, a closed one is no longer established. A slow reader would only notice once it has
 * read what its receive buffer holds (minutes at this pace); on loopback those buffers are the
 * server host's memory too, so they are let go as soon as the server has closed the connection,
 * as a remote client's would be on its own machine.
 */
async function sweepClosed(): Promise<void> {
  // Only connections open before the tables are read can be judged by them.
  const readAt = Date.now();
  const states = new Map<number, string>();
  for (const path of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const table = await readFile(path, 'latin1').catch(() => '');
    for (const [, state, inode] of table.matchAll(ROW)) states.set(Number(inode), state!);
  }
  if (states.size === 0) return;
  for (const c of conns) {
    if (!c.open || c.inode === undefined || c.connectedAt! >= readAt || states.get(c.inode) === '01') continue;
    closedByServer(c);
    c.socket.destroy();
  }
}

/**
 * A slow reader takes exactly `readBytes` from the kernel, straight from the descriptor: Node's
 * own reads take up to 64 KiB at a time, which would make it a much faster reader. A reset, or
 * the end of the stream, means the server closed it.
 */
function readSome(c: Slow): void {
  const fd = (c.socket as unknown as { _handle?: { fd?: number } })._handle?.fd;
  if (!c.open || fd === undefined || fd < 0) return;
  try {
    const n = readSync(fd, readBuffer, 0, plan.readBytes, null);
    if (n === 0) return closedByServer(c);
    bytesRead += n;
    if (c.firstBytes.length < 32) c.firstBytes += readBuffer.subarray(0, Math.min(n, 32)).toString('latin1');
  } catch (err) {
    // Nothing to read yet: the answer has not started.
    if ((err as NodeJS.ErrnoException).code === 'EAGAIN') return;
    closedByServer(c);
    c.socket.destroy();
  }
}

function open(i: number): void {
  const socket = net.connect({ host: '127.0.0.1', port: plan.port, localAddress: plan.localAddress });
  const c: Slow = { socket, openedAt: Date.now(), open: false, firstBytes: '' };
  conns.push(c);
  socket.setTimeout(15_000, () => {
    if (!c.open) socket.destroy(Object.assign(new Error('connect timeout'), { code: 'CONNECT_TIMEOUT' }));
  });
  socket.on('connect', () => {
    c.open = true;
    connected++;
    socket.setTimeout(0);
    socket.write(head(i));
    // A stalled reader asks for songs and then never reads a byte; a slow reader reads only
    // through readSome. Paused before 'connect' returns, Node never starts reading the socket.
    if (plan.kind === 'stalled reader' || plan.kind === 'slow reader') socket.pause();
    const fd = (socket as unknown as { _handle?: { fd?: number } })._handle?.fd;
    if (plan.kind === 'slow reader' && fd !== undefined) {
      c.inode = fstatSync(fd).ino;
      c.connectedAt = Date.now();
    }
  });
  socket.on('data', (d: Buffer) => {
    if (c.firstBytes.length < 32) c.firstBytes += d.subarray(0, 32).toString('latin1');
  });
  socket.on('error', (err: NodeJS.ErrnoException) => {
    if (!c.open) connectErrors[err.code ?? err.message] = (connectErrors[err.code ?? err.message] ?? 0) + 1;
  });
  socket.on('close', () => {
    closedByServer(c);
    c.open = false;
  });
}

let next = 0;
const timers: NodeJS.Timeout[] = [];

function start(): void {
  // Connect at a steady rate: a burst of thousands would only measure the listen backlog.
  const started = Date.now();
  const perTick = Math.max(1, Math.round(plan.connectsPerSecond / 20));
  const ramp = setInterval(() => {
    for (let k = 0; k < perTick && next < plan.count; k++) open(next++);
    if (next >= plan.count) {
      clearInterval(ramp);
      rampSeconds = since(started);
    }
  }, 50);
  // Every connection gets one byte (a slow reader reads `readBytes`) per trickleMs, spread over the interval.
  const slices = Math.max(1, Math.round(plan.trickleMs / 100));
  let slice = 0;
  const trickle = setInterval(() => {
    if (plan.kind === 'stalled reader') return;
    for (let i = slice; i < conns.length; i += slices) {
      const c = conns[i]!;
      if (plan.kind === 'slow reader') readSome(c);
      else if (c.open && c.socket.writable) c.socket.write('a');
    }
    slice = (slice + 1) % slices;
  }, 100);
  let sweeping = false;
  const sweeper = setInterval(() => {
    if (plan.kind !== 'slow reader' || sweeping) return;
    sweeping = true;
    void sweepClosed().finally(() => (sweeping = false));
  }, 5000);
  const ticker = setInterval(() => {
    const tick: WorkerTick = { type: 'tick', kind: plan.kind, attempted: next, open: conns.filter((c) => c.open).length };
    process.send?.(tick);
  }, 1000);
  timers.push(ramp, trickle, sweeper, ticker);
}

function stop(): void {
  stopping = true;
  timers.forEach(clearInterval);
  const summary: WorkerSummary = {
    type: 'summary',
    kind: plan.kind,
    attempted: next,
    connected,
    connectErrors,
    closedAt,
    closedAfter,
    answers,
    rampSeconds,
    bytesRead,
  };
  for (const c of conns) c.socket.destroy();
  process.send?.(summary, () => process.exit(0));
}

process.on('message', (m: { cmd?: string; t0?: number }) => {
  if (m.cmd === 'start') {
    t0 = m.t0 ?? Date.now();
    start();
  }
  if (m.cmd === 'stop') stop();
});
process.send?.({ type: 'ready' } satisfies WorkerReady);
// The parent went away: leave nothing open.
process.on('disconnect', () => process.exit(0));
