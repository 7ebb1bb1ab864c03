import type { Rng } from '../../text/prng.ts';

export interface Scored {
  id: number;
  score: number;
  reason: string;
  /** items sharing a group (a song's main artist) are capped per list */
  group?: number;
}

/** Weights are score^SHARPNESS: a strong match is far likelier than a middling one. */
const SHARPNESS = 4;

/**
 * `count` items drawn without replacement, each with probability growing with score^4 (weighted
 * reservoir keys u^(1/w), Efraimidis–Spirakis): strong matches usually make it, weaker ones
 * sometimes, and the day's seed decides which. At most `perGroup` of one group, unless too few
 * groups are left to fill the list.
 */
export function pickWeighted(rng: Rng, items: readonly Scored[], count: number, perGroup = Infinity): Scored[] {
  const keyed = items
    .filter((it) => it.score > 0)
    .map((it) => ({ it, key: Math.log(rng() || Number.MIN_VALUE) / it.score ** SHARPNESS }))
    .sort((a, b) => b.key - a.key || a.it.id - b.it.id)
    .map((k) => k.it);
  const picked: Scored[] = [];
  const perGroupCount = new Map<number, number>();
  const skipped: Scored[] = [];
  for (const it of keyed) {
    if (picked.length === count) break;
    const n = it.group === undefined ? 0 : (perGroupCount.get(it.group) ?? 0);
    if (n >= perGroup) {
      skipped.push(it);
      continue;
    }
    picked.push(it);
    if (it.group !== undefined) perGroupCount.set(it.group, n + 1);
  }
  return [...picked, ...skipped.slice(0, count - picked.length)];
}
