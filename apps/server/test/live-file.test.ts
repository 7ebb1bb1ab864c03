import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { parseBuffer } from 'music-metadata';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sendLive } from '../src/http/send-live.ts';
import { ffmpeg } from '../src/media/ffmpeg.ts';
import { LiveFile } from '../src/media/live-file.ts';
import { frameBytes, id3v2Tag, id3v2TagSize, lameFrameCount, Mp3Fit, SAMPLES_PER_FRAME } from '../src/media/mp3-frames.ts';
import { songMp3Size, synthesizeSongMp3 } from '../src/media/song-audio.ts';
import { freshDataDir } from './helpers.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = freshDataDir();
  dirs.push(dir);
  return dir;
};
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const bytes = (n: number, from = 0) => Buffer.from(Array.from({ length: n }, (_, i) => (from + i) % 251));

describe('LiveFile', () => {
  it('readers follow the file as it grows, to the end, and the file is renamed into place complete', async () => {
    const dir = tempDir();
    const path = join(dir, 'song.mp3');
    const live = await LiveFile.create(path);
    const early = live.lease()!.stream(0);
    const got: Buffer[] = [];
    early.on('data', (c: Buffer) => got.push(c));
    const ended = new Promise((resolve) => early.on('end', resolve));
    await live.append(bytes(1000));
    await vi.waitFor(() => expect(Buffer.concat(got).length).toBe(1000));
    const late = live.lease()!.stream(500, 1499); // joins later, asks a range reaching past what is written
    const lateBytes: Buffer[] = [];
    late.on('data', (c: Buffer) => lateBytes.push(c));
    await live.append(bytes(1000, 1000));
    expect(readdirSync(dir)).toHaveLength(1);
    expect(readdirSync(dir)[0]).toMatch(/^song\.mp3\.\d+-[0-9a-f]+\.tmp$/);
    const done = await live.commit(path);
    await ended;
    await vi.waitFor(() => expect(Buffer.concat(lateBytes).length).toBe(1000));
    expect(Buffer.concat(got).equals(bytes(2000))).toBe(true);
    expect(Buffer.concat(lateBytes).equals(bytes(2000).subarray(500, 1500))).toBe(true);
    expect(readdirSync(dir)).toEqual(['song.mp3']);
    expect(done.size).toBe(2000);
    expect(readFileSync(path).equals(bytes(2000))).toBe(true);
  });

  it('a failure deletes the temporary file and ends its readers with the error', async () => {
    const dir = tempDir();
    const live = await LiveFile.create(join(dir, 'song.mp3'));
    await live.append(bytes(10));
    const reader = live.lease()!.stream(0);
    const failed = new Promise((resolve) => reader.on('error', resolve));
    reader.resume();
    await live.fail(new Error('ffmpeg died'));
    expect(((await failed) as Error).message).toBe('ffmpeg died');
    expect(readdirSync(dir)).toEqual([]);
    expect(live.lease()).toBeUndefined();
  });

  it('a declared size is a promise: writing past it or committing short of it fails', async () => {
    const dir = tempDir();
    const live = await LiveFile.create(join(dir, 'a.mp3'), 10);
    await expect(live.append(bytes(11))).rejects.toThrow(/past the declared size/);
    await live.append(bytes(5));
    await expect(live.commit(join(dir, 'a.mp3'))).rejects.toThrow(/5 bytes written, 10 declared/);
    await live.fail(new Error('short'));
  });
});

describe('sendLive', () => {
  let app: FastifyInstance;
  let base: string;
  let current: LiveFile;
  beforeAll(async () => {
    app = Fastify();
    app.get('/live', (request, reply) =>
      sendLive(request, reply, { live: current.lease()!, contentType: 'audio/mpeg', cacheControl: 'no-cache' }),
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  });
  afterAll(() => app.close());

  it('size unknown: 200 chunked; a range inside what is written → 206 bytes a-b/*; any other range → the whole stream', async () => {
    const dir = tempDir();
    const path = join(dir, 'variant.mp3');
    current = await LiveFile.create(path);
    await current.append(bytes(3000));

    const whole = await fetch(`${base}/live`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-length')).toBeNull();
    expect(whole.headers.get('transfer-encoding')).toBe('chunked');
    const partial = await fetch(`${base}/live`, { headers: { range: 'bytes=1000-' } });
    expect(partial.status).toBe(206);
    expect(partial.headers.get('content-range')).toBe('bytes 1000-2999/*');
    expect(Buffer.from(await partial.arrayBuffer()).equals(bytes(3000).subarray(1000))).toBe(true);
    const within = await fetch(`${base}/live`, { headers: { range: 'bytes=10-19' } });
    expect(within.headers.get('content-range')).toBe('bytes 10-19/*');
    expect(Buffer.from(await within.arrayBuffer()).equals(bytes(3000).subarray(10, 20))).toBe(true);
    const ignored = await Promise.all(
      // bytes=0- is everything: a media element opens every URL so, and must not hear only what is made so far.
      ['bytes=5000-', 'bytes=-100', 'bytes=abc', 'bytes=0-'].map((range) => fetch(`${base}/live`, { headers: { range } })),
    );
    for (const res of ignored) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-range')).toBeNull();
    }

    await current.append(bytes(2000, 3000));
    await current.commit(path);
    for (const res of ignored) expect(Buffer.from(await res.arrayBuffer()).equals(bytes(5000))).toBe(true);
    // The first listener hears everything, including what came after it asked.
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes(5000))).toBe(true);
  });

  it('size declared: 200 with Content-Length, 206 against it with bytes sent as they come, 416 past it', async () => {
    const dir = tempDir();
    const path = join(dir, 'song.mp3');
    current = await LiveFile.create(path, 4000);
    await current.append(bytes(1000));
    const whole = await fetch(`${base}/live`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-length')).toBe('4000');
    const ahead = await fetch(`${base}/live`, { headers: { range: 'bytes=3000-3499' } });
    expect(ahead.status).toBe(206);
    expect(ahead.headers.get('content-range')).toBe('bytes 3000-3499/4000');
    const past = await fetch(`${base}/live`, { headers: { range: 'bytes=4000-' } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe('bytes */4000');
    await current.append(bytes(3000, 1000));
    await current.commit(path);
    expect(Buffer.from(await ahead.arrayBuffer()).equals(bytes(4000).subarray(3000, 3500))).toBe(true);
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes(4000))).toBe(true);
  });

  it('a file that fails mid-stream cuts the response short (never a complete-looking answer)', async () => {
    current = await LiveFile.create(join(tempDir(), 'broken.mp3'));
    await current.append(bytes(100));
    const res = await fetch(`${base}/live`);
    const reading = res.arrayBuffer().then(
      () => 'complete',
      () => 'cut short',
    );
    await current.fail(new Error('ffmpeg died'));
    expect(await reading).toBe('cut short');
  });
});

