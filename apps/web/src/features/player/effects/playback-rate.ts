/** Playback speed (beyond SPEC): 0.5× to 2×, the pitch kept (`preservesPitch`). */
export const MIN_PLAYBACK_RATE = 0.5;
export const MAX_PLAYBACK_RATE = 2;
export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;

export const clampPlaybackRate = (rate: number): number =>
  Number.isFinite(rate) ? Math.min(MAX_PLAYBACK_RATE, Math.max(MIN_PLAYBACK_RATE, Math.round(rate * 100) / 100)) : 1;

type PitchElement = HTMLMediaElement & { webkitPreservesPitch?: boolean; mozPreservesPitch?: boolean };

/**
 * Sets an element's speed. `defaultPlaybackRate` too: loading a new src resets `playbackRate` to
 * it, so the speed survives song changes.
 */
export function applyPlaybackRate(element: HTMLMediaElement, rate: number): void {
  const el = element as PitchElement;
  const next = clampPlaybackRate(rate);
  el.preservesPitch = true;
  if ('webkitPreservesPitch' in el) el.webkitPreservesPitch = true;
  if ('mozPreservesPitch' in el) el.mozPreservesPitch = true;
  el.defaultPlaybackRate = next;
  el.playbackRate = next;
}
