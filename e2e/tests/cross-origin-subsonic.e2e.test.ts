import { createServer, type Server } from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser } from '../src/browser.ts';
import { freePort, startServer, type RunningServer } from '../src/server.ts';

/**
 * A Subsonic web client served from another origin (a page on another port, which
 * CLOUDTUNE_ALLOWED_ORIGINS does not name) talks to /rest as such clients do: the extensions by GET,
 * then — seeing `formPost` — every call as a form POST, a request with a header of its own (which
 * the browser preflights), and a song streamed into an <audio> element. All of it must pass CORS
 * with nothing configured. The same page's credentialed call to the NetEase API (a write, with the
 * visitor's session cookie, the page being on the same host) is refused: that API keeps its allow-list.
 */
const DEMO = { phone: '13800000000', password: 'cloudtune', subsonic: 'subsonic' };

/** The page: its own script, run on load; it writes what it saw into #result. */
const PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>Subsonic web client</title></head>
<body><audio controls></audio><pre id="result"></pre>
<script>
const server = new URLSearchParams(location.search).get('server');
const auth = { u: '${DEMO.phone}', p: '${DEMO.subsonic}', v: '1.16.1', c: 'web-client', f: 'json' };
const calls = [];
async function call(name, params = {}, { get = false, headers = {} } = {}) {
  const body = new URLSearchParams({ ...auth, ...params });
  const res = get
    ? await fetch(server + '/rest/' + name + '.view?' + body, { headers })
    : await fetch(server + '/rest/' + name + '.view', { method: 'POST', body, headers });
  const answer = (await res.json())['subsonic-response'];
  calls.push({ name, how: get ? 'GET' : 'POST', status: answer.status, error: answer.error ?? null });
  return answer;
}
(async () => {
  const result = { calls };
  try {
    const extensions = await call('getOpenSubsonicExtensions', {}, { get: true });
    result.formPost = extensions.openSubsonicExtensions.some((e) => e.name === 'formPost');
    await call('ping');
    const newest = await call('getAlbumList2', { type: 'newest', size: '5' });
    const album = await call('getAlbum', { id: newest.albumList2.album[0].id });
    await call('getPlaylists');
    // A header no simple request may carry: the browser asks the server first.
    await call('ping', {}, { get: true, headers: { 'X-Client-Trace': 'preflighted' } });
    const audio = document.querySelector('audio');
    audio.crossOrigin = 'anonymous';
    audio.src = server + '/rest/stream.view?' + new URLSearchParams({ ...auth, id: album.album.song[0].id });
    await audio.play();
    try {
      const res = await fetch(server + '/api/playlist/create?name=from-another-page', { method: 'POST', credentials: 'include' });
      result.netease = 'read: ' + res.status;
    } catch (err) {
      result.netease = 'refused: ' + err.name;
    }
  } catch (err) {
    result.error = String(err);
  }
  document.getElementById('result').textContent = JSON.stringify(result);
})();
</script></body></html>`;

interface LogLine {
  reqId?: string;
  msg?: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
}

let server: RunningServer;
let pageServer: Server;
let pageOrigin: string;
let browser: Browser;

beforeAll(async () => {
  // Another origin of the same host (another port: the same site, so the session cookie goes along).
  const port = await freePort();
  pageOrigin = `http://127.0.0.1:${port}`;
  pageServer = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE));
  await new Promise<void>((done) => pageServer.listen(port, '127.0.0.1', done));
  server = await startServer({ CLOUDTUNE_LOG_LEVEL: 'info', CLOUDTUNE_ALLOWED_ORIGINS: 'http://localhost:5173' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((done) => pageServer?.close(done));
});

/** The server's request log: each request with the status it got. */
function requestsSeen(): { method: string; url: string; status?: number }[] {
  const lines = server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
  const statuses = new Map(lines.filter((l) => l.res).map((l) => [l.reqId, l.res!.statusCode]));
  return lines.filter((l) => l.req).map((l) => ({ method: l.req!.method, url: l.req!.url, status: statuses.get(l.reqId) }));
}

it('a Subsonic web client on another origin gets every answer; the NetEase API still refuses that page', async () => {
  const context = await browser.newContext();
  // The visitor is logged in to the server's own web app: its session cookie is in the browser.
  const login = await context.request.get(`${server.url}/api/login/cellphone?phone=${DEMO.phone}&password=${DEMO.password}`);
  expect((await login.json()).code).toBe(200);
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('[pageerror]', e.message));
  await page.goto(`${pageOrigin}/?server=${encodeURIComponent(server.url)}`);
  await expect.poll(() => page.locator('#result').textContent(), { timeout: 60_000 }).not.toBe('');
  const result = JSON.parse((await page.locator('#result').textContent())!) as {
    calls: { name: string; how: string; status: string; error: unknown }[];
    formPost?: boolean;
    netease?: string;
    error?: string;
  };
  expect(result.error).toBeUndefined();
  expect(result.formPost).toBe(true);
  // Every call was read by the page (CORS let it) and succeeded.
  expect(result.calls).toEqual([
    { name: 'getOpenSubsonicExtensions', how: 'GET', status: 'ok', error: null },
    { name: 'ping', how: 'POST', status: 'ok', error: null },
    { name: 'getAlbumList2', how: 'POST', status: 'ok', error: null },
    { name: 'getAlbum', how: 'POST', status: 'ok', error: null },
    { name: 'getPlaylists', how: 'POST', status: 'ok', error: null },
    { name: 'ping', how: 'GET', status: 'ok', error: null },
  ]);
  // The song really plays, fetched with CORS (crossOrigin = anonymous).
  const audio = page.locator('audio');
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 60_000 }).toBeGreaterThan(1);
  expect(await audio.evaluate((a: HTMLAudioElement) => a.error)).toBeNull();
  // The NetEase API's write: the browser gave the page nothing to read, and the server refused it.
  expect(result.netease).toBe('refused: TypeError');

  const seen = requestsSeen();
  const preflight = seen.find((r) => r.method === 'OPTIONS' && r.url.startsWith('/rest/ping.view'));
  expect(preflight?.status).toBe(204);
  expect(seen.filter((r) => r.method === 'POST' && r.url.startsWith('/rest/')).map((r) => [r.url, r.status])).toEqual([
    ['/rest/ping.view', 200],
    ['/rest/getAlbumList2.view', 200],
    ['/rest/getAlbum.view', 200],
    ['/rest/getPlaylists.view', 200],
  ]);
  // (The stream is still being sent: its request has no status in the log yet.)
  const streams = seen.filter((r) => r.url.startsWith('/rest/stream.view'));
  expect(streams.length).toBeGreaterThan(0);
  expect(seen.filter((r) => r.url.startsWith('/api/playlist/create')).map((r) => [r.method, r.status])).toEqual([['POST', 403]]);
  // Nothing was made in the visitor's name.
  const mine = await context.request.get(`${server.url}/api/user/playlist?uid=1&limit=1000`);
  expect(JSON.stringify(await mine.json())).not.toContain('from-another-page');
  await context.close();
});
