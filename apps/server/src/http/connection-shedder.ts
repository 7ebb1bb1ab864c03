import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { socketInode, unacknowledgedBytes } from './tcp-queues.ts';

export interface ShedPolicy {
  /** from this many connections (plus `heldDescriptors`) on, connections are shed… */
  high: number;
  /** …until this many remain */
  low: number;
  /** a client taking less than this many bytes a second of an answer waiting for it… */
  readFloorBytesPerSecond: number;
  /** …over this long is cut off */
  readWindowMs: number;
  /** descriptors answers hold besides their connections (open files), which come out of the same limit */
  heldDescriptors: () => number;
}

/** How far a client had read at a moment: bytes of the connection it had acknowledged. */
interface Sample {
  at: number;
  received: number;
}

interface Tracked {
  /** when it opened, or when its last answer ended */
  since: number;
  /** answers in progress (pipelined requests queue theirs behind the first) */
  answers: number;
  /** the socket answers are written to: this one, or over HTTPS the TLS socket wrapped around it */
  writer: Socket | undefined;
  /** one every readWindowMs / SAMPLES while bytes wait for the client, oldest first; emptied when it catches up */
  samples: Sample[];
  /** its row in the kernel's TCP table, once looked up */
  inode?: number;
}

/** Only a connection this old without a request in progress is shed (a real client has sent its headers by then). */
const SHED_AFTER_MS = 1000;
/** Samples per read window: a slow reader is cut off within a sixth of a window after a whole window of trickling. */
const SAMPLES = 6;

/**
 * Node's TCP handle counts the bytes handed to it and those still queued for the kernel; their
 * difference is what the kernel has taken. (The public counters move only when a whole write is
 * done — a megabyte of a file, a whole song from memory — far too coarse to tell a client reading
 * 100 B/s from one reading 100 kB/s.)
 */
interface TcpHandle {
  bytesWritten?: unknown;
  writeQueueSize?: unknown;
  fd?: unknown;
}

const handleOf = (socket: Socket): TcpHandle | undefined => (socket as unknown as { _handle?: TcpHandle | null })._handle ?? undefined;

/** Bytes of the connection its client has acknowledged: taken by the kernel, less what the kernel still holds for it. */
function received(socket: Socket, tracked: Tracked, unacked: Map<number, number>): number | undefined {
  const handle = handleOf(socket);
  if (typeof handle?.bytesWritten !== 'number' || typeof handle.writeQueueSize !== 'number' || typeof handle.fd !== 'number')
    return undefined;
  tracked.inode ??= socketInode(handle.fd);
  const held = tracked.inode === undefined ? undefined : unacked.get(tracked.inode);
  return held === undefined ? undefined : handle.bytesWritten - handle.writeQueueSize - held;
}

/** Bytes of an answer wait for the client: queued in Node (over HTTPS, before encryption too) or in the TCP handle. */
function waitsOnClient(socket: Socket, tracked: Tracked): boolean {
  const queued = handleOf(socket)?.writeQueueSize;
  return (typeof queued === 'number' && queued > 0) || (tracked.writer?.writableLength ?? 0) > 0;
}

/** Bytes a second the client took over its samples; an answer not measured yet counts as reading at the floor. */
function readRate({ samples }: Tracked, floor: number): number {
  const first = samples[0];
  const last = samples[samples.length - 1];
  if (!first || !last || last.at <= first.at) return floor;
  return ((last.received - first.received) * 1000) / (last.at - first.at);
}

/** Cuts a connection off with a reset: the kernel drops what it still holds for the client at once. */
function reset(socket: Socket): void {
  try {
    socket.resetAndDestroy();
  } catch {
    socket.destroy();
  }
}

/**
 * Keeps room for real clients when slow or hostile ones fill the server:
 *
 * - A client that takes less than `readFloorBytesPerSecond` of an answer over `readWindowMs`,
 *   while bytes of it wait (in Node or in the TCP send queue), is cut off. What counts is what
 *   the client acknowledged, not what was queued, so a reader that trickles a kilobyte now and
 *   then is caught even though that trickle keeps the idle timeout from ever firing. Time the
 *   server itself takes (a render, a query) never counts: nothing waits for the client then.
 * - Once `high` connections are open (counting descriptors answers hold), the oldest connections
 *   with no request in progress (slowloris, idle keep-alives) are closed until `low` remain,
 *   then, if that is not enough, the answers stuck on their client, the slowest first. New
 *   clients are then served instead of refused at the hard cap, and nobody waiting for the
 *   server itself is cut off.
 */
