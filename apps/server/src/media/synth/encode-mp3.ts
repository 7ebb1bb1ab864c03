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
  /** Closes the input and resolves once the file is complete. */
  finish(): Promise<void>;
  /** Stops ffmpeg (on a rendering failure). */
  abort(): void;
}

/**
 * Spawns ffmpeg reading s16le stereo PCM on stdin and writing a CBR 128 kbit/s MP3 to `outFile`.
 * Writing to a file (not a pipe) lets ffmpeg go back and fill in the Xing/LAME header, which is
 * what gives players an exact duration. Arguments are an array, never a shell string.
 */
export function startMp3Encoder(outFile: string, tags: TrackTags, signal?: AbortSignal): Mp3Encoder {
  const child = spawnFfmpeg(
    [
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
      '-id3v2_version',
      '3',
      '-metadata',
      `title=${tags.title}`,
      '-metadata',
      `artist=${tags.artist}`,
      '-metadata',
      `album=${tags.album}`,
      '-f',
      'mp3',
      '-y',
      outFile,
    ],
    { stdio: ['pipe', 'ignore', 'pipe'], signal },
  );
  const [stdin, stderrStream] = [child.stdin!, child.stderr!];
  let stderr = '';
  stderrStream.setEncoding('utf8').on('data', (d: string) => {
    if (stderr.length < 4000) stderr += d;
  });
  const exited = new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`ffmpeg failed (${signal ?? code}): ${stderr.trim()}`)),
    );
  });
  // A dead ffmpeg surfaces through `exited`; swallow the matching EPIPE on stdin.
  stdin.on('error', () => {});
  exited.catch(() => {});

  return {
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
    abort: () => {
      child.kill('SIGKILL');
    },
  };
}
