/**
 * Records what a NetEase web client really sends, by driving its own UI in Chromium against this
 * server: `npx tsx scripts/record-netease-client.ts <built-client-dir> <out.json> [screenshots-dir]`.
 *
 * The client is YesPlayMusic's web build, made elsewhere from its own checkout (nothing of it is in
 * this repository; apps/server/test/fixtures/README.md says how), with
 * `VUE_APP_NETEASE_API_URL=https://127.0.0.1:4610/api`. This script serves that directory at
 * http://localhost:8610 — another origin and another site than the server's — starts the server on
 * 127.0.0.1:4610 with a fresh demo library and that origin in `allowedOrigins` (the one setting
 * such a client needs), then clicks through a session as a listener would: log in by phone and
 * password, the library, home, 每日推荐 and a song played from it, 私人FM, a like, log out. Every
 * request the server saw is written to <out.json> journey by journey, with its answer's status and
 * `code`; the session token is replaced by `{session}`.
 */
import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { buildApp } from '../apps/server/src/app.ts';
import { launchBrowser } from '../e2e/src/browser.ts';

const API_PORT = 4610;
const PAGE_PORT = 8610;
const PAGE_ORIGIN = `http://localhost:${PAGE_PORT}`;

interface Recorded {
  method: string;
  path: string;
  query: Record<string, string>;
  /** a form or JSON body's fields, when the client sent one */
  body?: Record<string, unknown>;
  /** the Range header of a media request (audio is fetched in ranges) */
  range?: string;
  status?: number;
  /** the NetEase `code` of a JSON answer */
  code?: number;
}

/** A self-signed certificate for 127.0.0.1 (openssl): the client rewrites every media URL to https. */
function selfSigned(dir: string): { cert: Buffer; key: Buffer } {
  const [cert, key] = [join(dir, 'cert.pem'), join(dir, 'key.pem')];
  const subject = ['-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'];
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', ...subject, '-keyout', key, '-out', cert], {
    stdio: 'ignore',
  });
  return { cert: readFileSync(cert), key: readFileSync(key) };
}

/** The JSON `code` of an answer as sent (compressed or not); undefined for anything else. */
function codeOf(payload: unknown, encoding: unknown): number | undefined {
  let text: string;
  if (typeof payload === 'string') text = payload;
  else if (Buffer.isBuffer(payload)) {
    const raw = encoding === 'br' ? brotliDecompressSync(payload) : encoding === 'gzip' ? gunzipSync(payload) : payload;
    text = raw.toString('utf8');
  } else return undefined;
  try {
    const code = (JSON.parse(text) as { code?: unknown }).code;
    return typeof code === 'number' ? code : undefined;
  } catch {
    return undefined;
  }
}

/** The session token and the QR key are this run's: the fixture names them. */
function placeholders(journeys: { requests: Recorded[] }[]): void {
  const qrKeys = new Set<string>();
  for (const { requests } of journeys) {
    for (const r of requests) {
      for (const fields of [r.query, r.body ?? {}]) {
        for (const [name, value] of Object.entries(fields)) {
          if (typeof value !== 'string') continue;
          if (name === 'key' && r.path.startsWith('/api/login/qr/')) qrKeys.add(value);
          fields[name] = qrKeys.has(value) ? '{qrKey}' : value.replace(/MUSIC_U=[0-9a-f]{64}/g, 'MUSIC_U={session}');
        }
      }
    }
  }
}

const [clientDir, outFile, label, shotsDir] = process.argv.slice(2);
if (!clientDir || !outFile || !label || !existsSync(join(clientDir, 'index.html'))) {
  console.error('usage: npx tsx scripts/record-netease-client.ts <built-client-dir> <out.json> <client label> [screenshots-dir]');
  process.exit(2);
}

const TYPES = new Map([
  ['.html', 'text/html; charset=utf-8'],
  ['.js', 'text/javascript'],
  ['.css', 'text/css'],
  ['.json', 'application/json'],
  ['.png', 'image/png'],
  ['.svg', 'image/svg+xml'],
  ['.ico', 'image/x-icon'],
  ['.woff2', 'font/woff2'],
  ['.ttf', 'font/ttf'],
]);

