import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { Socket } from 'node:net';
import { SUBSONIC_ERRORS } from '../errors.ts';
import { shedConnections } from './connection-shedder.ts';
import { envelope, failure, formatOfUrl, isSubsonicUrl, sendError, SUBSONIC_MESSAGES } from './subsonic-envelope.ts';
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

/**
 * The request target of the bytes that failed to parse, when they begin with a request line
 * (`GET /rest/ping HTTP/1.1`): Node hands over the chunk it was parsing, which holds the request
 * line when the request came in one piece, as it nearly always does.
 */
function requestTarget(packet: unknown): string | undefined {
  if (!Buffer.isBuffer(packet)) return undefined;
  return /^[A-Z]+ (\S+)/.exec(packet.subarray(0, MAX_HEADER_BYTES).toString('latin1'))?.[1];
}

/** A refusal below the app, in the words of both APIs: `{code, msg}` for NetEase clients, a Subsonic error message under /rest. */
interface Refusal {
  status: number;
  reason: string;
  msg: string;
  subsonic: string;
}
const HEADERS_TOO_LARGE: Refusal = {
  status: 431,
  reason: 'Request Header Fields Too Large',
  msg: '请求头过大',
  subsonic: SUBSONIC_MESSAGES.headersTooLarge,
};
const MALFORMED: Refusal = { status: 400, reason: 'Bad Request', msg: '请求格式错误', subsonic: SUBSONIC_MESSAGES.badRequest };
const NO_TUNNEL: Refusal = {
  status: 405,
  reason: 'Method Not Allowed',
  msg: '不支持的请求方法',
  subsonic: SUBSONIC_MESSAGES.verbNotAllowed,
};

/**
 * A refusal written straight to the socket: `{code, msg}`, or for a target under /rest a failed
 * Subsonic envelope in the format its query asks for, readable from any origin as every /rest
 * answer is. An answer to HEAD has no body (its Content-Length still tells the size of the one it
 * would have).
 */
function rawReply(socket: Socket, refusal: Refusal, target: string | undefined, headOnly = false): void {
  if (!socket.writable) return void socket.destroy();
  const rest = target !== undefined && isSubsonicUrl(target);
  const { type, body } = rest
    ? envelope(formatOfUrl(target), 'failed', failure(SUBSONIC_ERRORS.generic, refusal.subsonic))
    : { type: 'application/json; charset=utf-8', body: JSON.stringify({ code: refusal.status, msg: refusal.msg }) };
  socket.end(
    `HTTP/1.1 ${refusal.status} ${refusal.reason}\r\nConnection: close\r\nContent-Type: ${type}\r\n` +
      (rest ? 'Access-Control-Allow-Origin: *\r\nCache-Control: no-store\r\n' : '') +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${headOnly ? '' : body}`,
  );
}

/**
 * Errors that happen below the app — a malformed request line, headers too large, a request
 * that timed out, a CONNECT — still answer `{code, msg}` like every API error (a Subsonic envelope
 * when the request line names /rest), and never echo what the client sent.
 */
function answerClientError(error: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || error.code === 'EPIPE') return void socket.destroy();
  const head = Buffer.isBuffer(error.rawPacket) && error.rawPacket.subarray(0, 5).toString('latin1') === 'HEAD ';
  const target = requestTarget(error.rawPacket);
  if (error.code === 'HPE_HEADER_OVERFLOW') return rawReply(socket, HEADERS_TOO_LARGE, target, head);
  // A request that timed out is almost always a slow client or a slowloris that will not read an
  // answer: closing costs less than writing thousands of 408s while a flood drains.
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return void socket.destroy();
  rawReply(socket, MALFORMED, target, head);
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
      server.on('connect', (request, socket: Socket) => rawReply(socket, NO_TUNNEL, request.url));
      return server;
    },
    clientErrorHandler: answerClientError,
    // A URL Fastify cannot decode (`/api/%zz`): the same {code, msg} (under /rest an envelope, HTTP 200
    // as for any Subsonic error), without the URL in it.
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const badUrl = error.code === 'FST_ERR_BAD_URL';
      if (isSubsonicUrl(request.url)) {
        sendError(
          reply,
          formatOfUrl(request.url),
          SUBSONIC_ERRORS.generic,
          badUrl ? SUBSONIC_MESSAGES.badUrl : SUBSONIC_MESSAGES.badRequest,
        );
      } else reply.code(400).send({ code: 400, msg: badUrl ? '请求地址无效' : '请求格式错误' });
    },
  };
}
