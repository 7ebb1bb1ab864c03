import type { Rng } from './rng.ts';

/** Bytes written straight to a socket: what no HTTP client library would send. */
export interface RawCase {
  kind: 'raw';
  category: string;
  bytes: Buffer;
  token?: string;
  tokenIn?: 'path';
  /** the status the first answer should carry, when HTTP names one (e.g. 431) */
  expect?: number;
  /** the request line names /rest: the answer must be a Subsonic envelope */
  subsonic?: boolean;
}

const raw = (category: string, text: string | Buffer, extra: Partial<RawCase> = {}): RawCase => ({
  kind: 'raw',
  category: `raw: ${category}`,
  bytes: typeof text === 'string' ? Buffer.from(text, 'latin1') : text,
  ...extra,
});

/** One socket-level abuse, drawn from a fixed list; the token rides in the path where there is one. */
export function rawCase(rng: Rng, token: string, port: number): RawCase {
  const t = token;
  const host = `Host: 127.0.0.1:${port}\r\n`;
  const close = 'Connection: close\r\n';
  const withToken = { token: t, tokenIn: 'path' as const };
  const cases: (() => RawCase)[] = [
    () => raw('malformed request line', 'GET\r\n\r\n'),
    () => raw('malformed request line', `FOO BAR BAZ QUX\r\n${host}\r\n`),
    () => raw('malformed request line', `GET  /api/${t}  HTTP/1.1\r\n${host}${close}\r\n`, withToken),
    () => raw('malformed request line', `GET /api/ban ner${t} HTTP/1.1\r\n${host}${close}\r\n`, withToken),
    () => raw('malformed request line', `GET /api/banner HTTP/9.9\r\n${host}${close}\r\n`),
    () => raw('malformed request line', `GET /api/${t} HTTP/1.1\n${host.trim()}\n${close.trim()}\n\n`, withToken),
    () => raw('binary garbage', Buffer.from(Array.from({ length: 256 }, () => rng.int(0, 255)))),
    () => raw('unknown method', `BREW /api/banner HTTP/1.1\r\n${host}${close}\r\n`),
    () => raw('lower-case method', `get /api/banner HTTP/1.1\r\n${host}${close}\r\n`),
    () => raw('bad percent-encoding', `GET /api/%zz${t} HTTP/1.1\r\n${host}${close}\r\n`, withToken),
    () => raw('bad percent-encoding', `GET /api/%${t} HTTP/1.1\r\n${host}${close}\r\n`, withToken),
    () => raw('bad percent-encoding', `GET /api/banner?type=%zz HTTP/1.1\r\n${host}${close}\r\n`),
    () => raw('bad percent-encoding', `GET /api/search?keywords=%E4%B8 HTTP/1.1\r\n${host}${close}\r\n`),
    () => raw('bad percent-encoding', `GET /api/media/audio/%zz${t}.mp3 HTTP/1.1\r\n${host}${close}\r\n`, withToken),
    () => raw('header > 16 KB', `GET /api/banner HTTP/1.1\r\n${host}X-Big: ${'a'.repeat(17_000)}\r\n${close}\r\n`, { expect: 431 }),
    () =>
      raw(
        'header > 16 KB',
        `GET /api/banner HTTP/1.1\r\n${host}${Array.from({ length: 1200 }, (_, i) => `X-Header-${i}: value\r\n`).join('')}${close}\r\n`,
        {
          expect: 431,
        },
      ),
    () => raw('request line > 16 KB', `GET /api/${'a'.repeat(17_000)}${t} HTTP/1.1\r\n${host}${close}\r\n`, { ...withToken, expect: 431 }),
    () => raw('CONNECT', `CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1:22\r\n\r\n`),
    () => raw('CONNECT', `CONNECT /api/banner HTTP/1.1\r\n${host}\r\n`),
    () => raw('absolute-form URL', `GET http://evil.example/api/banner HTTP/1.1\r\n${host}${close}\r\n`),
    () => raw('absolute-form URL', `GET http://evil.example/api/${t} HTTP/1.1\r\n${host}${close}\r\n`, withToken),
    () => raw('absolute-form URL', `GET https://[::1]:99999/api/banner HTTP/1.1\r\n${host}${close}\r\n`),
    () => raw('asterisk-form', `OPTIONS * HTTP/1.1\r\n${host}${close}\r\n`),
    () => raw('scheme-relative path', `GET //evil.example/api/banner HTTP/1.1\r\n${host}${close}\r\n`),
    () => raw('missing Host', `GET /api/banner HTTP/1.1\r\n${close}\r\n`),
    () => raw('HTTP/1.0 without Host', `GET /api/banner HTTP/1.0\r\n\r\n`),
    () => raw('duplicate Host', `GET /api/banner HTTP/1.1\r\n${host}Host: evil.example\r\n${close}\r\n`),
    () => raw('garbage Host', `GET /api/banner HTTP/1.1\r\nHost: ${t}:99999/<x>\r\n${close}\r\n`),
    () => raw('HTTP/0.9', `GET /api/banner\r\n`),
    () => raw('HTTP/0.9', `GET /api/${t}\r\n\r\n`, withToken),
    () => raw('pipelined garbage', `GET /api/banner HTTP/1.1\r\n${host}\r\nGARBAGE ${t}\r\n\r\n`),
    () => raw('pipelined garbage', `${`GET /api/banner HTTP/1.1\r\n${host}\r\n`.repeat(5)}\x00\x01\x02\r\n\r\n`),
    () =>
      raw(
        'pipelined garbage',
        `POST /api/banner HTTP/1.1\r\n${host}Content-Length: 3\r\n\r\nabcGET /api/${t} HTTP/1.1\r\n${host}${close}\r\n`,
        withToken,
      ),
    () =>
      raw(
        'smuggling: CL + TE',
        `POST /api/banner HTTP/1.1\r\n${host}Content-Length: 4\r\nTransfer-Encoding: chunked\r\n${close}\r\n0\r\n\r\n`,
      ),
    () => raw('smuggling: two CL', `POST /api/banner HTTP/1.1\r\n${host}Content-Length: 1\r\nContent-Length: 2\r\n${close}\r\nab`),
    () =>
      raw(
        'bad chunked body',
        `POST /api/banner HTTP/1.1\r\n${host}Transfer-Encoding: chunked\r\nContent-Type: application/json\r\n${close}\r\nzz\r\n{}\r\n0\r\n\r\n`,
      ),
    () => raw('negative Content-Length', `POST /api/banner HTTP/1.1\r\n${host}Content-Length: -1\r\n${close}\r\n`),
    () => raw('huge Content-Length', `POST /api/banner HTTP/1.1\r\n${host}Content-Length: 99999999999999999999\r\n${close}\r\n`),
    () => raw('obs-fold header', `GET /api/banner HTTP/1.1\r\n${host}X-A: a\r\n  folded\r\n${close}\r\n`),
    () => raw('bad header name', `GET /api/banner HTTP/1.1\r\n${host}X A(): b\r\n${close}\r\n`),
    () => raw('NUL in header', `GET /api/banner HTTP/1.1\r\n${host}X-A: a\x00b\r\n${close}\r\n`),
    () =>
      raw(
        'Expect: 100-continue',
        `POST /api/banner HTTP/1.1\r\n${host}Expect: 100-continue\r\nContent-Length: 2\r\nContent-Type: application/json\r\n${close}\r\n{}`,
      ),
    () => raw('Upgrade: websocket', `GET /api/banner HTTP/1.1\r\n${host}Connection: Upgrade\r\nUpgrade: websocket\r\n\r\n`),
    () => raw('h2 preface', 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n'),
    () => raw('TLS hello', Buffer.from('16030100a5010000a10303', 'hex')),
  ];
  return rng.pick(cases)();
}
