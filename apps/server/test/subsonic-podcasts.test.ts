import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { isPublicAddress } from '../src/services/podcasts/index.ts';
import { startTestApp, type TestApp } from './helpers.ts';
import { runFfmpeg } from './import-media.ts';
import { FIXED_NOW, subsonicCalls, type Json } from './subsonic-calls.ts';

/**
 * Podcasts from a real RSS feed and a real MP3 (made by ffmpeg) served by a local HTTP server the
 * test starts: subscribe, list, download in the background, play with Range, refresh, delete; who
 * may; feeds that cannot be read; and, by default, no fetching from this machine or the LAN (SSRF).
 */
const dir = mkdtempSync(join(tmpdir(), 'cloudtune-podcast-'));
let mp3: Buffer;
let origin: string;
let server: Server;
/** What /feed.xml lists; a test adds an episode to see a refresh find it. */
let extraEpisode = '';

const item = (n: number, path: string, date: string, type = 'audio/mpeg') => `
    <item>
      <title>第 ${n} 期：Episode ${n}</title>
      <description><![CDATA[<p>Show notes of <b>episode ${n}</b> &amp; more.</p>]]></description>
      <guid isPermaLink="false">ep-${n}</guid>
      <pubDate>${date}</pubDate>
      <enclosure url="${path}" type="${type}" length="${mp3.length}"/>
      <itunes:duration>0:03</itunes:duration>
    </item>`;

const feed = () => `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
  <channel>
    <title>夜谈 Night Talk</title>
    <description>A test podcast &lt;with&gt; notes.</description>
    <itunes:image href="https://podcasts.example/night-talk.jpg"/>
    ${extraEpisode}
    ${item(2, '/redirect-to-episode', 'Tue, 07 Jan 2025 10:00:00 GMT')}
    ${item(1, `${origin}/ep1.mp3`, 'Mon, 06 Jan 2025 10:00:00 GMT')}
    ${item(0, '/missing.mp3', 'Sun, 05 Jan 2025 10:00:00 GMT')}
    <item><title>No enclosure: nothing to play</title><guid>text-only</guid></item>
  </channel>
</rss>`;

