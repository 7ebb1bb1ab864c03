import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/connection.ts';
import { seedDemoLibrary } from '../src/content/demo/index.ts';
import { proxyTrust } from '../src/http/proxies.ts';
import { readTlsFiles } from '../src/http/tls.ts';
import { startServer, type RunningServer } from '../src/server.ts';
import { expectContract, freshDataDir, startTestApp, type TestApp } from './helpers.ts';

/**
 * NetEase clients rewrite every media URL to https: the server speaks HTTPS with a certificate,
 * and behind a reverse proxy builds URLs from what a trusted proxy forwards
 * (docs/decisions/0024-https-and-proxies.md).
 */
const serverDir = fileURLToPath(new URL('..', import.meta.url));
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A fresh self-signed certificate for localhost and 127.0.0.1 (openssl, as a user would make one). */
function selfSigned(): { dir: string; cert: string; key: string } {
  const dir = mkdtempSync(join(tmpdir(), 'cloudtune-tls-'));
  dirs.push(dir);
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=localhost', '-days', '1'].concat([
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ]),
    { stdio: 'ignore' },
  );
  return { dir, cert, key };
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** GET over TLS, verifying the server's certificate against the test's own CA. */
function getTls(url: string, ca: Buffer, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(url, { ca, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const json = (a: Answer): unknown => JSON.parse(a.body.toString('utf8'));

describe('serving HTTPS with CLOUDTUNE_TLS_CERT and CLOUDTUNE_TLS_KEY', () => {
  let tls: Awaited<ReturnType<typeof selfSigned>>;
  let ca: Buffer;
  let server: RunningServer;
  const printed: string[] = [];
  let base = '';

  beforeAll(async () => {
    tls = selfSigned();
    ca = readFileSync(tls.cert);
    const dataDir = freshDataDir();
    dirs.push(dataDir);
    // A small library keeps the start quick; serve finds it and seeds nothing more.
    const db = await openDatabase(dataDir);
    await seedDemoLibrary(db, { songCount: 24, playlistCount: 4 });
    await db.close();
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      CLOUDTUNE_DATA: dataDir,
      CLOUDTUNE_WEB_DIST: dataDir,
      CLOUDTUNE_LOG_LEVEL: 'silent',
      CLOUDTUNE_TLS_CERT: tls.cert,
      CLOUDTUNE_TLS_KEY: tls.key,
    });
    server = await startServer(config, (line) => printed.push(line));
    base = server.url.replace('localhost', '127.0.0.1');
  });
  afterAll(() => server?.app.close());

  it('prints an https:// serving line', () => {
    expect(printed).toEqual([expect.stringMatching(/^Cloudtune is serving at https:\/\/localhost:\d+\/$/)]);
  });

  it('answers /playlist/detail over TLS with https cover URLs', async () => {
    const list = json(await getTls(`${base}api/top/playlist?limit=1`, ca)) as { playlists: { id: number }[] };
    const res = await getTls(`${base}api/playlist/detail?id=${list.playlists[0]!.id}`, ca);
    expect(res.status).toBe(200);
    const detail = expectContract('/playlist/detail', json(res));
    const origin = base.replace(/\/$/, '');
    expect(detail.playlist.coverImgUrl).toMatch(new RegExp(`^${origin}/api/media/image/`));
    expect(detail.playlist.tracks.length).toBeGreaterThan(0);
    for (const track of detail.playlist.tracks) expect(track.al.picUrl).toMatch(/^https:\/\//);
    const cover = await getTls(detail.playlist.coverImgUrl, ca);
    expect([cover.status, cover.headers['content-type']]).toEqual([200, 'image/jpeg']);
  });

  it('gives /song/url an https audio URL that streams with Range over TLS', async () => {
    const songs = json(await getTls(`${base}api/top/song?type=0`, ca)) as { data: { id: number }[] };
    const id = songs.data[0]!.id;
    const res = await getTls(`${base}api/song/url?id=${id}`, ca);
    const song = expectContract('/song/url', json(res)).data[0]!;
    expect(song.url).toMatch(new RegExp(`^https://127\\.0\\.0\\.1:\\d+/api/media/audio/${id}\\.mp3$`));
    const part = await getTls(song.url!, ca, { range: 'bytes=0-1023' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toMatch(/^bytes 0-1023\/\d+$/);
    expect(part.body.length).toBe(1024);
    // An MP3 starts with an ID3 tag or a frame sync.
    expect(part.body.subarray(0, 3).toString('latin1') === 'ID3' || part.body[0] === 0xff).toBe(true);
  });

  it('refuses plain HTTP on the TLS port (no unencrypted answer leaks)', async () => {
    await expect(fetch(base.replace('https:', 'http:') + 'api/banner')).rejects.toThrow();
  });
});

describe('bad certificate settings stop the start with one readable line', () => {
  /** `cloudtune serve` with the given env; resolves with its exit code and output. */
  function serve(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
    const dataDir = freshDataDir();
    dirs.push(dataDir);
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'serve'], {
      cwd: serverDir,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', CLOUDTUNE_DATA: dataDir, CLOUDTUNE_WEB_DIST: dataDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
  }

  it('a certificate without its key', async () => {
    const { cert } = selfSigned();
    const run = await serve({ CLOUDTUNE_TLS_CERT: cert });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim()).toBe(
      'Cloudtune: CLOUDTUNE_TLS_CERT and CLOUDTUNE_TLS_KEY go together: set both (a PEM certificate and its private key) or neither',
    );
  });

  it('a file that is not PEM', async () => {
    const { dir, key } = selfSigned();
    const bad = join(dir, 'bad.pem');
    writeFileSync(bad, 'not a certificate\n');
    const run = await serve({ CLOUDTUNE_TLS_CERT: bad, CLOUDTUNE_TLS_KEY: key });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim()).toBe(`Cloudtune: CLOUDTUNE_TLS_CERT: ${bad} is not a PEM certificate`);
  });

  it('missing files, a broken PEM body and a key of another certificate', () => {
    const a = selfSigned();
    const b = selfSigned();
    expect(() => readTlsFiles(join(a.dir, 'nope.pem'), a.key)).toThrow(
      `CLOUDTUNE_TLS_CERT: cannot read ${join(a.dir, 'nope.pem')} (no such file)`,
    );
    expect(() => readTlsFiles(a.cert, join(a.dir, 'nope.pem'))).toThrow(/^CLOUDTUNE_TLS_KEY: cannot read .*no such file/);
    const broken = join(a.dir, 'broken.pem');
    writeFileSync(broken, '-----BEGIN CERTIFICATE-----\nnot base64 at all!\n-----END CERTIFICATE-----\n');
    expect(() => readTlsFiles(broken, a.key)).toThrow(/^CLOUDTUNE_TLS_CERT \/ CLOUDTUNE_TLS_KEY cannot be used: /);
    expect(() => readTlsFiles(a.cert, b.key)).toThrow(/^CLOUDTUNE_TLS_CERT \/ CLOUDTUNE_TLS_KEY cannot be used: .*mismatch/);
    expect(() => readTlsFiles(a.cert, a.cert)).toThrow(/CLOUDTUNE_TLS_KEY: .* is not a PEM private key/);
    expect(readTlsFiles(null, null)).toBeNull();
    expect(readTlsFiles(a.cert, a.key)?.cert.toString()).toMatch(/BEGIN CERTIFICATE/);
  });
});

describe('behind a reverse proxy (CLOUDTUNE_TRUSTED_PROXIES)', () => {
  let trusted: TestApp;
  let untrusted: TestApp;
  let trustedBase = '';
  let untrustedBase = '';
  const small = { songCount: 12, playlistCount: 2 };

  beforeAll(async () => {
    trusted = await startTestApp({ trustedProxies: ['10.0.0.0/8', '127.0.0.1'], demoLibrary: small });
    untrusted = await startTestApp({ trustedProxies: ['10.0.0.0/8'], demoLibrary: small });
    for (const t of [trusted, untrusted]) await t.app.listen({ port: 0, host: '127.0.0.1' });
    trustedBase = `http://127.0.0.1:${(trusted.app.server.address() as { port: number }).port}`;
    untrustedBase = `http://127.0.0.1:${(untrusted.app.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await trusted?.close();
    await untrusted?.close();
  });

  async function songUrl(base: string, headers: Record<string, string>): Promise<string> {
    const list = (await (await fetch(`${base}/api/top/song?type=0`)).json()) as { data: { id: number }[] };
    const res = await fetch(`${base}/api/song/url?id=${list.data[0]!.id}`, { headers });
    return expectContract('/song/url', await res.json()).data[0]!.url!;
  }

  it('a trusted proxy’s X-Forwarded-Proto and X-Forwarded-Host make the URLs', async () => {
    const url = await songUrl(trustedBase, { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'music.example.com' });
    expect(url).toMatch(/^https:\/\/music\.example\.com\/api\/media\/audio\/\d+\.mp3$/);
    const cover = await fetch(`${trustedBase}/api/personalized?limit=1`, {
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'music.example.com:8443' },
    });
    const item = ((await cover.json()) as { result: { picUrl: string }[] }).result[0]!;
    expect(item.picUrl).toMatch(/^https:\/\/music\.example\.com:8443\/api\/media\/image\//);
    // Only the scheme forwarded: the host stays the one the connection reached.
    expect(await songUrl(trustedBase, { 'x-forwarded-proto': 'https' })).toMatch(
      new RegExp(`^${trustedBase.replace('http', 'https')}/api/`),
    );
    // A chain of proxies: the value the nearest (trusted) one added counts.
    expect(await songUrl(trustedBase, { 'x-forwarded-proto': 'http, https', 'x-forwarded-host': 'evil.example, music.lan' })).toMatch(
      /^https:\/\/music\.lan\/api\//,
    );
  });

  it('the same headers from a sender that is not a trusted proxy are ignored', async () => {
    const url = await songUrl(untrustedBase, { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'music.example.com' });
    expect(url).toMatch(new RegExp(`^${untrustedBase}/api/media/audio/\\d+\\.mp3$`));
  });

  it.each([
    ['a host with a path', { 'x-forwarded-host': 'evil.example/x' }],
    ['a host with credentials', { 'x-forwarded-host': 'user@evil.example' }],
    ['a host with a port past 65535', { 'x-forwarded-host': 'evil.example:99999' }],
    ['a host with spaces', { 'x-forwarded-host': 'evil example' }],
    ['a scheme other than http(s)', { 'x-forwarded-proto': 'javascript' }],
  ])('a forged value is ignored even from a trusted proxy: %s', async (_name, headers) => {
    const url = await songUrl(trustedBase, headers);
    expect(url).toMatch(new RegExp(`^${trustedBase}/api/media/audio/\\d+\\.mp3$`));
  });

  it('CLOUDTUNE_PUBLIC_URL still wins over what a proxy forwards', async () => {
    const pinned = await startTestApp({ trustedProxies: ['127.0.0.1'], publicUrl: 'https://music.example.org/', demoLibrary: small });
    try {
      await pinned.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(pinned.app.server.address() as { port: number }).port}`;
      const url = await songUrl(base, { 'x-forwarded-proto': 'http', 'x-forwarded-host': 'other.example' });
      expect(url).toMatch(/^https:\/\/music\.example\.org\/api\/media\/audio\//);
    } finally {
      await pinned.close();
    }
  });

  it('reads the list from the environment and refuses an entry that is not an IP or CIDR', () => {
    expect(loadConfig({ CLOUDTUNE_TRUSTED_PROXIES: '127.0.0.1, 10.0.0.0/8 ::1' }).trustedProxies).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
    ]);
    const trust = proxyTrust(['127.0.0.1', '10.0.0.0/8', 'fd00::/8'])!;
    expect(['127.0.0.1', '::ffff:127.0.0.1', '10.20.30.40', 'fd00::5'].map(trust)).toEqual([true, true, true, true]);
    expect(['127.0.0.2', '192.168.1.1', '::1', 'fe80::1', ''].map(trust)).toEqual([false, false, false, false, false]);
    expect(proxyTrust([])).toBeNull();
    for (const bad of ['nginx', '10.0.0.0/33', '10.0.0.0/8/1', '300.1.1.1']) {
      expect(() => proxyTrust([bad])).toThrow(`CLOUDTUNE_TRUSTED_PROXIES: "${bad}" is not an IP address or a CIDR range`);
    }
  });
});
