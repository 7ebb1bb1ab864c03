import type { Server } from 'node:http';
import type { Socket } from 'node:net';

interface Tracked {
  since: number;
  /** a request is being answered on it */
  busy: boolean;
}

/** Only a connection this old without a request in progress is shed (a real client has sent its headers by then). */
const SHED_AFTER_MS = 1000;

/**
 * Keeps room for real clients when a flood of idle or half-sent connections (slowloris) fills
 * the server: once `high` connections are open, the oldest connections that have no request
 * in progress are closed until `low` remain. New clients are then served instead of refused at
 * the hard cap, and nobody waiting for an answer is cut off.
 */
export function shedIdleConnections(server: Server, { high, low }: { high: number; low: number }): void {
  const open = new Map<Socket, Tracked>();
  server.on('connection', (socket: Socket) => {
    open.set(socket, { since: performance.now(), busy: false });
    socket.once('close', () => open.delete(socket));
    if (open.size >= high) shed();
  });
  // At the hard cap new connections are dropped before 'connection': make room for the next one,
  // and look again every second while the server is full of idle connections.
  server.on('drop', () => shed());
  const sweeper = setInterval(() => open.size >= high && shed(), SHED_AFTER_MS);
  sweeper.unref();
  server.once('close', () => clearInterval(sweeper));
  server.on('request', (request, response) => {
    // Over HTTPS the request's socket is the TLS socket wrapping the tracked TCP one.
    const socket = request.socket as Socket & { _parent?: Socket };
    const tracked = open.get(socket) ?? (socket._parent ? open.get(socket._parent) : undefined);
    if (!tracked) return;
    tracked.busy = true;
    response.once('close', () => {
      tracked.busy = false;
      tracked.since = performance.now();
    });
  });

  function shed(): void {
    const now = performance.now();
    // Map order is connection order: the oldest go first.
    for (const [socket, tracked] of open) {
      if (open.size <= low) return;
      if (tracked.busy || now - tracked.since < SHED_AFTER_MS) continue;
      open.delete(socket);
      socket.destroy();
    }
  }
}
