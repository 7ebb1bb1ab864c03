/**
 * Deterministic randomness for the demo library: the same seed always yields the same catalog,
 * audio and artwork, so two fresh installs (and tests) agree byte for byte.
 */
export type Rng = () => number;

/** mulberry32: tiny, fast, and good enough for content generation (not for secrets). */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A seed derived from parts (FNV-1a over their text), so each entity gets its own stream:
 * adding a playlist never reshuffles every song after it.
 */
export function deriveSeed(...parts: (string | number)[]): number {
  let h = 0x811c9dc5;
  for (const ch of parts.join('\u0001')) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export const rngFor = (...parts: (string | number)[]): Rng => mulberry32(deriveSeed(...parts));

export function pick<T>(rng: Rng, items: readonly T[]): T {
  if (items.length === 0) throw new Error('pick from an empty list');
  return items[Math.floor(rng() * items.length)]!;
}

/** Integer in [min, max], both inclusive. */
export const intBetween = (rng: Rng, min: number, max: number): number => min + Math.floor(rng() * (max - min + 1));

export const chance = (rng: Rng, p: number): boolean => rng() < p;

export function shuffled<T>(rng: Rng, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** `count` distinct items (fewer if the list is shorter). */
export const sample = <T>(rng: Rng, items: readonly T[], count: number): T[] => shuffled(rng, items).slice(0, count);

/** Log-uniform: play counts spread over orders of magnitude like real ones. */
export const logUniform = (rng: Rng, min: number, max: number): number =>
  Math.round(Math.exp(Math.log(min) + rng() * (Math.log(max) - Math.log(min))));
