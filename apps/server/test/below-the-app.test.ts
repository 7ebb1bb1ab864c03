import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from './helpers.ts';

/**
 * Requests that fail below the app (in Node's HTTP parser or Fastify's router) still answer
 * `{code, msg}` like every API error, and never echo what the client sent.
 */
let t: TestApp;
let port = 0;
beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t.close());

/** Sends raw bytes and collects everything until the server closes the connection. */
function raw(request: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => {
      data += d;
      // Keep-alive answers do not close: stop once the body has arrived.
      const length = /content-length: (\d+)/i.exec(data)?.[1];
      const head = data.indexOf('\r\n\r\n');
      if (length !== undefined && head >= 0 && Buffer.byteLength(data.slice(head + 4)) >= Number(length)) socket.end();
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0);
      resolve({ status, body: data.slice(data.indexOf('\r\n\r\n') + 4) });
    });
    socket.write(request);
  });
}

describe('errors below the app', () => {
  it.each([
    ['a URL that cannot be decoded', 'GET /api/%zz-secret-token HTTP/1.1\r\nHost: x\r\n\r\n', 400],
    ['a malformed request line', 'GARBAGE-secret-token\r\n\r\n', 400],
    ['a header over 16 KB', `GET /api/banner HTTP/1.1\r\nHost: x\r\nX-Big: ${'secret-token'.repeat(2000)}\r\n\r\n`, 431],
    ['CONNECT', 'CONNECT secret-token.example:443 HTTP/1.1\r\nHost: secret-token.example:443\r\n\r\n', 405],
    ['an invalid header', 'GET /api/banner HTTP/1.1\r\nHost: x\r\nBad Header secret-token\r\n\r\n', 400],
  ])('%s → {code, msg} with its status, nothing echoed', async (_name, request, status) => {
    const res = await raw(request);
    expect(res.status).toBe(status);
    const body = JSON.parse(res.body) as { code: number; msg: string };
    expect(body.code).toBe(status);
    expect(typeof body.msg).toBe('string');
    expect(res.body).not.toContain('secret-token');
  });

  it('still serves the API after all of that', async () => {
    const res = await raw('GET /api/banner HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(res.status).toBe(200);
  });
});

describe('HEAD below the app', () => {
  it('a HEAD with headers over 16 KB gets 431 without a body', async () => {
    const res = await raw(`HEAD /api/banner HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.body).toBe('');
  });
});

describe('slow and hostile clients', () => {
  let limited: TestApp;
  let limitedPort = 0;
  beforeAll(async () => {
    limited = await startTestApp({ limits: { idleTimeoutMs: 1000, maxConnections: 20 } });
    await limited.app.listen({ port: 0, host: '127.0.0.1' });
    limitedPort = (limited.app.server.address() as { port: number }).port;
  });
  afterAll(() => limited.close());

  it('a reader that stops reading is dropped after the idle timeout', async () => {
    // Rendered first (in-process: a render takes longer than this server's 1 s idle timeout).
    expect((await limited.app.inject({ method: 'GET', url: '/api/media/audio/1.mp3' })).statusCode).toBe(200);
    const socket = connect(limitedPort, '127.0.0.1');
    socket.on('error', () => {});
    socket.pause();
    const connections = () => new Promise<number>((resolve) => limited.app.server.getConnections((_e, n) => resolve(n)));
    // Eight songs pipelined, never read: far more than the kernel's buffers hold.
    socket.write('GET /api/media/audio/1.mp3 HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(8));
    await vi.waitFor(async () => expect(await connections()).toBe(1));
    // The server lets go of it (the paused client itself does not notice until it reads).
    await vi.waitFor(async () => expect(await connections()).toBe(0), { timeout: 10_000, interval: 100 });
    socket.destroy();
  });

  it('when idle connections fill the server, the oldest are shed so a new client is served', async () => {
    const idle = await Promise.all(
      Array.from(
        { length: 20 },
        () =>
          new Promise<Socket>((resolve) => {
            const s = connect(limitedPort, '127.0.0.1', () => resolve(s));
            s.on('error', () => {});
          }),
      ),
    );
    let shed = 0;
    for (const s of idle) s.once('close', () => shed++);
    const connections = () => new Promise<number>((resolve) => limited.app.server.getConnections((_e, n) => resolve(n)));
    await vi.waitFor(async () => expect(await connections()).toBe(20));
    await vi.waitFor(
      async () => {
        const res = await fetch(`http://127.0.0.1:${limitedPort}/api/banner`, {
          headers: { connection: 'close' },
          signal: AbortSignal.timeout(1000),
        });
        expect(res.status).toBe(200);
      },
      { timeout: 8000, interval: 200 },
    );
    // Shed from 90 % (18) down to 80 % (16) of the cap: the four oldest idle connections.
    await vi.waitFor(() => expect(shed).toBeGreaterThanOrEqual(4));
    for (const s of idle) s.destroy();
  });
});
