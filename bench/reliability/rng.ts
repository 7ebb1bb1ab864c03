/** A seeded PRNG (mulberry32): the same seed gives the same fuzz cases and kill moments. */
export interface Rng {
  /** uniform in [0, 1) */
  next(): number;
  /** integer in [min, max] */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  /** a random lower-case marker, e.g. `zq4k9x7m2p`, to look for in response bodies */
  token(): string;
}

export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return {
    next,
    int,
    pick: <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!,
    chance: (p) => next() < p,
    token: () => `zq${Array.from({ length: 8 }, () => alphabet[int(0, alphabet.length - 1)]).join('')}`,
  };
}
