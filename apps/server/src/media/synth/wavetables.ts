import { mulberry32 } from '../../text/prng.ts';

/** One-cycle wavetables: far cheaper per sample than Math.sin, and band-limited by construction. */
export const SAMPLE_RATE = 44_100;
export const TABLE_SIZE = 4096;
export const TABLE_MASK = TABLE_SIZE - 1;

function table(harmonics: readonly [number, number][]): Float32Array {
  const t = new Float32Array(TABLE_SIZE);
  for (let i = 0; i < TABLE_SIZE; i++) {
    let v = 0;
    for (const [n, amp] of harmonics) v += amp * Math.sin((2 * Math.PI * n * i) / TABLE_SIZE);
    t[i] = v;
  }
  let peak = 0;
  for (const v of t) peak = Math.max(peak, Math.abs(v));
  for (let i = 0; i < TABLE_SIZE; i++) t[i]! /= peak;
  return t;
}

const series = (count: number, amp: (n: number) => number, step = 1): [number, number][] =>
  Array.from({ length: count }, (_, i) => [1 + i * step, amp(1 + i * step)] as [number, number]);

export const waves = {
  sine: table([[1, 1]]),
  triangle: table(series(6, (n) => (((n - 1) / 2) % 2 ? -1 / (n * n) : 1 / (n * n)), 2)),
  square: table(series(7, (n) => 1 / n, 2)),
  saw: table(series(10, (n) => 1 / n)),
  organ: table([
    [1, 1],
    [2, 0.5],
    [3, 0.3],
    [4, 0.2],
    [6, 0.1],
  ]),
  choir: table([
    [1, 1],
    [2, 0.35],
    [3, 0.25],
    [5, 0.1],
  ]),
  flute: table([
    [1, 1],
    [2, 0.22],
    [3, 0.08],
  ]),
} as const;

/** White noise for drums, fixed so every render of a song is identical. */
export const NOISE_SIZE = 1 << 17;
export const NOISE_MASK = NOISE_SIZE - 1;
export const noise = (() => {
  const rng = mulberry32(0x5eed);
  const n = new Float32Array(NOISE_SIZE);
  for (let i = 0; i < NOISE_SIZE; i++) n[i] = rng() * 2 - 1;
  return n;
})();

export const midiToHz = (midi: number): number => 440 * 2 ** ((midi - 69) / 12);