/** The client's files, and its index.html for every other path (it routes in the page, history mode). */
function serveClient(dir: string): Promise<Server> {
  const root = resolve(dir);
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', PAGE_ORIGIN).pathname);
    let file = resolve(join(root, path));
    if (!file.startsWith(root) || !existsSync(file) || statSync(file).isDirectory()) file = join(root, 'index.html');
    // The client's service worker would answer later loads from its cache: not what a first visit does.
    if (path === '/service-worker.js') return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': TYPES.get(extname(file)) ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((done) => server.listen(PAGE_PORT, '127.0.0.1', () => done(server)));
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cloudtune-record-'));
  const tls = selfSigned(dataDir);
  // The one setting a web client served from another origin needs: its origin, allowed.
  const app = await buildApp({ dataDir: join(dataDir, 'data'), demo: true, allowedOrigins: [PAGE_ORIGIN], tls });
  const journeys: { name: string; requests: Recorded[] }[] = [];
  let current: Recorded[] = [];
  let inFlight = 0;
  let lastActivity = Date.now();
  const byRequest = new WeakMap<object, Recorded>();
  app.addHook('onRequest', async (request) => {
    const url = new URL(request.url, 'http://server');
    const entry: Recorded = { method: request.method, path: url.pathname, query: Object.fromEntries(url.searchParams) };
    if (typeof request.headers.range === 'string') entry.range = request.headers.range;
    byRequest.set(request, entry);
    current.push(entry);
    inFlight++;
    lastActivity = Date.now();
  });
  app.addHook('preHandler', async (request) => {
    const entry = byRequest.get(request);
    const body = request.body;
    if (entry && body && typeof body === 'object' && !Buffer.isBuffer(body)) entry.body = { ...(body as Record<string, unknown>) };
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const entry = byRequest.get(request);
    const code = entry && codeOf(payload, reply.getHeader('content-encoding'));
    if (entry && code !== undefined) entry.code = code;
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    const entry = byRequest.get(request);
    if (entry) entry.status = reply.statusCode;
    inFlight--;
    lastActivity = Date.now();
  });
  await app.listen({ port: API_PORT, host: '127.0.0.1' });
  const page = await serveClient(clientDir!);
  const browser = await launchBrowser();
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 }, ignoreHTTPSErrors: true });
  const tab = await context.newPage();
  tab.on('dialog', (dialog) => void dialog.accept());
  tab.on('pageerror', (err) => console.error(`[page error] ${err.message}`));
  const shots = shotsDir ? (mkdirSync(shotsDir, { recursive: true }), shotsDir) : null;

  /** The server has had nothing to do for a second: the page has loaded what this step asks for. */
  const settled = async () => {
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && (inFlight > 0 || Date.now() - lastActivity < 1000)) await new Promise((r) => setTimeout(r, 100));
  };
  /** Waits until the server has seen a request whose path starts so, in this journey. */
  const seen = async (prefix: string) => {
    const deadline = Date.now() + 30_000;
    while (!current.some((r) => r.path.startsWith(prefix))) {
      if (Date.now() > deadline) throw new Error(`the client sent no ${prefix}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const journey = async (name: string, steps: (p: Page) => Promise<void>) => {
    current = [];
    journeys.push({ name, requests: current });
    await steps(tab);
    await settled();
    if (shots) await tab.screenshot({ path: join(shots, `${journeys.length}-${name}.png`) });
    console.log(`${name}: ${current.length} requests`);
  };

  try {
    await journey('first visit (home, logged out)', async (p) => {
      await p.goto(`${PAGE_ORIGIN}/`);
      await p.locator('.home').waitFor();
    });
    await journey('log in (phone and password; the client then opens its library)', async (p) => {
      await p.goto(`${PAGE_ORIGIN}/login/account?mode=phone`);
      await p.locator('#phoneNumber').fill('13800000000');
      await p.locator('#password').fill('cloudtune');
      await p.locator('#password').press('Enter');
      await p.waitForURL(/\/library$/);
      await p.locator('.liked-songs').waitFor();
    });
    await journey('library, opened again (a returning visit)', async (p) => {
      await p.reload();
      await p.locator('.liked-songs').waitFor();
    });
    await journey('home', async (p) => {
      await p.locator('.navigation-links a', { hasText: '首页' }).click();
      await p.locator('.daily-recommend-card').waitFor();
      await p.locator('.fm .title').waitFor();
    });
    await journey('daily songs', async (p) => {
      await p.locator('.daily-recommend-card').click();
      await p.waitForURL(/\/daily\/songs$/);
      await p.locator('.track').first().waitFor();
    });
    await journey('play from daily songs, then the next one', async (p) => {
      await p.locator('.track .title-and-artist .title').first().dblclick();
      await seen('/api/song/url');
      await seen('/api/media/audio/');
      await p.locator('.player .middle-control-buttons button[title="下一首"]').click();
      await seen('/api/scrobble');
    });
    await journey('私人FM: play, then the next one', async (p) => {
      await p.locator('.navigation-links a', { hasText: '首页' }).click();
      await p.locator('.fm .buttons .play').click();
      await seen('/api/song/url');
      await p.locator('.fm .buttons button[title="下一首"]').click();
      await seen('/api/scrobble');
    });
    await journey('a daily song played to its end', async (p) => {
      await p.locator('.daily-recommend-card').click();
      await p.locator('.track .time').first().waitFor();
      // The shortest of the list (demo songs last 30–120 s), played until the client moves on by itself.
      const times = await p.locator('.track .time').allTextContents();
      const seconds = times.map((t) =>
        t
          .trim()
          .split(':')
          .reduce((sum, part) => sum * 60 + Number(part), 0),
      );
      const shortest = seconds.indexOf(Math.min(...seconds));
      await p.locator('.track .title-and-artist .title').nth(shortest).dblclick();
      await seen('/api/song/url');
      const ended = Date.now() + (Math.min(...seconds) + 60) * 1000;
      // One report for the song left playing, then two as it ends (completed, and as the next starts).
      while (current.filter((r) => r.path === '/api/scrobble').length < 3) {
        if (Date.now() > ended) throw new Error('the song did not play to its end');
        await new Promise((r) => setTimeout(r, 500));
      }
    });
    await journey('like the song playing', async (p) => {
      await p.locator('.player .like-button button').click();
      await seen('/api/like');
    });
    await journey('explore, another category', async (p) => {
      await p.locator('.navigation-links a', { hasText: '发现' }).click();
      await p.locator('.explore-page .playlists .item').first().waitFor();
      await p.locator('.explore-page .buttons .button').nth(1).click();
      await settled();
    });
    await journey('a playlist', async (p) => {
      await p.locator('.explore-page .playlists .item .title a').first().click();
      await p.waitForURL(/\/playlist\/\d+$/);
      await p.locator('.track').first().waitFor();
    });
    await journey('an artist', async (p) => {
      await p.locator('.track .artist a').first().click();
      await p.waitForURL(/\/artist\/\d+$/);
    });
    await journey('search', async (p) => {
      await p.locator('.search-box input').fill('love');
      await p.locator('.search-box input').press('Enter');
      await p.waitForURL(/\/search\/love/);
    });
    await journey('log out', async (p) => {
      // Paused first: logged out, the client plays from music.163.com, which a machine without the
      // internet cannot reach, and skips through the whole queue.
      await p.locator('.player .middle-control-buttons button.play').click();
      await p.locator('nav .avatar').click();
      await p.locator('.context-menu .item', { hasText: '登出' }).click();
      await seen('/api/logout');
      await p.waitForURL(`${PAGE_ORIGIN}/`);
    });
  } finally {
    if (shots) await tab.screenshot({ path: join(shots, 'last.png') });
    await browser.close();
    await new Promise((r) => page.close(r));
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
    placeholders(journeys);
    const about =
      `What ${label} sent to the server, recorded from its own UI driven in Chromium (scripts/record-netease-client.ts; ` +
      `fixtures/README.md): its page at ${PAGE_ORIGIN}, the server at https://127.0.0.1:${API_PORT}/api with that origin allowed. ` +
      'Each request has the status and NetEase code it got; {session} is the MUSIC_U the login gave, {qrKey} the QR key of the login page.';
    writeFileSync(outFile!, `${JSON.stringify({ about, pageOrigin: PAGE_ORIGIN, journeys }, null, 2)}\n`);
  }
}

await main();
