import { isAlbumInOrder, isNextTrack, type AlbumTrack } from './loudness.ts';
import type { PlayMode } from './queue-rules.ts';

/**
 * 淡入淡出 (crossfade): the last seconds of a song overlap the first seconds of the next, the
 * one falling as the other rises on equal-power curves (cos and sin of the same angle, so the
 * summed power of two unrelated songs stays constant: no dip in loudness). Pure rules; the
 * engine schedules the curves on the audio clock (audio-graph.ts).
 */
export const CROSSFADE_MAX_SECONDS = 12;
/** 0 = 关闭: songs follow each other gapless */
export const DEFAULT_CROSSFADE_SECONDS = 0;

export const clampCrossfade = (v: unknown): number =>
  typeof v === 'number' && Number.isFinite(v) ? Math.min(CROSSFADE_MAX_SECONDS, Math.max(0, Math.round(v))) : DEFAULT_CROSSFADE_SECONDS;

/** How many points a curve has: fine enough that its steps are inaudible, small to schedule. */
const CURVE_POINTS = 256;

/** The two curves of a crossfade, from 0 to 1 of its length: the outgoing song's and the incoming one's. */
export function crossfadeCurves(points = CURVE_POINTS): { fadeOut: Float32Array; fadeIn: Float32Array } {
  const fadeOut = new Float32Array(points);
  const fadeIn = new Float32Array(points);
  for (let i = 0; i < points; i++) {
    const angle = (i / (points - 1)) * (Math.PI / 2);
    fadeOut[i] = Math.cos(angle);
    fadeIn[i] = Math.sin(angle);
  }
  // Exactly silent and exactly full at the ends (cos(π/2) is 6e-17, not 0).
  fadeOut[points - 1] = 0;
  fadeIn[points - 1] = 1;
  return { fadeOut, fadeIn };
}

export interface CrossfadeCase {
  /** the 淡入淡出 setting, seconds (0 = off) */
  seconds: number;
  playMode: PlayMode;
  queue: readonly AlbumTrack[];
  current: AlbumTrack & { id: number };
  upcoming: (AlbumTrack & { id: number; dt: number }) | null;
  /** the playing song's length, seconds of its own time (NaN or Infinity while unknown) */
  duration: number;
  /** speed: a fade of n seconds takes n × rate seconds of the song */
  rate: number;
}

/**
 * Whether the song playing hands over to the next with a crossfade (else gapless at its end):
 * never inside an album played in order (the queue is one, or the next song is the very next
 * track of the same album), never in 单曲循环, never for a song shorter than twice the fade
 * (either of the two), never while a length is unknown.
 */
export function shouldCrossfade(c: CrossfadeCase): boolean {
  const { seconds, upcoming, rate } = c;
  if (seconds <= 0 || !upcoming || upcoming.id === c.current.id || c.playMode === 'single') return false;
  if (!Number.isFinite(c.duration) || c.duration <= 0) return false;
  const wall = (songSeconds: number) => songSeconds / (rate > 0 ? rate : 1);
  if (wall(c.duration) < 2 * seconds || wall(upcoming.dt / 1000) < 2 * seconds) return false;
  return !isAlbumInOrder(c.queue, c.playMode) && !isNextTrack(c.current, upcoming);
}

/** Wall seconds from now until the crossfade of `seconds` starts, for a song at `currentTime` of `duration`. */
export const crossfadeStartsIn = (currentTime: number, duration: number, rate: number, seconds: number): number =>
  Math.max(0, (duration - currentTime) / (rate > 0 ? rate : 1) - seconds);
