import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyHttpOptions, FastifyReply, FastifyRequest, RawServerDefault } from 'fastify';

/**
 * Time and connection limits, so one slow or hostile client never takes the server down
 * (docs/decisions/0004-server-limits.md). A slowloris that sends header bytes one at a time is
 * closed after HEADERS_TIMEOUT_MS; a trickled body after REQUEST_TIMEOUT_MS; a socket with no
 * traffic either way (a reader that stopped reading) after IDLE_TIMEOUT_MS.
 */
export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 60_000;
export const IDLE_TIMEOUT_MS = 60_000;
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;
const MAX_REQUESTS_PER_SOCKET = 1000;
/** Node checks the two timeouts above on this period (its default, 30 s, lets a flood pile up). */
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

function rawReply(socket: Socket, status: number, reason: string, msg: string): void {
  if (!socket.writable) return void socket.destroy();
  const body = errorBody(status, msg);
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/**
 * Errors that happen below the app — a malformed request line, headers too large, a request
 * that timed out, a CONNECT — still answer `{code, msg}` like every API error, and never echo
 * what the client sent.
 */
function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || error.code === 'EPIPE') return void socket.destroy();
  if (error.code === 'HPE_HEADER_OVERFLOW') return rawReply(socket, 431, 'Request Header Fields Too Large', '请求头过大');
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return rawReply(socket, 408, 'Request Timeout', '请求超时');
  rawReply(socket, 400, 'Bad Request', '请求格式错误');
}

/** Fastify options that install the limits above on its HTTP server. */
export function serverLimitOptions(): Pick<
  FastifyHttpOptions<RawServerDefault>,
  | 'serverFactory'
  | 'clientErrorHandler'
  | 'frameworkErrors'
  | 'connectionTimeout'
  | 'keepAliveTimeout'
  | 'maxRequestsPerSocket'
  | 'requestTimeout'
> {
  return {
    connectionTimeout: IDLE_TIMEOUT_MS,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    requestTimeout: REQUEST_TIMEOUT_MS,
    maxRequestsPerSocket: MAX_REQUESTS_PER_SOCKET,
    serverFactory: (handler) => {
      const server: Server = createServer(
        {
          headersTimeout: HEADERS_TIMEOUT_MS,
          requestTimeout: REQUEST_TIMEOUT_MS,
          connectionsCheckingInterval: TIMEOUT_CHECK_MS,
          maxHeaderSize: MAX_HEADER_BYTES,
        },
        handler,
      );
      server.maxConnections = connectionCap();
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
