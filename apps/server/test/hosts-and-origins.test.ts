import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { expectContract, getJson, startTestApp, type TestApp } from './helpers.ts';

const EVIL = 'https://evil.example';

describe('CORS in API-only mode (the desktop shell)', () => {
  let api: TestApp;
  beforeAll(async () => {
    api = await startTestApp({ apiPrefix: '', allowedOrigins: ['http://localhost:5173'] });
  });
  afterAll(() => api.close());

  it.each(['app://cloudtune', 'http://localhost:5173'])('answers %s with credentials', async (origin) => {
    const res = await api.app.inject({ method: 'GET', url: '/banner', headers: { origin } });
    expect(res.headers['access-control-allow-origin']).toBe(origin);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(res.headers.vary).toMatch(/Origin/);
  });

  it.each([EVIL, 'null', 'cloudtune://app', 'http://localhost:5174'])(
    'gives %s no Access-Control-Allow-Origin, not even in a preflight',
    async (origin) => {
      const res = await api.app.inject({ method: 'GET', url: '/banner', headers: { origin } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      const preflight = await api.app.inject({
        method: 'OPTIONS',
        url: '/login/cellphone',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    },
  );
  it('refuses a POST from an unknown origin (403) and takes it from the shell', async () => {
    const evil = await api.app.inject({
      method: 'POST',
      url: '/playlist/detail?id=1',
      headers: { origin: EVIL, 'sec-fetch-site': 'cross-site' },
    });
    expect([evil.statusCode, evil.json()]).toEqual([403, { code: 403, msg: '跨站请求被拒绝' }]);
    const shell = await api.app.inject({
      method: 'POST',
      url: '/playlist/detail?id=1',
      headers: { origin: 'app://cloudtune', 'sec-fetch-site': 'cross-site' },
    });
    expect(shell.statusCode).toBe(200);
  });
});

describe('absolute URLs', () => {
  let web: TestApp;
  beforeAll(async () => {
    web = await startTestApp();
    await web.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => web.close());

  /** Over a real socket (fetch would not send a Host of our choosing). */
  const picUrl = (port: number, host: string) =>
    new Promise<string>((resolve, reject) => {
      get({ host: '127.0.0.1', port, path: '/api/personalized?limit=1', headers: { host } }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk));
        res.on('end', () => resolve((JSON.parse(text) as { result: { picUrl: string }[] }).result[0]!.picUrl));
      }).on('error', reject);
    });

  it('ignore a forged Host: they name the address the connection reached', async () => {
    const { port } = web.app.server.address() as { port: number };
    expect(await picUrl(port, 'evil.example:8080')).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:${port}/api/media/image/playlist/\\d+\\.jpg$`),
    );
    expect(await picUrl(port, `localhost:${port}`)).toMatch(new RegExp(`^http://localhost:${port}/api/`));
  });

  it('come from CLOUDTUNE_PUBLIC_URL when it is set, whatever the Host', async () => {
    const pub = await startTestApp({ publicUrl: 'https://music.example.com/', dataDir: web.dataDir });
    try {
      const res = await getJson(pub.app, '/api/personalized?limit=1', { host: 'evil.example' });
      expect(expectContract('/personalized', res.body).result[0]!.picUrl).toMatch(
        /^https:\/\/music\.example\.com\/api\/media\/image\/playlist\//,
      );
    } finally {
      await pub.app.close();
    }
  });

  it('refuse to start with a bad public URL or origin', async () => {
    await expect(startTestApp({ publicUrl: 'ftp://x' })).rejects.toThrow(/CLOUDTUNE_PUBLIC_URL/);
    await expect(startTestApp({ allowedOrigins: ['not an origin'] })).rejects.toThrow(/origin/);
  });
});

describe('settings', () => {
  it('both modes listen on 127.0.0.1 unless HOST says otherwise (serving a network is a choice: decision 0027)', () => {
    expect(loadConfig({ CLOUDTUNE_API_ONLY: '1' }).host).toBe('127.0.0.1');
    expect(loadConfig({ CLOUDTUNE_API_ONLY: '1', HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('reads the allow-lists, the public URL and the SMS webhook', () => {
    const c = loadConfig({
      CLOUDTUNE_ALLOWED_ORIGINS: 'http://localhost:5173, https://music.lan',
      CLOUDTUNE_ALLOWED_HOSTS: 'music.lan nas.local:8080',
      CLOUDTUNE_PUBLIC_URL: 'https://music.example.com',
      CLOUDTUNE_SMS_WEBHOOK: 'http://127.0.0.1:9000/sms',
    });
    expect(c).toMatchObject({
      allowedOrigins: ['http://localhost:5173', 'https://music.lan'],
      allowedHosts: ['music.lan', 'nas.local:8080'],
      publicUrl: 'https://music.example.com',
      smsWebhook: 'http://127.0.0.1:9000/sms',
    });
    expect(() => loadConfig({ CLOUDTUNE_SMS_WEBHOOK: 'mailto:x' })).toThrow(/CLOUDTUNE_SMS_WEBHOOK/);
  });
});
