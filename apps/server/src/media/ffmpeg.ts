import { execFileSync, spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createRequire } from 'node:module';

/**
 * Which ffmpeg decodes users' files and encodes MP3s (docs/decisions/0008-ffmpeg.md): the one
 * named by CLOUDTUNE_FFMPEG, else the system's when it is at least MIN_SYSTEM_VERSION (a
 * distribution keeps it patched), else the bundled static build (old, but always present).
 */
export const MIN_SYSTEM_VERSION = [5, 1] as const;

export interface FfmpegChoice {
  path: string;
  /** e.g. "5.1.9-0+deb12u1", or null when it could not be read */
  version: string | null;
  source: 'env' | 'system' | 'bundled';
}

/** `ffmpeg -version`'s first line → "5.1.9-0+deb12u1"; null when the binary does not answer. */
export function versionOf(path: string): string | null {
  try {
    const out = execFileSync(path, ['-hide_banner', '-version'], { encoding: 'utf8', timeout: 5000, stdio: ['ignore', 'pipe', 'ignore'] });
    return /ffmpeg version (\S+)/.exec(out)?.[1] ?? null;
  } catch {
    return null;
  }
}

/** True for "5.1.9-0+deb12u1", "6.0", "n7.1"; false for "4.1" and for git snapshots without a release number. */
export function isRecentEnough(version: string | null, min: readonly [number, number] = MIN_SYSTEM_VERSION): boolean {
  const m = version ? /^n?(\d+)\.(\d+)/.exec(version) : null;
  if (!m) return false;
  const [major, minor] = [Number(m[1]), Number(m[2])];
  return major > min[0] || (major === min[0] && minor >= min[1]);
}

export function chooseFfmpeg(env: NodeJS.ProcessEnv = process.env): FfmpegChoice {
  const named = env.CLOUDTUNE_FFMPEG?.trim();
  if (named) return { path: named, version: versionOf(named), source: 'env' };
  const system = versionOf('ffmpeg');
  if (isRecentEnough(system)) return { path: 'ffmpeg', version: system, source: 'system' };
  // Only required when it is the one used (its platform lookup runs at load).
  const bundled = createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string; version: string };
  return { path: bundled.path, version: bundled.version, source: 'bundled' };
}

let chosen: FfmpegChoice | undefined;

/** The ffmpeg in use, chosen once per process (call it at start-up so the check runs there). */
export function ffmpeg(): FfmpegChoice {
  chosen ??= chooseFfmpeg();
  return chosen;
}

/** Spawns the chosen ffmpeg; an abort signal kills it (work nobody waits for is cancelled). */
export function spawnFfmpeg(args: readonly string[], options: SpawnOptions): ChildProcess {
  return spawn(ffmpeg().path, ['-hide_banner', '-loglevel', 'error', '-nostdin', ...args], { killSignal: 'SIGKILL', ...options });
}
