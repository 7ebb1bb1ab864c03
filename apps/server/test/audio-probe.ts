import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ffmpeg } from '../src/media/ffmpeg.ts';

/** What ffprobe says of an answer's bytes: the container, its first audio stream, the overall bitrate and duration. */
export interface Probed {
  formatName: string;
  codec: string;
  sampleRate: number;
  channels: number;
  /** bit/s, overall (what a player's bandwidth sees, tags included) */
  bitRate: number;
  /** bit/s of the audio stream, when the container states it (MP3, AAC: NaN for Ogg) */
  streamBitRate: number;
  /** seconds, as the container tells it */
  duration: number;
}

function run(command: string, args: string[]): Promise<{ stdout: Buffer; stderr: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ stdout: Buffer.concat(out), stderr, code }));
  });
}

async function withFile<T>(bytes: Buffer, work: (file: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'cloudtune-probe-'));
  const file = join(dir, 'answer');
  writeFileSync(file, bytes);
  try {
    return await work(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** ffprobe (the system's, beside its ffmpeg) on the bytes. */
export const probe = (bytes: Buffer): Promise<Probed> =>
  withFile(bytes, async (file) => {
    const args = [
      '-v',
      'error',
      '-show_entries',
      'format=format_name,bit_rate,duration:stream=codec_name,sample_rate,channels,bit_rate',
      '-of',
      'json',
    ];
    const { stdout, stderr, code } = await run('ffprobe', [...args, file]);
    if (code !== 0) throw new Error(`ffprobe failed: ${stderr}`);
    const { format, streams } = JSON.parse(stdout.toString('utf8')) as {
      format: { format_name: string; bit_rate?: string; duration?: string };
      streams: { codec_name: string; sample_rate: string; channels: number; bit_rate?: string }[];
    };
    const stream = streams[0]!;
    return {
      formatName: format.format_name,
      codec: stream.codec_name,
      sampleRate: Number(stream.sample_rate),
      channels: stream.channels,
      bitRate: Number(format.bit_rate),
      streamBitRate: Number(stream.bit_rate),
      duration: Number(format.duration),
    };
  });

const PCM_RATE = 8000;

/**
 * Seconds of audio the bytes decode to, counted in decoded samples (exact whatever the container
 * says), and whether the decoder complained. ffmpeg is the server's own.
 */
export const decode = (bytes: Buffer): Promise<{ seconds: number; errors: string }> =>
  withFile(bytes, async (file) => {
    const args = ['-hide_banner', '-v', 'error', '-i', file, '-map', '0:a:0', '-ac', '1', '-ar', String(PCM_RATE), '-f', 's16le', 'pipe:1'];
    const { stdout, stderr, code } = await run(ffmpeg().path, args);
    if (code !== 0) throw new Error(`ffmpeg could not decode the answer: ${stderr}`);
    return { seconds: stdout.length / 2 / PCM_RATE, errors: stderr.trim() };
  });
