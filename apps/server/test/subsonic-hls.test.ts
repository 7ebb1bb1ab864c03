import { afterAll, beforeAll, expect, test } from 'vitest';
import { testClock } from './account-helpers.ts';
import { decode, probe } from './audio-probe.ts';
import { startTestApp, type TestApp } from './helpers.ts';

/**
 * hls.m3u8: an HLS playlist of a song — VOD, one MP3 segment (the whole song as stream sends it),
 * or a master playlist for several bitRate values — whose URLs a player fetches as they are.
 */
let t: TestApp;
const AUTH = 'u=13800000000&p=subsonic&v=1.16.1&c=test';
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

beforeAll(async () => {
  t = await startTestApp({ clock: testClock().now });
});
afterAll(async () => t?.close());

const hls = (query: string) => t.app.inject({ url: `/rest/hls.m3u8?${AUTH}&${query}` });

test('one song: a VOD playlist of one MP3 segment whose URL plays the whole song (golden)', async () => {
  const song = (await t.app.inject({ url: `/rest/getSong?id=1&${AUTH}&f=json` })).json()['subsonic-response'].song as Json;
  const res = await hls('id=1');
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/vnd.apple.mpegurl');
  expect(res.headers['cache-control']).toBe('no-store');
  await expect(res.body).toMatchFileSnapshot('goldens/subsonic/hls-vod.m3u8');
  const lines = res.body.trim().split('\n');
  expect(lines[0]).toBe('#EXTM3U');
  expect(lines.at(-1)).toBe('#EXT-X-ENDLIST');
  const segment = lines.find((l) => !l.startsWith('#'))!;
  // Relative to the playlist's own URL, /rest/hls.m3u8.
  const url = new URL(segment, 'http://host/rest/hls.m3u8');
  const audio = await t.app.inject({ url: url.pathname + url.search });
  expect(audio.statusCode).toBe(200);
  expect(audio.headers['content-type']).toBe('audio/mpeg');
  expect((await probe(audio.rawPayload)).codec).toBe('mp3');
  expect(Math.abs((await decode(audio.rawPayload)).seconds - song.duration)).toBeLessThan(1);
});

test('several bitRate values: a master playlist of one variant per level, lowest first (golden)', async () => {
  const res = await hls('id=1&bitRate=320&bitRate=64&bitRate=1000@480x360');
  await expect(res.body).toMatchFileSnapshot('goldens/subsonic/hls-master.m3u8');
  const variants = res.body.split('\n').filter((l) => l.startsWith('hls.m3u8?'));
  expect(variants.map((v) => new URLSearchParams(v.slice('hls.m3u8?'.length)).get('bitRate'))).toEqual(['64', '320']);
  const one = await t.app.inject({ url: `/rest/${variants[0]}` });
  expect(one.body).toMatch(/^stream\?id=1&format=mp3&maxBitRate=64&u=13800000000&p=subsonic&v=1\.16\.1&c=test$/m);
});

test('errors are Subsonic envelopes', async () => {
  const missing = (await hls('f=json')).json()['subsonic-response'] as Json;
  expect(missing.error).toEqual({ code: 10, message: 'Required parameter is missing: id' });
  const bad = (await hls('id=1&bitRate=fast&f=json')).json()['subsonic-response'] as Json;
  expect(bad.error).toEqual({ code: 0, message: 'bitRate must be kbit/s, as 128 or 1000@480x360' });
  const unknown = (await hls('id=99999999&f=json')).json()['subsonic-response'] as Json;
  expect(unknown.error.code).toBe(70);
});
