import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { importFolder } from '../src/content/import/import-folder.ts';
import { openDatabase } from '../src/db/connection.ts';
import { testClock } from './account-helpers.ts';
import { decode, probe } from './audio-probe.ts';
import { startTestApp, type TestApp } from './helpers.ts';
import { runFfmpeg } from './import-media.ts';

/**
 * The `transcoding` extension: getTranscodeDecision takes the player's ClientInfo as a JSON POST
 * and decides (direct play, or a transcode the server makes within the player's limits);
 * getTranscodeStream sends what the decision named, from an offset. Goldens are the demo's first
 * song (a 128k stereo MP3 at 44.1 kHz, the same in every library); the FLAC is imported noise.
 */
let t: TestApp;
let work: string;
let flacPath: string;
let flacId: number;
const AUTH = 'u=13800000000&p=subsonic&v=1.16.1&c=test';
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The spec's example ClientInfo (a Sonos Play:1). */
const SPEC_EXAMPLE = {
  name: 'Play:1',
  platform: 'Sonos',
  maxAudioBitrate: 512000,
  maxTranscodingAudioBitrate: 256000,
  directPlayProfiles: [
    { containers: ['mp3'], audioCodecs: ['mp3'], protocols: ['http'], maxAudioChannels: 2 },
    { containers: ['flac'], audioCodecs: ['flac'], protocols: [], maxAudioChannels: 2 },
    { containers: ['mp4'], audioCodecs: ['flac', 'aac', 'alac'], protocols: [], maxAudioChannels: 2 },
  ],
  transcodingProfiles: [
    { container: 'mp3', audioCodec: 'mp3', protocol: 'http', maxAudioChannels: 2 },
    { container: 'flac', audioCodec: 'flac', protocol: 'hls', maxAudioChannels: 2 },
  ],
  codecProfiles: [
    {
      type: 'AudioCodec',
      name: 'mp3',
      limitations: [{ name: 'audioBitrate', comparison: 'LessThanEqual', values: ['320000'], required: true }],
    },
    {
      type: 'AudioCodec',
      name: 'flac',
      limitations: [
        { name: 'audioSamplerate', comparison: 'LessThanEqual', values: ['192000'], required: false },
        { name: 'audioChannels', comparison: 'Equals', values: ['1', '2'], required: false },
      ],
    },
  ],
};

/** A browser that plays Opus and AAC-in-MP4 only, on a 100 kbit/s budget. */
const OPUS_PLAYER = {
  name: 'web',
  platform: 'Chrome',
  maxAudioBitrate: 100000,
  directPlayProfiles: [{ containers: ['ogg'], audioCodecs: ['opus'], protocols: ['http'] }],
  transcodingProfiles: [
    { container: 'mp4', audioCodec: 'aac', protocol: 'http' },
    { container: 'ogg', audioCodec: 'opus', protocol: 'http', maxAudioChannels: 2 },
  ],
};

/** Wants HLS or lossless only: nothing the server makes. */
const HLS_ONLY = {
  name: 'tv',
  platform: 'tvOS',
  directPlayProfiles: [{ containers: ['flac'], audioCodecs: [], protocols: ['http'] }],
  transcodingProfiles: [
    { container: 'mp4', audioCodec: 'aac', protocol: 'hls' },
    { container: 'flac', audioCodec: 'flac', protocol: 'http' },
  ],
};

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'cloudtune-transcoding-'));
  const folder = join(work, 'Probe Band');
  mkdirSync(folder, { recursive: true });
  flacPath = join(folder, 'Noise.flac');
  const tags = ['title=Noise', 'artist=Probe Band', 'album=Probes'].flatMap((m) => ['-metadata', m]);
  const noise = [
    '-f',
    'lavfi',
    '-i',
    'anoisesrc=duration=8:color=pink:amplitude=0.5:seed=7',
    '-ac',
    '2',
    '-ar',
    '44100',
    '-sample_fmt',
    's16',
  ];
  const [app] = await Promise.all([startTestApp({ clock: testClock().now }), runFfmpeg([...noise, '-c:a', 'flac', ...tags, flacPath])]);
  t = app;
  const db = await openDatabase(t.dataDir);
  try {
    await importFolder(db, t.dataDir, work);
    flacId = (await db.prepare<[string], number>('SELECT song_id FROM library_files WHERE path = ?').pluck().get(flacPath))!;
  } finally {
    await db.close();
  }
});
afterAll(async () => {
  await t?.close();
  rmSync(work, { recursive: true, force: true });
});

