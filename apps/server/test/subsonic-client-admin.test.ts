import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SubsonicAPI } from 'subsonic-api';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { call, loginByPhone } from './account-helpers.ts';
import { startTestApp, type TestApp } from './helpers.ts';
import { runFfmpeg } from './import-media.ts';

/**
 * The real client library (subsonic-api, from npm) against a listening server, for what an
 * administrator's and a podcast listener's app do: user admin with token auth, an API key used
 * alone (made in 设置 → Subsonic's endpoint, revoked there), radio, and a podcast episode from a
 * local feed downloaded and played with Range.
 */
const dir = mkdtempSync(join(tmpdir(), 'cloudtune-client-podcast-'));
let mp3: Buffer;
let feedServer: Server;
let feedOrigin: string;
let t: TestApp;
let base: string;

beforeAll(async () => {
  await runFfmpeg(['-f', 'lavfi', '-i', 'sine=frequency=330:duration=2', '-ac', '1', '-b:a', '64k', join(dir, 'ep.mp3')]);
  mp3 = readFileSync(join(dir, 'ep.mp3'));
  feedServer = createServer((req, res) => {
    if (req.url === '/ep.mp3') return void res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(mp3);
    if (req.url !== '/feed.xml') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(`<?xml version="1.0"?>
      <rss version="2.0"><channel><title>Client Cast</title><description>d</description>
        <item><title>Only episode</title><guid>only</guid><pubDate>Mon, 06 Jan 2025 10:00:00 GMT</pubDate>
          <enclosure url="/ep.mp3" type="audio/mpeg" length="${mp3.length}"/></item>
      </channel></rss>`);
  });
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
  feedOrigin = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}`;
  t = await startTestApp({ podcastAllowPrivate: true });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => feedServer?.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const as = (username: string, password: string) => new SubsonicAPI({ url: base, auth: { username, password } });
const admin = () => as('13800000000', 'subsonic');

test('user admin: create, list, log in as the new user, change its password, delete it', async () => {
  expect(await admin().createUser({ username: 'grace', password: 'grace-pw-1', email: 'grace@example.com' })).toMatchObject({
    status: 'ok',
  });
  const { users } = await admin().getUsers();
  expect(users.user!.map((u) => u.username)).toEqual(expect.arrayContaining(['grace']));
  const grace = as('grace', 'grace-pw-1');
  expect((await grace.getUser({ username: 'grace' })).user).toMatchObject({ username: 'grace', adminRole: false });
  expect(await grace.getUsers()).toMatchObject({ status: 'failed', error: { code: 50 } });
  await grace.changePassword({ username: 'grace', password: 'grace-pw-2' });
  expect(await as('grace', 'grace-pw-1').ping()).toMatchObject({ status: 'failed', error: { code: 40 } });
  expect(await as('grace', 'grace-pw-2').ping()).toMatchObject({ status: 'ok' });
  expect(await admin().deleteUser({ username: 'grace' })).toMatchObject({ status: 'ok' });
  expect(await as('grace', 'grace-pw-2').ping()).toMatchObject({ status: 'failed', error: { code: 40 } });
});

test('an API key made in 设置 → Subsonic logs the client in alone, until it is revoked (44)', async () => {
  const session = await loginByPhone(t.app, '13800000000', 'cloudtune');
  const made = (await call(t.app, '/api/subsonic/keys/create?name=client', { session, method: 'POST' })).body.data as {
    id: number;
    key: string;
  };
  const api = new SubsonicAPI({ url: base, auth: { apiKey: made.key } });
  expect(await api.ping()).toMatchObject({ status: 'ok' });
  const info = await api.customJSON<{ tokenInfo: { username: string } }>('tokenInfo', {});
  expect(info.tokenInfo.username).toBe((await admin().getUser({ username: '13800000000' })).user.username);
  await call(t.app, `/api/subsonic/keys/revoke?id=${made.id}`, { session, method: 'POST' });
  expect(await api.ping()).toMatchObject({ status: 'failed', error: { code: 44 } });
});

test('radio stations: an administrator adds one, the list shows it', async () => {
  await admin().createInternetRadioStation({
    name: 'Client FM',
    streamUrl: 'https://radio.example/live',
    homepageUrl: 'https://radio.example/',
  });
  const { internetRadioStations } = await admin().getInternetRadioStations();
  expect(internetRadioStations.internetRadioStation).toEqual([
    { id: '1', name: 'Client FM', streamUrl: 'https://radio.example/live', homePageUrl: 'https://radio.example/' },
  ]);
});

test('a podcast episode from a local feed: subscribe, download, play with Range', async () => {
  const api = admin();
  expect(await api.createPodcastChannel({ url: `${feedOrigin}/feed.xml` })).toMatchObject({ status: 'ok' });
  const { podcasts } = await api.getPodcasts({ includeEpisodes: true });
  const episode = podcasts.channel![0]!.episode![0]!;
  expect(episode).toMatchObject({ title: 'Only episode', status: 'new' });
  await api.downloadPodcastEpisode({ id: episode.id });
  const done = await vi.waitFor(
    async () => {
      const { podcastEpisode } = await api.getPodcastEpisode({ id: episode.id });
      expect(podcastEpisode.status).toBe('completed');
      return podcastEpisode;
    },
    { timeout: 20_000, interval: 50 },
  );
  const part = await fetch(`${base}/rest/stream?id=${done.streamId}&u=13800000000&p=subsonic&v=1.16.1&c=test`, {
    headers: { range: 'bytes=0-99' },
  });
  expect(part.status).toBe(206);
  expect(Buffer.from(await part.arrayBuffer()).equals(mp3.subarray(0, 100))).toBe(true);
  const whole = Buffer.from(await (await api.stream({ id: done.streamId! })).arrayBuffer());
  expect(whole.equals(mp3)).toBe(true);
});
