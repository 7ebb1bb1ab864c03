import { setPriority } from 'node:os';
import type { Readable } from 'node:stream';
import { spawnFfmpeg } from './ffmpeg.ts';

/**
 * Loudness as players normalise by it (docs/decisions/0046-loudness.md): a song's integrated
 * loudness (EBU R128, LUFS) and true peak (linear, 1 = full scale), measured by ffmpeg's ebur128
 * filter or read from the file's ReplayGain / R128 tags.
 */
export interface Loudness {
  /** LUFS, integrated */
  loudness: number;
  /** true peak, linear; null when unknown (tags that give a gain but no peak) */
  peak: number | null;
}

/** What a file's tags say, the album's too when they say it. */
export interface TaggedLoudness extends Loudness {
  albumLoudness: number | null;
  albumPeak: number | null;
}

/** ReplayGain 2.0's reference level: a gain brings a song to this loudness. */
export const REFERENCE_LUFS = -18;
/** Opus's R128 gain tags are relative to EBU R128's own reference. */
const R128_REFERENCE_LUFS = -23;

/** The gain (dB) that brings `loudness` to the reference level. */
export const gainOf = (loudness: number): number => Math.round((REFERENCE_LUFS - loudness) * 100) / 100;
export const roundPeak = (peak: number): number => Math.round(peak * 1e6) / 1e6;

/** The ReplayGain 2.0 track gain tag (dB to −18 LUFS) as a loudness. */
export const loudnessOfReplayGain = (gainDb: number): number => REFERENCE_LUFS - gainDb;
/** Opus's R128_TRACK_GAIN / R128_ALBUM_GAIN (a Q7.8 number of dB to −23 LUFS) as a loudness. */
export const loudnessOfR128Gain = (q78: number): number => R128_REFERENCE_LUFS - q78 / 256;

/** One song of an album as its album's loudness needs it; loudness null: not measured yet. */
export interface AlbumMember {
  durationMs: number;
  loudness: number | null;
  peak: number | null;
  albumLoudness: number | null;
  albumPeak: number | null;
}

/**
 * An album's loudness once every song of it has one; undefined before. When every song's tags
 * name the album's loudness, that is it; otherwise the songs' loudness, their energy averaged
 * over their durations (an album played through is as loud as its songs' mean power), and the
 * loudest true peak.
 */
export function albumLoudness(members: readonly AlbumMember[]): Loudness | undefined {
  if (members.length === 0 || members.some((m) => m.loudness === null)) return undefined;
  if (members.every((m) => m.albumLoudness !== null)) {
    const peaks = members.map((m) => m.albumPeak);
    return { loudness: members[0]!.albumLoudness!, peak: peaks.includes(null) ? null : Math.max(...(peaks as number[])) };
  }
  let energy = 0;
  let duration = 0;
  for (const m of members) {
    energy += m.durationMs * 10 ** (m.loudness! / 10);
    duration += m.durationMs;
  }
  const peaks = members.map((m) => m.peak);
  return {
    loudness: Math.round(10 * Math.log10(energy / duration) * 100) / 100,
    peak: peaks.includes(null) ? null : Math.max(...(peaks as number[])),
  };
}

/** ebur128's figure for silence (below its absolute gate): nothing to bring to the reference. */
const SILENT_LUFS = -70;

/** The summary ebur128 logs when it ends: integrated loudness and true peak; undefined when absent. */
export function parseEbur128Summary(log: string): Loudness | undefined {
  const summary = log.slice(log.lastIndexOf('Summary:'));
  const integrated = /I:\s+(-?[\d.]+|-inf)\s+LUFS/.exec(summary)?.[1];
  const truePeak = /True peak:\s+Peak:\s+(-?[\d.]+|-inf)\s+dBFS/.exec(summary)?.[1];
  if (integrated === undefined || truePeak === undefined || !log.includes('Summary:')) return undefined;
  const loudness = integrated === '-inf' ? SILENT_LUFS : Math.max(SILENT_LUFS, Number(integrated));
  return { loudness, peak: truePeak === '-inf' ? 0 : roundPeak(10 ** (Number(truePeak) / 20)) };
}

/** The least CPU priority there is: the measurement runs only when nothing else wants the cores. */
const LOWEST_PRIORITY = 19;

/** A file to measure: on this machine's disk, or a stream (an object in remote storage). */
export type LoudnessInput = { path: string } | { stream: Readable };

/**
 * Measures a file's integrated loudness and true peak with ffmpeg's ebur128 filter, decoding its
 * first audio stream on one thread in a child process at the lowest CPU priority. `signal` kills
 * ffmpeg (the server stops). Rejects when ffmpeg cannot decode the file.
 */
export async function measureLoudness(input: LoudnessInput, signal?: AbortSignal): Promise<Loudness> {
  const source = 'path' in input ? input.path : 'pipe:0';
  // ffmpeg's summary is logged at info level (spawnFfmpeg's default shows errors only); the
  // per-block lines go to the verbose level, unseen.
  const args = ['-loglevel', 'info', '-nostats', '-threads', '1', '-i', source, '-map', '0:a:0'];
  args.push('-filter:a', 'ebur128=peak=true:framelog=verbose', '-f', 'null', '-');
  const child = spawnFfmpeg(args, { stdio: ['stream' in input ? 'pipe' : 'ignore', 'ignore', 'pipe'], signal });
  try {
    if (child.pid !== undefined) setPriority(child.pid, LOWEST_PRIORITY);
  } catch {
    // Gone already (it failed at once): its exit says why.
  }
  if ('stream' in input) {
    // ffmpeg may stop reading early (an undecodable file): a broken pipe is its exit's business.
    child.stdin!.on('error', () => {});
    input.stream.on('error', () => child.stdin!.destroy());
    input.stream.pipe(child.stdin!);
  }
  let log = '';
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    // The summary comes last; a long error log keeps only its end.
    log = (log + chunk).slice(-16_384);
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  if ('stream' in input) input.stream.destroy();
  const measured = code === 0 ? parseEbur128Summary(log) : undefined;
  if (!measured) throw new Error(`ffmpeg could not measure the loudness (exit ${code}): ${log.trim().split('\n').slice(-3).join(' / ')}`);
  return measured;
}