beforeAll(async () => {
  await runFfmpeg(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=3', '-ac', '1', '-b:a', '64k', join(dir, 'ep.mp3')]);
  mp3 = readFileSync(join(dir, 'ep.mp3'));
  server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/feed.xml') return void res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(feed());
    if (path === '/ep1.mp3') return void res.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': mp3.length }).end(mp3);
    if (path === '/redirect-to-episode') return void res.writeHead(302, { location: '/ep1.mp3' }).end();
    if (path === '/redirect-to-ftp') return void res.writeHead(301, { location: 'ftp://podcasts.example/feed.xml' }).end();
    if (path === '/page.html') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>hi</body></html>');
    if (path === '/entities.xml') {
      return void res.end('<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaaaaaaaa">]><rss><channel><title>&a;</title></channel></rss>');
    }
    if (path === '/huge.xml') {
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      // no Content-Length: the cap applies while reading
      res.write('<rss><channel>');
      for (let i = 0; i < 6; i += 1) res.write(`<!-- ${'x'.repeat(1024 * 1024)} -->`);
      return void res.end('</channel></rss>');
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

/** The one value a test cannot fix in advance: the local feed server's port. */
const normalise = (text: string) => text.replaceAll(origin, 'http://127.0.0.1:PORT');

describe('with private addresses allowed (CLOUDTUNE_PODCAST_ALLOW_PRIVATE=1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ clock: () => FIXED_NOW, podcastAllowPrivate: true });
  });
  afterAll(async () => t?.close());
  const { ok, failed, golden } = subsonicCalls(() => t.app);
  const episode = async (id: string): Promise<Json> => (await ok('getPodcastEpisode', `id=${id}`)).podcastEpisode;
  const whenStatus = (id: string, status: string) =>
    vi.waitFor(async () => expect((await episode(id)).status).toBe(status), { timeout: 20_000, interval: 50 });

  test('subscribing reads the feed: the channel and its playable episodes, newest first, nothing downloaded yet', async () => {
    await golden('getPodcasts-empty', 'getPodcasts');
    await golden('createPodcastChannel', 'createPodcastChannel', `url=${encodeURIComponent(`${origin}/feed.xml`)}`);
    await golden('getPodcasts', 'getPodcasts', '', { normalise });
    await golden('getPodcasts-without-episodes', 'getPodcasts', 'includeEpisodes=false&id=pc-1', { normalise });
    await golden('getNewestPodcasts', 'getNewestPodcasts', 'count=2');
    await golden('getPodcastEpisode', 'getPodcastEpisode', 'id=pe-2');
    const channel = (await ok('getPodcasts')).podcasts.channel[0];
    expect(channel.episode.map((e: Json) => [e.id, e.status])).toEqual([
      ['pe-1', 'new'],
      ['pe-2', 'new'],
      ['pe-3', 'new'],
    ]);
    // subscribing again changes nothing
    await ok('createPodcastChannel', `url=${encodeURIComponent(`${origin}/feed.xml`)}`);
    expect((await ok('getPodcasts')).podcasts.channel).toHaveLength(1);
    await failed('getPodcasts', 'id=pc-99', 70);
    await failed('getPodcastEpisode', 'id=pe-99', 70);
    await failed('getPodcastEpisode', '', 10);
  });

  test('downloadPodcastEpisode fetches the enclosure in the background (here through a redirect); stream and download play it with Range', async () => {
    await failed('stream', 'id=pe-1', 70);
    await golden('downloadPodcastEpisode', 'downloadPodcastEpisode', 'id=pe-1');
    await whenStatus('pe-1', 'completed');
    await golden('getPodcastEpisode-completed', 'getPodcastEpisode', 'id=pe-1');
    const done = await episode('pe-1');
    expect(done).toMatchObject({ streamId: 'pe-1', suffix: 'mp3', contentType: 'audio/mpeg', size: mp3.length, duration: 3 });
    const auth = 'u=13800000000&p=subsonic&v=1.16.1&c=test';
    const part = await t.app.inject({ url: `/rest/stream?id=${done.streamId}&${auth}`, headers: { range: 'bytes=100-1123' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-type']).toBe('audio/mpeg');
    expect(part.headers['content-range']).toBe(`bytes 100-1123/${mp3.length}`);
    expect(part.rawPayload.equals(mp3.subarray(100, 1124))).toBe(true);
    const whole = await t.app.inject({ url: `/rest/download.view?id=pe-1&${auth}` });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(mp3)).toBe(true);
    expect(whole.headers['content-disposition']).toMatch(/^attachment; filename\*=UTF-8''.+\.mp3$/);
    // pe-1 (the newest) came through a redirect; pe-2 links the file itself, and a bare number names it too
    await ok('downloadPodcastEpisode', 'id=pe-1');
    await ok('downloadPodcastEpisode', 'id=2');
    await whenStatus('pe-2', 'completed');
    expect((await episode('pe-2')).size).toBe(mp3.length);
  });

  test('an enclosure that cannot be fetched leaves the episode in error, saying why', async () => {
    await ok('downloadPodcastEpisode', 'id=pe-3');
    await whenStatus('pe-3', 'error');
    expect((await episode('pe-3')).errorMessage).toBe('the server answered HTTP 404');
    await failed('stream', 'id=pe-3', 70);
    await failed('downloadPodcastEpisode', 'id=pe-99', 70);
  });

  test('refreshPodcasts reads the feeds again in the background: a new episode appears', async () => {
    extraEpisode = item(3, '/ep1.mp3', 'Wed, 08 Jan 2025 10:00:00 GMT');
    await golden('refreshPodcasts', 'refreshPodcasts');
    await vi.waitFor(
      async () => expect((await ok('getNewestPodcasts', 'count=1')).newestPodcasts.episode[0].title).toBe('第 3 期：Episode 3'),
      {
        timeout: 20_000,
        interval: 50,
      },
    );
    expect((await ok('getPodcasts')).podcasts.channel[0].episode).toHaveLength(4);
  });

  test('deletePodcastEpisode removes the file (listed as deleted); deletePodcastChannel removes the rest', async () => {
    await golden('deletePodcastEpisode', 'deletePodcastEpisode', 'id=pe-1', { jsonQuery: 'id=pe-3' });
    expect(await episode('pe-1')).toMatchObject({ status: 'deleted' });
    await failed('stream', 'id=pe-1', 70);
    // listed as deleted, not among the newest, and a refresh does not bring it back
    expect((await ok('getNewestPodcasts', 'count=10')).newestPodcasts.episode.map((e: Json) => e.id)).not.toContain('pe-1');
    await ok('createPodcastChannel', `url=${encodeURIComponent(`${origin}/feed.xml?copy=2`)}`);
    await golden('deletePodcastChannel', 'deletePodcastChannel', 'id=pc-1', { jsonQuery: 'id=pc-2' });
    expect((await ok('getPodcasts')).podcasts).toEqual({ channel: [] });
    await failed('getPodcastEpisode', 'id=pe-2', 70);
    await failed('deletePodcastEpisode', 'id=pe-2', 70);
  });

  test('feeds that cannot be read are refused, saying why, and nothing is stored', async () => {
    const subscribe = (url: string) => failed('createPodcastChannel', `url=${encodeURIComponent(url)}`, 0);
    expect(await subscribe(`${origin}/nothing-here.xml`)).toBe('The podcast feed could not be read: the server answered HTTP 404');
    expect(await subscribe(`${origin}/page.html`)).toBe('The podcast feed could not be read: the document is not an RSS feed');
    expect(await subscribe(`${origin}/huge.xml`)).toBe('The podcast feed could not be read: larger than 5 MB');
    expect(await subscribe(`${origin}/redirect-to-ftp`)).toBe('The podcast feed could not be read: a redirect led away from http(s)');
    expect(await subscribe(`${origin}/entities.xml`)).toBe('The podcast feed could not be read: the feed declares XML entities');
    expect(await subscribe('ftp://podcasts.example/feed.xml')).toBe('url must be an http or https URL of at most 2048 characters');
    await failed('createPodcastChannel', '', 10);
    expect((await ok('getPodcasts')).podcasts).toEqual({ channel: [] });
  });

  test('podcastRole: needed to subscribe, refresh, download and delete; everyone lists and plays', async () => {
    await ok('createUser', 'username=listener&password=listener-pw&email=listener@example.com');
    await ok('createUser', 'username=curator&password=curator-pw&email=curator@example.com&podcastRole=true');
    const listener = 'u=listener&p=listener-pw';
    const curator = 'u=curator&p=curator-pw';
    const url = `url=${encodeURIComponent(`${origin}/feed.xml`)}`;
    await golden('createPodcastChannel-no-role', 'createPodcastChannel', url, { auth: listener });
    await ok('createPodcastChannel', url, curator);
    const id = (await ok('getPodcasts', '', listener)).podcasts.channel[0].id;
    await failed('refreshPodcasts', '', 50, listener);
    await failed('downloadPodcastEpisode', 'id=pe-5', 50, listener);
    await failed('deletePodcastEpisode', 'id=pe-5', 50, listener);
    await failed('deletePodcastChannel', `id=${id}`, 50, listener);
    await ok('deletePodcastChannel', `id=${id}`, curator);
  });
});

describe('by default (SSRF)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());
  const { failed, ok } = subsonicCalls(() => t.app);

  test('feeds on this machine or the LAN are not fetched, by address or by a name that resolves there', async () => {
    for (const url of [`${origin}/feed.xml`, `${origin.replace('127.0.0.1', 'localhost')}/feed.xml`, 'http://[::1]/feed.xml']) {
      expect(await failed('createPodcastChannel', `url=${encodeURIComponent(url)}`, 0)).toBe(
        'The podcast feed could not be read: the address is not a public one',
      );
    }
    expect((await ok('getPodcasts')).podcasts).toEqual({ channel: [] });
  });

  test('which addresses are public', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111']) expect(isPublicAddress(address)).toBe(true);
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      'not-an-address',
    ]) {
      expect(isPublicAddress(address)).toBe(false);
    }
  });
});
