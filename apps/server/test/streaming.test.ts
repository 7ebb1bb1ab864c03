import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseBuffer } from 'music-metadata';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ffmpeg } from '../src/media/ffmpeg.ts';
import { mp3Encoders } from '../src/media/synth/encode-mp3.ts';
import { expectContract, expectError, getJson, startTestApp, type TestApp } from './helpers.ts';

/**
 * The first play of a demo song over real HTTP: bytes go out as the synthesizer and the encoder
 * make them, to every listener at once, from one render that stops when the last listener leaves.
 */
let t: TestApp;
let base: string;
/** songs by length, longest first: a long render leaves time to look at it while it runs */
let byLength: { id: number; dt: number }[];
const taken: number[] = [];
/** A song nobody asked for yet: a long one where a test looks at a render while it runs, else a short one. */
const fresh = (length: 'long' | 'short') => {
  const song = (length === 'long' ? byLength : [...byLength].reverse()).find((s) => !taken.includes(s.id))!;
  taken.push(song.id);
  return song;
};

beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}/api`;
  const ids = Array.from({ length: 480 }, (_, i) => i + 1).join(',');
  const all = expectContract('/song/detail', (await getJson(t.app, `/api/song/detail?ids=${ids}`)).body).songs;
  byLength = all.map((s) => ({ id: s.id, dt: s.dt })).sort((a, b) => b.dt - a.dt);
});
afterAll(() => t.close());

/** Waiting for a render to settle: generous, as the machine may be busy (polled, never slept). */
const SETTLED = { timeout: 15_000 };
const audioDir = () => join(t.dataDir, 'media', 'audio');
const stored = (id: number) => join(audioDir(), `${id}.mp3`);
const temporaries = (id: number) => (existsSync(audioDir()) ? readdirSync(audioDir()).filter((f) => f.startsWith(`${id}.mp3.`)) : []);
const songUrl = async (id: number) => expectContract('/song/url', (await getJson(t.app, `/api/song/url?id=${id}`)).body).data[0]!;
/** HEAD never renders: a length only once the file is complete and recorded. */
const recorded = async (id: number) =>
  (await t.app.inject({ method: 'HEAD', url: `/api/media/audio/${id}.mp3` })).headers['content-length'] !== undefined;

async function readAll(reader: ReadableStreamDefaultReader<Uint8Array>, first: Uint8Array[] = []): Promise<Buffer> {
  const parts = [...first];
  for (let r = await reader.read(); !r.done; r = await reader.read()) parts.push(r.value);
  return Buffer.concat(parts);
}

/** ffmpeg decodes every frame without a complaint. */
function decodesCleanly(mp3: Buffer): string {
  const run = spawnSync(ffmpeg().path, ['-hide_banner', '-v', 'error', '-f', 'mp3', '-i', 'pipe:0', '-f', 'null', '-'], { input: mp3 });
  expect(run.status).toBe(0);
  return run.stderr.toString();
}

describe('the first play of a song never played before', () => {
  it('sends the first bytes while the song is still being rendered, with the exact length up front', async () => {
    const { id, dt } = fresh('long');
    const announced = await songUrl(id);
    const res = await fetch(`${base}/media/audio/${id}.mp3`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(res.headers.get('content-length')).toBe(String(announced.size));
    expect(res.headers.get('etag')).toBeNull(); // the md5 is known at the end
    const reader = res.body!.getReader();
    const first = await reader.read();
    // The render is under way: no stored file, no database record, a temporary file growing.
    expect(first.value!.length).toBeGreaterThan(0);
    expect(existsSync(stored(id))).toBe(false);
    expect(await recorded(id)).toBe(false);
    expect(temporaries(id)).toHaveLength(1);

    const streamed = await readAll(reader, [first.value!]);
    expect(streamed.length).toBe(announced.size);
    await vi.waitFor(() => expect(existsSync(stored(id)) && temporaries(id).length === 0).toBe(true), SETTLED);
    // What was streamed is the stored file, byte for byte, and a later GET sends it with its ETag.
    expect(streamed.equals(readFileSync(stored(id)))).toBe(true);
    // The file is recorded (its md5 known) just after it is stored: a GET from then on has the ETag.
    await vi.waitFor(async () => expect((await songUrl(id)).md5).toBe(createHash('md5').update(streamed).digest('hex')), SETTLED);
    const again = await fetch(`${base}/media/audio/${id}.mp3`);
    expect(again.headers.get('etag')).toBe(`"${createHash('md5').update(streamed).digest('hex')}"`);
    expect(Buffer.from(await again.arrayBuffer()).equals(streamed)).toBe(true);

    // It plays: every frame decodes, and the duration is the song's.
    expect(decodesCleanly(streamed)).toBe('');
    const meta = await parseBuffer(streamed, { mimeType: 'audio/mpeg', size: streamed.length });
    expect(meta.format).toMatchObject({ sampleRate: 44100, numberOfChannels: 2, bitrate: 128000 });
    expect(Math.abs(meta.format.duration! * 1000 - dt)).toBeLessThan(100);
  });

  it('two listeners at once hear identical bytes from one render', async () => {
    const { id } = fresh('short');
    const encoders = vi.spyOn(mp3Encoders, 'take');
    try {
      const [a, b] = await Promise.all([fetch(`${base}/media/audio/${id}.mp3`), fetch(`${base}/media/audio/${id}.mp3`)]);
      const [bytesA, bytesB] = await Promise.all([a.arrayBuffer(), b.arrayBuffer()]);
      expect(Buffer.from(bytesA).equals(Buffer.from(bytesB))).toBe(true);
      expect(encoders).toHaveBeenCalledTimes(1);
      await vi.waitFor(() => expect(existsSync(stored(id))).toBe(true), SETTLED);
      expect(readFileSync(stored(id)).equals(Buffer.from(bytesA))).toBe(true);
    } finally {
      encoders.mockRestore();
    }
  });

  it('a listener leaving mid-render stops the render when it was the only one', async () => {
    const { id } = fresh('long');
    const leave = new AbortController();
    const res = await fetch(`${base}/media/audio/${id}.mp3`, { signal: leave.signal });
    const reader = res.body!.getReader();
    await reader.read();
    expect(temporaries(id)).toHaveLength(1);
    leave.abort();
    // ffmpeg killed, the half-made file deleted, nothing recorded.
    await vi.waitFor(() => expect(temporaries(id)).toEqual([]), SETTLED);
    expect(existsSync(stored(id))).toBe(false);
    expect(await recorded(id)).toBe(false);
  });

  it('one of two listeners leaving does not stop the render: the other hears the whole song', async () => {
    const { id } = fresh('long');
    const leave = new AbortController();
    const leaving = await fetch(`${base}/media/audio/${id}.mp3`, { signal: leave.signal });
    const staying = await fetch(`${base}/media/audio/${id}.mp3`);
    const reader = staying.body!.getReader();
    const first = await reader.read();
    await leaving.body!.getReader().read();
    leave.abort();
    const whole = await readAll(reader, [first.value!]);
    expect(whole.length).toBe(Number(staying.headers.get('content-length')));
    await vi.waitFor(() => expect(existsSync(stored(id))).toBe(true), SETTLED);
    expect(readFileSync(stored(id)).equals(whole)).toBe(true);
  });

  it('Range while rendering: 206 against the size known ahead, bytes sent as they are made; 416 past the end', async () => {
    const { id } = fresh('short');
    const size = (await songUrl(id)).size;
    const tail = await fetch(`${base}/media/audio/${id}.mp3`, { headers: { range: `bytes=${size - 1000}-` } });
    expect(tail.status).toBe(206);
    expect(tail.headers.get('content-range')).toBe(`bytes ${size - 1000}-${size - 1}/${size}`);
    const middle = await fetch(`${base}/media/audio/${id}.mp3`, { headers: { range: 'bytes=100000-100999' } });
    expect(middle.status).toBe(206);
    expect(middle.headers.get('content-range')).toBe(`bytes 100000-100999/${size}`);
    const past = await fetch(`${base}/media/audio/${id}.mp3`, { headers: { range: `bytes=${size}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${size}`);
    const [tailBytes, middleBytes] = await Promise.all([tail.arrayBuffer(), middle.arrayBuffer()]);
    await vi.waitFor(() => expect(existsSync(stored(id))).toBe(true), SETTLED);
    const file = readFileSync(stored(id));
    expect(Buffer.from(tailBytes).equals(file.subarray(size - 1000))).toBe(true);
    expect(Buffer.from(middleBytes).equals(file.subarray(100000, 101000))).toBe(true);
    // Complete: as any file.
    const after = await fetch(`${base}/media/audio/${id}.mp3`, { headers: { range: 'bytes=0-9' } });
    expect(after.status).toBe(206);
    expect(after.headers.get('etag')).not.toBeNull();
    expect(Buffer.from(await after.arrayBuffer()).equals(file.subarray(0, 10))).toBe(true);
  });
});

describe('/song/prepare: the next song of a queue made before it is needed', () => {
  it('starts the render and answers at once; the song is ready once rendered', async () => {
    const { id } = fresh('short');
    const prepared = expectContract('/song/prepare', (await getJson(t.app, `/api/song/prepare?id=${id}`)).body);
    expect(prepared.data).toEqual([{ id, state: 'preparing' }]);
    expect(existsSync(stored(id))).toBe(false);
    await vi.waitFor(async () => expect(await recorded(id)).toBe(true), SETTLED);
    const again = await t.app.inject({ method: 'POST', url: `/api/song/prepare`, payload: { id } });
    expect(again.json()).toEqual({ code: 200, data: [{ id, state: 'ready' }] });
  });

  it('a listener who joins a prepared render and leaves does not stop it', async () => {
    const { id } = fresh('long');
    await getJson(t.app, `/api/song/prepare?id=${id}`);
    const leave = new AbortController();
    const res = await fetch(`${base}/media/audio/${id}.mp3`, { signal: leave.signal });
    await res.body!.getReader().read();
    leave.abort();
    await vi.waitFor(async () => expect(await recorded(id)).toBe(true), SETTLED);
  });

  it('rejects unknown songs and bad ids', async () => {
    expectError(await getJson(t.app, '/api/song/prepare?id=99999'), 404, 'song 99999 not found');
    expectError(await getJson(t.app, '/api/song/prepare'), 400, 'id is required');
  });
});