describe('MP3 frames', () => {
  it('writes an ID3v2.3 tag music-metadata reads, Latin-1 or UTF-16 as the text needs', async () => {
    const tag = id3v2Tag({ TIT2: '晚风 Evening', TPE1: 'Zoë', TALB: 'Album' });
    const frame = Buffer.alloc(frameBytes(1, 128_000, 44_100));
    const meta = await parseBuffer(Buffer.concat([tag, frame]), { mimeType: 'audio/mpeg' }, { duration: false });
    expect(meta.common).toMatchObject({ title: '晚风 Evening', artist: 'Zoë', album: 'Album' });
  });

  it('id3v2TagSize counts the bytes id3v2Tag writes, whatever the text (Latin-1, CJK, astral, empty)', () => {
    for (const tags of [
      { TIT2: 'Dawn', TPE1: 'Alpha Band', TALB: 'First Light' },
      { TIT2: '晚风 Evening', TPE1: 'Zoë', TALB: '' },
      { TIT2: '𝄞 clef 🎵', TPE1: 'ÿ', TALB: '十七岁的月光里的你' },
      { TIT2: '', TPE1: '', TALB: '' },
    ])
      expect(id3v2TagSize(tags)).toBe(id3v2Tag(tags).length);
  });

  it('a rendered song is the tag then exactly the frames predicted, each header where the sizes say', async () => {
    const dir = tempDir();
    const tags = { title: 'Frames', artist: 'Test', album: 'Test' };
    for (const [seed, ms] of [
      [1, 4000],
      [2, 5321],
      [3, 6789],
    ] as const) {
      const path = join(dir, `${seed}.mp3`);
      const { size } = await synthesizeSongMp3(path, seed, ms, tags);
      expect(size).toBe(songMp3Size(ms, tags));
      const file = readFileSync(path);
      const tagLength = id3v2Tag({ TIT2: tags.title, TPE1: tags.artist, TALB: tags.album }).length;
      const frames = lameFrameCount(Math.round((ms / 1000) * 44100));
      expect(file.length).toBe(tagLength + frameBytes(frames, 128_000, 44_100));
      for (let i = 0; i < frames; i++) {
        const at = tagLength + frameBytes(i, 128_000, 44_100);
        expect([file[at], file[at + 1]! & 0xe0]).toEqual([0xff, 0xe0]);
      }
    }
  });

  it('Mp3Fit drops an extra trailing frame and completes a short stream with silent frames that decode', () => {
    const stream = Buffer.concat(
      Array.from({ length: 6 }, (_, i) => bytes(frameBytes(i + 1, 128_000, 44_100) - frameBytes(i, 128_000, 44_100))),
    );
    const long = new Mp3Fit(5, 128_000);
    expect(long.take(stream).length).toBe(frameBytes(5, 128_000, 44_100));
    expect(long.rest().length).toBe(0);

    const fit = new Mp3Fit(40, 128_000);
    const padded = fit.rest();
    expect(padded.length).toBe(frameBytes(40, 128_000, 44_100));
    const run = spawnSync(ffmpeg().path, ['-hide_banner', '-v', 'error', '-f', 'mp3', '-i', 'pipe:0', '-f', 's16le', 'pipe:1'], {
      input: padded,
    });
    expect(run.stderr.toString()).toBe('');
    expect(run.stdout.length).toBeGreaterThanOrEqual(38 * SAMPLES_PER_FRAME * 4);
    expect(run.stdout.every((b) => b === 0)).toBe(true);
  });

  it('the file made for a song is gone when nothing was made (no stray temporaries)', () => {
    for (const dir of dirs) if (existsSync(dir)) expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});
