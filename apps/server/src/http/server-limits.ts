import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { Socket } from 'node:net';
import { shedConnections } from './connection-shedder.ts';
import type { TlsFiles } from './tls.ts';
import type { FastifyError, FastifyHttpOptions, FastifyReply, FastifyRequest, RawServerDefault } from 'fastify';

/**
 * Time and connection limits, so one slow or hostile client never takes the server down
 * (docs/decisions/0004-server-limits.md).
 */
export interface ServerLimits {
  /** a request's headers must arrive within this (slowloris) */
  headersTimeoutMs: number;
  /** a whole request, body included, within this (a trickled upload) */
  requestTimeoutMs: number;
  /** a socket with no traffic either way for this long is closed (a reader that stopped reading) */
  idleTimeoutMs: number;
  /** an idle keep-alive socket is closed after this */
  keepAliveTimeoutMs: number;
  /** a client that takes less than this many bytes a second of an answer waiting for it (0: no floor)… */
  readFloorBytesPerSecond: number;
  /** …averaged over this long, is cut off (a reader that trickles) */
  readWindowMs: number;
  /** connections accepted at once; beyond 90 % of it, idle and half-sent ones are shed, then the slowest readers */
  maxConnections: number;
}

export const DEFAULT_LIMITS: Omit<ServerLimits, 'maxConnections'> = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 60_000,
  idleTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  // Half of 32 kbit/s, the lowest bitrate worth streaming: a player fetching a song of 32 kbit/s
  // or more at its playing speed stays above it (docs/decisions/0004-server-limits.md).
  readFloorBytesPerSecond: 2048,
  readWindowMs: 30_000,
};
/** Node checks the header and request timeouts on this period (its default, 30 s, lets a flood pile up). */
const TIMEOUT_CHECK_MS = 1000;
/** Request headers past this size are refused with 431. */
const MAX_HEADER_BYTES = 16 * 1024;
/** Descriptors kept free below the process limit for files, the database and ffmpeg pipes. */
const RESERVED_DESCRIPTORS = 256;

/** The process's open-file limit (Linux), or a conservative guess elsewhere. */
export function openFileLimit(): number {
  try {
    const m = /^Max open files\s+(\d+)/m.exec(readFileSync('/proc/self/limits', 'utf8'));
    if (m) return Number(m[1]);
  } catch {
    // not Linux: fall through
  }
  return 1024;
}

/** Connections accepted at once: below the descriptor limit, so a flood cannot exhaust it. */
export const connectionCap = (limit = openFileLimit()): number => Math.max(64, limit - RESERVED_DESCRIPTORS);

const errorBody = (code: number, msg: string): string => JSON.stringify({ code, msg });

function rawReply(socket: Socket, status: number, reason: string, msg: string, headOnly = false): void {
  if (!socket.writable) return void socket.destroy();
  const body = errorBody(status, msg);
  // An answer to HEAD has no body (its Content-Length still tells the size of the one it would have).
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${headOnly ? '' : body}`,
  );
}

/**
 * Errors that happen below the app — a malformed request line, headers too large, a request
 * that timed out, a CONNECT — still answer `{code, msg}` like every API error, and never echo
 * what the client sent.
 */
function answerClientError(error: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || error.code === 'EPIPE') return void socket.destroy();
  const head = Buffer.isBuffer(error.rawPacket) && error.rawPacket.subarray(0, 5).toString('latin1') === 'HEAD ';
  if (error.code === 'HPE_HEADER_OVERFLOW') return rawReply(socket, 431, 'Request Header Fields Too Large', '请求头过大', head);
  // A request that timed out is almost always a slow client or a slowloris that will not read an
  // answer: closing costs less than writing thousands of 408s while a flood drains.
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return void socket.destroy();
  rawReply(socket, 400, 'Bad Request', '请求格式错误', head);
}

/**
 * Fastify options that install the limits on its HTTP server (an HTTPS one when given a
 * certificate). `heldDescriptors` tells how many descriptors answers hold besides their
 * connections (files being streamed beyond the open-file pool's budget): they count against the
 * connection cap, since both come out of the one open-file limit.
 */
export function serverLimitOptions(
  overrides: Partial<ServerLimits> = {},
  tls: TlsFiles | null = null,
  heldDescriptors: () => number = () => 0,
): Pick<
  FastifyHttpOptions<RawServerDefault>,
  'serverFactory' | 'clientErrorHandler' | 'frameworkErrors' | 'connectionTimeout' | 'keepAliveTimeout' | 'requestTimeout'
> {
  const limits: ServerLimits = { ...DEFAULT_LIMITS, maxConnections: connectionCap(), ...overrides };
  return {
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    serverFactory: (handler) => {
      const httpOptions = {
        headersTimeout: limits.headersTimeoutMs,
        requestTimeout: limits.requestTimeoutMs,
        connectionsCheckingInterval: TIMEOUT_CHECK_MS,
        maxHeaderSize: MAX_HEADER_BYTES,
      };
      // Fastify ignores its own `https` option beside a server factory: TLS is set up here.
      // An https.Server has every http.Server event and setting these limits use.
      const server: Server = tls
        ? (createTlsServer({ ...httpOptions, cert: tls.cert, key: tls.key }, handler) as unknown as Server)
        : createServer(httpOptions, handler);
      // With a server factory, Fastify leaves these to us.
      server.timeout = limits.idleTimeoutMs;
      server.keepAliveTimeout = limits.keepAliveTimeoutMs;
      // No per-socket request cap: Node answers requests already pipelined past it with a bare 503.
      server.maxConnections = limits.maxConnections;
      shedConnections(server, {
        high: Math.floor(limits.maxConnections * 0.9),
        low: Math.floor(limits.maxConnections * 0.8),
        readFloorBytesPerSecond: limits.readFloorBytesPerSecond,
        readWindowMs: limits.readWindowMs,
        heldDescriptors,
      });
      // Nothing here tunnels: CONNECT gets an answer instead of a silently dropped socket.
      server.on('connect', (_request, socket: Socket) => rawReply(socket, 405, 'Method Not Allowed', '不支持的请求方法'));
      return server;
    },
    clientErrorHandler: answerClientError,
    // A URL Fastify cannot decode (`/api/%zz`): the same {code, msg}, without the URL in it.
    frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
      reply.code(400).send({ code: 400, msg: error.code === 'FST_ERR_BAD_URL' ? '请求地址无效' : '请求格式错误' });
    },
  };
}
