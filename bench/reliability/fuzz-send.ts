import http from 'node:http';
import net from 'node:net';
import type { HttpCase } from './fuzz-cases.ts';
import type { RawCase } from './raw-cases.ts';

/** What came back for one response: enough to judge it and to print a sample. */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  /** the first 64 KiB of the body */
  body: Buffer;
  bodyBytes: number;
}

export interface Outcome {
  answers: Answer[];
  /** the first try hit a keep-alive connection the server had just closed, and was sent again */
  retried?: boolean;
  /** transport failure: ECONNRESET, socket hang up, timeout, … (none for a clean answer) */
  error?: string;
  ms: number;
}

const KEEP = 64 * 1024;
const HTTP_TIMEOUT_MS = 15_000;
const RAW_IDLE_MS = 400;
const RAW_TIMEOUT_MS = 3_000;

/**
 * Sends one request through a keep-alive agent and reads the whole answer. A reset (or broken pipe) on a reused
 * connection is the client's race with a server that closed it after the previous answer, not an
 * answer to this request: it is sent once more on a fresh connection.
 */
export async function sendHttp(port: number, agent: http.Agent, c: HttpCase): Promise<Outcome> {
  const first = await sendOnce(port, agent, c);
  if (!first.staleSocket) return first;
  return { ...(await sendOnce(port, false, c)), retried: true };
}

function sendOnce(port: number, agent: http.Agent | false, c: HttpCase): Promise<Outcome & { staleSocket?: boolean }> {
  const start = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const finish = (o: Omit<Outcome, 'ms'> & { staleSocket?: boolean }) => {
      if (settled) return;
      settled = true;
      resolve({ ...o, ms: performance.now() - start });
    };
    let req: http.ClientRequest;
    try {
      req = http.request({ host: '127.0.0.1', port, method: c.method, path: c.path, headers: c.headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        let bytes = 0;
        res.on('data', (d: Buffer) => {
          bytes += d.length;
          if (kept < KEEP) {
            chunks.push(d);
            kept += d.length;
          }
        });
        const answer = (): Answer => ({
          status: res.statusCode ?? 0,
          headers: res.headers as Record<string, string>,
          body: Buffer.concat(chunks).subarray(0, KEEP),
          bodyBytes: bytes,
        });
        res.on('end', () => finish({ answers: [answer()] }));
        res.on('error', (err: NodeJS.ErrnoException) => finish({ answers: [answer()], error: `body: ${err.code ?? err.message}` }));
        res.on('aborted', () => finish({ answers: [answer()], error: 'body aborted' }));
      });
    } catch (err) {
      finish({ answers: [], error: `client refused to send: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}` });
      return;
    }
    req.setTimeout(HTTP_TIMEOUT_MS, () =>
      req.destroy(Object.assign(new Error('timeout'), { code: `no answer in ${HTTP_TIMEOUT_MS / 1000} s` })),
    );
    req.on('error', (err: NodeJS.ErrnoException) =>
      finish({
        answers: [],
        error: err.code ?? err.message,
        staleSocket: req.reusedSocket && (err.code === 'ECONNRESET' || err.code === 'EPIPE'),
      }),
    );
    req.end(c.body);
  });
}

/**
 * Writes raw bytes on a fresh connection and collects everything until the server closes, goes
 * quiet after answering, or the time runs out; then splits the bytes into HTTP responses.
 */
export function sendRaw(port: number, c: RawCase): Promise<Outcome & { closedByServer: boolean }> {
  const start = performance.now();
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    let error: string | undefined;
    let closedByServer = false;
    let idle: NodeJS.Timeout | undefined;
    const deadline = setTimeout(() => socket.destroy(), RAW_TIMEOUT_MS);
    socket.on('connect', () => socket.write(c.bytes));
    socket.on('data', (d: Buffer) => {
      chunks.push(d);
      clearTimeout(idle);
      idle = setTimeout(() => socket.destroy(), RAW_IDLE_MS);
    });
    socket.on('end', () => {
      closedByServer = true;
      socket.end();
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      closedByServer = true;
      error = err.code ?? err.message;
    });
    socket.on('close', () => {
      clearTimeout(deadline);
      clearTimeout(idle);
      resolve({ answers: parseResponses(Buffer.concat(chunks)), error, closedByServer, ms: performance.now() - start });
    });
  });
}

/** Splits a byte stream into HTTP/1.x responses (Content-Length, chunked, or to the end). */
export function parseResponses(buf: Buffer): Answer[] {
  const out: Answer[] = [];
  let pos = 0;
  while (pos < buf.length) {
    const headEnd = buf.indexOf('\r\n\r\n', pos);
    if (headEnd < 0) {
      out.push({ status: -1, headers: {}, body: buf.subarray(pos, pos + KEEP), bodyBytes: buf.length - pos });
      break;
    }
    const [statusLine = '', ...lines] = buf.subarray(pos, headEnd).toString('latin1').split('\r\n');
    const status = Number(/^HTTP\/\d\.\d (\d{3})/.exec(statusLine)?.[1] ?? -1);
    const headers: Record<string, string> = {};
    for (const l of lines) {
      const i = l.indexOf(':');
      if (i > 0) headers[l.slice(0, i).trim().toLowerCase()] = l.slice(i + 1).trim();
    }
    pos = headEnd + 4;
    let body: Buffer;
    if (status === 204 || status === 304 || (status >= 100 && status < 200)) body = Buffer.alloc(0);
    else if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
      const parts: Buffer[] = [];
      for (;;) {
        const eol = buf.indexOf('\r\n', pos);
        if (eol < 0) break;
        const size = parseInt(buf.subarray(pos, eol).toString('latin1'), 16);
        pos = eol + 2;
        if (!(size > 0)) {
          pos = Math.min(buf.length, pos + 2);
          break;
        }
        parts.push(buf.subarray(pos, pos + size));
        pos += size + 2;
      }
      body = Buffer.concat(parts);
    } else if (headers['content-length'] !== undefined) {
      const len = Number(headers['content-length']);
      body = buf.subarray(pos, pos + len);
      pos += len;
    } else {
      body = buf.subarray(pos);
      pos = buf.length;
    }
    out.push({ status, headers, body: body.subarray(0, KEEP), bodyBytes: body.length });
  }
  return out;
}
