import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fmt } from './process-stats.ts';

/**
 * Click to audio, server side: a song never played before fetched the way <audio> fetches it,
 * timed from the request to the first audio byte and to the first second a decoder can play
 * (the tag, then the frames of one second of sound). The server runs in its own process from
 * the sources (no build needed), on a fresh data directory, so every song is rendered as it is
 * asked for.
 *
 * `npx tsx bench/click-to-audio-server.ts` — prints figures, never passes or fails.
 */
const SONGS = Number(process.env.BENCH_CLICK_SONGS ?? 20);
/** 44.1 kHz MPEG-1 Layer III: 1,152 samples a frame; one second plus the encoder's delay. */
const FRAMES_FOR_A_SECOND = Math.ceil((44_100 + 1105) / 1152);
const BITRATES = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];

interface Timing {
  /** ms from the request to the response headers */
  headers: number;
  /** ms to the first byte of the body */
  firstByte: number;
  /** ms until the body holds a decodable second of audio */
  firstSecond: number;
  /** ms until the whole song arrived (the render's end) */
  whole: number;
  bytes: number;
}

/** Counts whole MPEG-1 Layer III frames after an ID3v2 tag (44.1 kHz). */
function completeFrames(buf: Buffer): number {
  let at =
    buf.length >= 10 && buf.toString('latin1', 0, 3) === 'ID3' ? 10 + ((buf[6]! << 21) | (buf[7]! << 14) | (buf[8]! << 7) | buf[9]!) : 0;
  let frames = 0;
  while (at + 4 <= buf.length && buf[at] === 0xff && (buf[at + 1]! & 0xe0) === 0xe0) {
    const kbps = BITRATES[buf[at + 2]! >> 4]!;
    const size = Math.floor((144_000 * kbps) / 44_100) + ((buf[at + 2]! >> 1) & 1);
    if (size <= 4 || at + size > buf.length) break;
    at += size;
    frames++;
  }
  return frames;
}

async function play(url: string, headers: Record<string, string> = {}): Promise<Timing> {
  const t0 = performance.now();
  const res = await fetch(url, { headers });
  const headersAt = performance.now() - t0;
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  const reader = res.body!.getReader();
  const parts: Buffer[] = [];
  let firstByte = NaN;
  let firstSecond = NaN;
  let bytes = 0;
  for (let r = await reader.read(); !r.done; r = await reader.read()) {
    const now = performance.now() - t0;
    if (Number.isNaN(firstByte)) firstByte = now;
    bytes += r.value.length;
    if (Number.isNaN(firstSecond)) {
      parts.push(Buffer.from(r.value));
      if (completeFrames(Buffer.concat(parts)) >= FRAMES_FOR_A_SECOND) firstSecond = now;
    }
  }
  return { headers: headersAt, firstByte, firstSecond, whole: performance.now() - t0, bytes };
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const p90 = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.9) - 1)]!;

function report(label: string, timings: Timing[]): void {
  const row = (name: string, xs: number[]) =>
    console.log(
      `  ${name.padEnd(26)} median ${fmt(median(xs)).padStart(5)} ms   p90 ${fmt(p90(xs)).padStart(5)} ms   max ${fmt(Math.max(...xs)).padStart(5)} ms`,
    );
  console.log(`\n  ${label} (${timings.length} songs never played before)`);
  row(
    'request → headers',
    timings.map((t) => t.headers),
  );
  row(
    'request → first audio byte',
    timings.map((t) => t.firstByte),
  );
  row(
    'request → first second',
    timings.map((t) => t.firstSecond),
  );
  row(
    'request → whole song',
    timings.map((t) => t.whole),
  );
}

interface Server {
  url: string;
  stop(): Promise<void>;
}

/** `cloudtune serve` from the sources on a free port and a fresh data directory. */
async function startServer(): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cloudtune-click-'));
  const serverDir = fileURLToPath(new URL('../apps/server/', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'serve'], {
    cwd: serverDir,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', CLOUDTUNE_DATA: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      const m = /serving at (http:\/\/\S+?)\/?\s/.exec(out);
      if (m) resolve(m[1]!.replace('localhost', '127.0.0.1'));
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before serving`)));
  });
  return {
    url,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function songIds(server: Server): Promise<{ id: number; dt: number }[]> {
  const ids = Array.from({ length: 480 }, (_, i) => i + 1).join(',');
  const { songs } = (await (await fetch(`${server.url}/api/song/detail?ids=${ids}`)).json()) as { songs: { id: number; dt: number }[] };
  return songs.map((s) => ({ id: s.id, dt: s.dt }));
}

const server = await startServer();
try {
  console.log(`# Click to audio, server side — ${new Date().toISOString()} — ${server.url}`);
  const songs = await songIds(server);
  // Every 7th song: a spread of lengths (30–120 s), none played before.
  const pick = (offset: number) => songs.filter((_, i) => i % 7 === offset).slice(0, SONGS);

  const urlTimes: number[] = [];
  for (const { id } of pick(0)) {
    const t0 = performance.now();
    await (await fetch(`${server.url}/api/song/url?id=${id}`)).json();
    urlTimes.push(performance.now() - t0);
  }
  console.log(
    `\n  /song/url for a song never played: median ${fmt(median(urlTimes), 1)} ms, max ${fmt(Math.max(...urlTimes), 1)} ms (renders nothing)`,
  );

  const idle: Timing[] = [];
  for (const { id } of pick(0)) idle.push(await play(`${server.url}/api/media/audio/${id}.mp3`));
  report('idle server, one listener', idle);
  const seconds = pick(0).reduce((s, x) => s + x.dt, 0) / 1000;
  const renderMs = idle.reduce((s, t) => s + t.whole, 0);
  console.log(
    `  render speed: ${fmt(seconds / (renderMs / 1000))}× real time (${fmt(seconds)} s of audio in ${fmt(renderMs / 1000, 1)} s)`,
  );

  // The client prepares the next song while this one plays: a render already running.
  const busy: Timing[] = [];
  const next = pick(1);
  for (const [i, { id }] of pick(2).entries()) {
    await fetch(`${server.url}/api/song/prepare?id=${next[i]!.id}`);
    busy.push(await play(`${server.url}/api/media/audio/${id}.mp3`));
  }
  report('while the next song is being prepared', busy);

  const prepared: Timing[] = [];
  for (const { id } of next) prepared.push(await play(`${server.url}/api/media/audio/${id}.mp3`));
  report('a prepared song (rendered ahead)', prepared);
} finally {
  await server.stop();
}
