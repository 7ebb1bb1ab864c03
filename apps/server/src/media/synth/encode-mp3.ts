import type { ChildProcess } from 'node:child_process';
import type { Readable } from 'node:stream';
import { spawnFfmpeg } from '../ffmpeg.ts';
import { SAMPLE_RATE } from './wavetables.ts';

export const MP3_BITRATE = 128_000;

export interface TrackTags {
  title: string;
  artist: string;
  album: string;
}

export interface Mp3Encoder {
  /** Resolves when ffmpeg has taken the chunk (backpressure). */
  write(chunk: Buffer): Promise<void>;
  /** Closes the input and resolves once ffmpeg has written its last frame and exited. */
  finish(): Promise<void>;
  /** Stops ffmpeg (on a rendering failure or when nobody listens any more). */
  abort(): void;
  /** The MP3 frames, as ffmpeg makes them. */
  output: Readable;
}

/**
 * s16le stereo PCM on stdin → CBR 128 kbit/s MP3 frames on stdout, nothing else: no tag (the
 * caller writes it, so the file's size is known before encoding) and no Xing header (a pipe
 * cannot seek back to fill one in; a CBR stream needs none). The probe limits let ffmpeg start
 * encoding on the first bytes instead of reading 5 s of audio first; the bit-exact flags keep
 * every render of a song byte-identical. Arguments are an array, never a shell string.
 */
const ENCODER_ARGS = [
  '-probesize',
  '32',
  '-analyzeduration',
  '0',
  '-f',
  's16le',
  '-ar',
  String(SAMPLE_RATE),
  '-ac',
  '2',
  '-i',
  'pipe:0',
  '-c:a',
  'libmp3lame',
  '-b:a',
  '128k',
  '-compression_level',
  '7',
  '-fflags',
  '+bitexact',
  '-flags:a',
  '+bitexact',
  '-id3v2_version',
  '0',
  '-write_xing',
  '0',
  '-f',
  'mp3',
  'pipe:1',
];

/** Spawns an encoder; `signal` kills it. */
export function startMp3Encoder(signal?: AbortSignal): Mp3Encoder {
  return wrap(spawnFfmpeg(ENCODER_ARGS, { stdio: ['pipe', 'pipe', 'pipe'] }), signal);
}

function wrap(child: ChildProcess, signal?: AbortSignal): Mp3Encoder {
  const [stdin, stdout, stderrStream] = [child.stdin!, child.stdout!, child.stderr!];
  let stderr = '';
  stderrStream.setEncoding('utf8').on('data', (d: string) => {
    if (stderr.length < 4000) stderr += d;
  });
  const exited = new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, sig) => (code === 0 ? resolve() : reject(new Error(`ffmpeg failed (${sig ?? code}): ${stderr.trim()}`))));
  });
  // A dead ffmpeg surfaces through `exited`; swallow the matching EPIPE on stdin.
  stdin.on('error', () => {});
  exited.catch(() => {});
  const kill = () => child.kill('SIGKILL');
  if (signal?.aborted) kill();
  else signal?.addEventListener('abort', kill, { once: true });
  void exited.finally(() => signal?.removeEventListener('abort', kill)).catch(() => {});

  return {
    output: stdout,
    write: (chunk) =>
      new Promise<void>((resolve, reject) => {
        if (child.exitCode !== null || child.signalCode !== null) return reject(new Error(`ffmpeg exited early: ${stderr.trim()}`));
        if (stdin.write(chunk)) resolve();
        else {
          const onDrain = () => (child.off('close', onClose), resolve());
          const onClose = () => (stdin.off('drain', onDrain), reject(new Error(`ffmpeg exited early: ${stderr.trim()}`)));
          stdin.once('drain', onDrain);
          child.once('close', onClose);
        }
      }),
    finish: () => {
      stdin.end();
      return exited;
    },
    abort: kill,
  };
}

/** Stdio pipes are sockets: an unref'd one does not keep the process alive. */
const setRef = (child: ChildProcess, on: boolean): void => {
  for (const s of [child, child.stdin, child.stdout, child.stderr] as ({ ref(): void; unref(): void } | null)[]) {
    if (on) s?.ref();
    else s?.unref();
  }
};

/**
 * Encoders started ahead: starting ffmpeg costs ~70 ms on a 2-core machine, and spawning it blocks
 * the server's thread for 10–40 ms (more as the process grows), so encoders are started while
 * nothing is being made: up to `warm()`'s count wait idle (a process blocked on its input, no
 * CPU). Taking one does not start another at once — that would stall the song just started, in
 * its first second — but when the encoder taken exits, at the end of its song.
 */
export class Mp3EncoderPool {
  readonly #spares: ChildProcess[] = [];
  #target = 1;
  #closed = false;

  /** Keeps `count` encoders waiting from now on (at start-up: one per encode slot). */
  warm(count: number): void {
    this.#target = Math.max(1, count);
    this.#closed = false;
    this.#refill();
  }

  take(signal?: AbortSignal): Mp3Encoder {
    let child: ChildProcess | undefined;
    while (!child && this.#spares.length > 0) {
      const spare = this.#spares.shift()!;
      if (spare.exitCode === null && spare.signalCode === null) child = spare;
    }
    if (child) setRef(child, true);
    else child = spawnFfmpeg(ENCODER_ARGS, { stdio: ['pipe', 'pipe', 'pipe'] });
    // Its song is made (or abandoned): start the next encoder now, while nothing waits for it.
    child.once('close', () => setImmediate(() => this.#refill()));
    return wrap(child, signal);
  }

  #refill(): void {
    if (this.#closed) return;
    while (this.#spares.length < this.#target) {
      const child = spawnFfmpeg(ENCODER_ARGS, { stdio: ['pipe', 'pipe', 'pipe'] });
      child.on('error', () => {});
      child.stdin!.on('error', () => {});
      setRef(child, false);
      this.#spares.push(child);
    }
  }

  /** Ends the waiting encoders (their input closes: they exit having encoded nothing). */
  close(): void {
    this.#closed = true;
    for (const spare of this.#spares.splice(0)) spare.stdin!.end();
  }
}

/**
 * The process's pool: one waiting encoder however many apps it runs (tests build many). It holds
 * nothing open for the event loop, and exits with the process (its input closes).
 */
export const mp3Encoders = new Mp3EncoderPool();