const decide = (query: string, body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  t.app.inject({
    method: 'POST',
    url: `/rest/getTranscodeDecision?${AUTH}&${query}`,
    headers,
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
async function decision(query: string, body: unknown): Promise<Json> {
  const res = await decide(`${query}&f=json`, body);
  expect(res.statusCode).toBe(200);
  const answer = res.json()['subsonic-response'] as Json;
  expect(answer.status).toBe('ok');
  return answer.transcodeDecision as Json;
}
/** The whole answer, XML and JSON, against goldens/subsonic/getTranscodeDecision-<name>.{xml,json}. */
async function golden(name: string, body: unknown): Promise<Json> {
  const xml = await decide('mediaId=1&mediaType=song', body);
  expect(xml.headers['content-type']).toMatch(/^text\/xml/);
  await expect(xml.body).toMatchFileSnapshot(`goldens/subsonic/getTranscodeDecision-${name}.xml`);
  const json = await decide('mediaId=1&mediaType=song&f=json', body);
  await expect(JSON.stringify(json.json(), null, 2)).toMatchFileSnapshot(`goldens/subsonic/getTranscodeDecision-${name}.json`);
  return json.json()['subsonic-response'].transcodeDecision as Json;
}
async function refusal(res: { statusCode: number; json(): Json }, status: number, code: number): Promise<string> {
  expect(res.statusCode).toBe(status);
  const body = res.json()['subsonic-response'] as Json;
  expect(body.status).toBe('failed');
  expect(body.error.code).toBe(code);
  return body.error.message as string;
}

describe('getTranscodeDecision', () => {
  test("the spec's example player takes the demo MP3 as it is (golden)", async () => {
    expect(await golden('direct-play', SPEC_EXAMPLE)).toEqual({
      canDirectPlay: true,
      canTranscode: false,
      transcodeParams: 'raw',
      sourceStream: { protocol: 'http', container: 'mp3', codec: 'mp3', audioChannels: 2, audioBitrate: 128000, audioSamplerate: 44100 },
    });
  });

  test('an Opus-only player on 100 kbit/s gets Opus at 96k, skipping AAC in MP4 (not made here); a reason per direct play profile (golden)', async () => {
    const answer = await golden('transcode', OPUS_PLAYER);
    expect(answer).toMatchObject({
      canDirectPlay: false,
      canTranscode: true,
      // the 128k original is over the player's whole budget
      transcodeReason: ['AudioBitrateNotSupported'],
      transcodeParams: 'opus-96k',
      transcodeStream: { protocol: 'http', container: 'ogg', codec: 'opus', audioChannels: 2, audioBitrate: 96000, audioSamplerate: 48000 },
    });
  });

  test('a player that wants only HLS or lossless: neither, with the reason (golden)', async () => {
    const answer = await golden('impossible', HLS_ONLY);
    expect(answer).toMatchObject({ canDirectPlay: false, canTranscode: false, transcodeReason: ['ContainerNotSupported'] });
    expect(answer.errorReason).toMatch(/^No direct play profile takes the original/);
    expect(answer.transcodeParams).toBeUndefined();
  });

  test("the spec's example on a lossless FLAC over its 512k budget: MP3 at 192k (under 256k for transcodes and mp3's 320k limit)", async () => {
    const answer = await decision(`mediaId=${flacId}&mediaType=song`, SPEC_EXAMPLE);
    expect(answer).toMatchObject({
      canDirectPlay: false,
      canTranscode: true,
      transcodeReason: ['AudioBitrateNotSupported', 'AudioBitrateNotSupported', 'AudioBitrateNotSupported'],
      transcodeParams: 'mp3-192k',
      sourceStream: { protocol: 'http', container: 'flac', codec: 'flac', audioChannels: 2, audioSamplerate: 44100, audioBitdepth: 16 },
      transcodeStream: { container: 'mp3', codec: 'mp3', audioChannels: 2, audioBitrate: 192000, audioSamplerate: 44100 },
    });
    expect(answer.sourceStream.audioBitrate).toBeGreaterThan(512000);
    // Without the budget the FLAC plays as it is; a required limitation on its channels can refuse it.
    const unlimited = { ...SPEC_EXAMPLE, maxAudioBitrate: 0 };
    expect((await decision(`mediaId=${flacId}&mediaType=song`, unlimited)).canDirectPlay).toBe(true);
    const mono = {
      ...unlimited,
      codecProfiles: [
        { type: 'AudioCodec', name: 'FLAC', limitations: [{ name: 'audioChannels', comparison: 'Equals', values: ['1'], required: true }] },
      ],
    };
    expect(await decision(`mediaId=${flacId}&mediaType=song`, mono)).toMatchObject({
      canDirectPlay: false,
      transcodeReason: ['ContainerNotSupported', 'AudioChannelsNotSupported', 'ContainerNotSupported'],
      transcodeParams: 'mp3-192k',
    });
  });

  test('ClientInfo sent as text (a browser saving a preflight) is read the same', async () => {
    const res = await decide('mediaId=1&mediaType=song&f=json', JSON.stringify(OPUS_PLAYER), { 'content-type': 'text/plain' });
    expect(res.json()['subsonic-response'].transcodeDecision.transcodeParams).toBe('opus-96k');
  });

  test('bad requests get clear errors, never a 5xx', async () => {
    const get = await t.app.inject({ url: `/rest/getTranscodeDecision?${AUTH}&mediaId=1&mediaType=song&f=json` });
    expect(await refusal(get, 200, 10)).toBe(
      "Required parameter is missing: the request body (the player's ClientInfo as JSON, in a POST)",
    );
    expect(await refusal(await decide('mediaId=1&mediaType=song&f=json', '{"name":', { 'content-type': 'text/plain' }), 200, 0)).toBe(
      "The request body must be a JSON object: the player's ClientInfo",
    );
    expect(await refusal(await decide('mediaId=1&mediaType=song&f=json', [1, 2]), 200, 0)).toBe(
      "The request body must be a JSON object: the player's ClientInfo",
    );
    const wrongType = await decide('mediaId=1&mediaType=song&f=json', { directPlayProfiles: [{ containers: 'mp3' }] });
    expect(await refusal(wrongType, 200, 0)).toMatch(/^ClientInfo directPlayProfiles\.0\.containers is not valid \(/);
    expect(await refusal(await decide('mediaType=song&f=json', OPUS_PLAYER), 200, 10)).toBe('Required parameter is missing: mediaId');
    expect(await refusal(await decide('mediaId=1&f=json', OPUS_PLAYER), 200, 10)).toBe('Required parameter is missing: mediaType');
    expect(await refusal(await decide('mediaId=1&mediaType=video&f=json', OPUS_PLAYER), 200, 0)).toBe('mediaType must be song or podcast');
    expect(await refusal(await decide('mediaId=1&mediaType=podcast&f=json', OPUS_PLAYER), 200, 0)).toBe(
      'Podcast episodes are not transcoded: stream them as they are',
    );
    expect(await refusal(await decide('mediaId=99999999&mediaType=song&f=json', OPUS_PLAYER), 200, 70)).toBe('Song not found');
  });

  test("a JSON body is the method's document, never params: credentials in it do not authenticate", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/rest/ping?f=json',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ u: '13800000000', p: 'subsonic' }),
    });
    expect(await refusal(res, 200, 10)).toBe('Required parameter is missing: u');
  });
});

describe('getTranscodeStream', () => {
  const streamOf = (query: string) => t.app.inject({ url: `/rest/getTranscodeStream?${AUTH}&mediaType=song&${query}` });

  test('the stream a decision named: Opus at 96k, whole or from an offset; raw is the original', async () => {
    const { transcodeParams } = await decision(`mediaId=${flacId}&mediaType=song`, OPUS_PLAYER);
    expect(transcodeParams).toBe('opus-96k');
    const whole = await streamOf(`mediaId=${flacId}&transcodeParams=${encodeURIComponent(transcodeParams)}`);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/ogg');
    expect(await probe(whole.rawPayload)).toMatchObject({ formatName: 'ogg', codec: 'opus', channels: 2, sampleRate: 48000 });
    expect(Math.abs((await decode(whole.rawPayload)).seconds - 8)).toBeLessThan(0.1);
    const from5 = await streamOf(`mediaId=${flacId}&transcodeParams=opus-96k&offset=5`);
    const cut = await decode(from5.rawPayload);
    expect(cut.errors).toBe('');
    expect(Math.abs(cut.seconds - 3)).toBeLessThan(0.1);
    const raw = await streamOf(`mediaId=${flacId}&transcodeParams=raw`);
    expect(raw.headers['content-type']).toBe('audio/flac');
    expect(raw.rawPayload.equals(readFileSync(flacPath))).toBe(true);
  });

  test('refusals are HTTP errors, as the extension says, with an envelope saying why', async () => {
    expect(await refusal(await streamOf(`mediaId=${flacId}&transcodeParams=wav-1411k&f=json`), 400, 0)).toBe(
      'transcodeParams is not one getTranscodeDecision gave',
    );
    expect(await refusal(await streamOf(`mediaId=${flacId}&transcodeParams=opus-100k&f=json`), 400, 0)).toBe(
      'transcodeParams is not one getTranscodeDecision gave',
    );
    expect(await refusal(await streamOf(`mediaId=${flacId}&f=json`), 400, 10)).toBe('Required parameter is missing: transcodeParams');
    expect(await refusal(await streamOf('mediaId=99999999&transcodeParams=raw&f=json'), 404, 70)).toBe('Song not found');
    expect(await refusal(await streamOf(`mediaId=${flacId}&transcodeParams=raw&offset=8&f=json`), 400, 0)).toBe(
      'offset is past the end of the song',
    );
  });
});