export function shedConnections(server: Server, policy: ShedPolicy): void {
  const open = new Map<Socket, Tracked>();
  server.on('connection', (socket: Socket) => {
    open.set(socket, { since: performance.now(), answers: 0, writer: undefined, samples: [] });
    socket.once('close', () => open.delete(socket));
    if (pressure() >= policy.high) shed();
  });
  // At the hard cap new connections are dropped before 'connection': make room for the next one,
  // and look again every second while the server is full.
  server.on('drop', () => shed());
  const sweeper = setInterval(() => pressure() >= policy.high && shed(), SHED_AFTER_MS);
  const sampler = setInterval(() => void sampleReaders(), Math.max(10, policy.readWindowMs / SAMPLES));
  sweeper.unref();
  sampler.unref();
  server.once('close', () => {
    clearInterval(sweeper);
    clearInterval(sampler);
  });
  server.on('request', (request, response) => {
    // Over HTTPS the request's socket is the TLS socket wrapping the tracked TCP one.
    const socket = request.socket as Socket & { _parent?: Socket };
    const tracked = open.get(socket) ?? (socket._parent ? open.get(socket._parent) : undefined);
    if (!tracked) return;
    tracked.answers++;
    tracked.writer = socket;
    response.once('close', () => {
      tracked.answers--;
      tracked.samples = [];
      tracked.since = performance.now();
    });
  });

  function pressure(): number {
    return open.size + policy.heldDescriptors();
  }

  /** Answers held up by their client right now; the others start their samples afresh. */
  function heldByClients(): [Socket, Tracked][] {
    const held: [Socket, Tracked][] = [];
    for (const [socket, tracked] of open) {
      if (tracked.answers === 0) continue;
      if (waitsOnClient(socket, tracked)) held.push([socket, tracked]);
      // Caught up with all it was sent: whatever its pace, it is waiting for the server.
      else tracked.samples = [];
    }
    return held;
  }

  let sampling = false;
  async function sampleReaders(): Promise<void> {
    if (sampling || heldByClients().length === 0) return;
    sampling = true;
    // Without the kernel's count (not Linux) there is no floor: only the idle timeout and the cap apply.
    const unacked = await unacknowledgedBytes().finally(() => (sampling = false));
    if (!unacked) return;
    const now = performance.now();
    for (const [socket, tracked] of heldByClients()) {
      const bytes = received(socket, tracked, unacked);
      if (bytes === undefined) continue;
      const samples = tracked.samples;
      samples.push({ at: now, received: bytes });
      if (samples.length <= SAMPLES) continue;
      // A whole window held up by this client: judged on what it received over it.
      if (samples.length > SAMPLES + 1) samples.shift();
      const first = samples[0]!;
      if (bytes - first.received < (policy.readFloorBytesPerSecond * (now - first.at)) / 1000) {
        open.delete(socket);
        reset(socket);
      }
    }
  }

  function shed(): void {
    const now = performance.now();
    let excess = pressure() - policy.low;
    // Map order is connection order: the oldest idle ones go first.
    for (const [socket, tracked] of open) {
      if (excess <= 0) return;
      if (tracked.answers > 0 || now - tracked.since < SHED_AFTER_MS) continue;
      open.delete(socket);
      socket.destroy();
      excess--;
    }
    if (excess <= 0) return;
    // Then answers held up by their client, slowest first (a stable sort: among equals, the oldest).
    const stuck = [...open].filter(([socket, tracked]) => tracked.answers > 0 && waitsOnClient(socket, tracked));
    const floor = policy.readFloorBytesPerSecond;
    stuck.sort(([, a], [, b]) => readRate(a, floor) - readRate(b, floor));
    for (const [socket] of stuck) {
      if (excess <= 0) return;
      open.delete(socket);
      reset(socket);
      excess--;
    }
  }
}
