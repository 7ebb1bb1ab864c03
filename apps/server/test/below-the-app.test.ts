import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  ])('%s → {code, msg} with status %i, nothing echoed', async (_name, request, status) => {
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
