import type { SongPlan } from '../song-plan.ts';

/*
 * Per-bar rhythm patterns of the accompaniment, chosen by the song's drum style.
 */

/** [beat, length in beats, interval above the root] per bass note. */
export function bassPattern(plan: SongPlan, bar: number): [number, number, number][] {
  switch (plan.sounds.drums) {
    case 'dance':
      return [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5].map((b) => [b, 0.5, b === 3.5 ? 12 : 0] as [number, number, number]);
    case 'none':
    case 'soft':
      return [
        [0, 2, 0],
        [2, 2, bar % 2 ? 7 : 0],
      ];
    default:
      return [
        [0, 1.5, 0],
        [1.5, 0.5, 0],
        [2, 1, 7],
        [3, 1, bar % 2 ? 12 : 0],
      ];
  }
}

type Hit = (voice: 'kick' | 'snare' | 'hat', beat: number, vel: number, pan: number) => void;

/** Calls `hit` for every drum hit of one bar (beats 0–4). */
export function drumHits(plan: SongPlan, lastBarOfSection: boolean, hit: Hit): void {
  const style = plan.sounds.drums;
  if (style === 'none') return;
  for (let e = 0; e < 8; e++) {
    const beat = e / 2;
    if (style !== 'dance' || e % 2 === 1) hit('hat', beat, style === 'soft' ? 0.35 : e % 2 ? 0.5 : 0.7, 0.3);
  }
  const kicks = { soft: [0], pop: [0, 2, 2.5], dance: [0, 1, 2, 3], halftime: [0, 1.75] }[style];
  const snares = { soft: [2], pop: [1, 3], dance: [1, 3], halftime: [2] }[style];
  for (const b of kicks) hit('kick', b, 1, 0);
  for (const b of snares) hit('snare', b, style === 'soft' ? 0.5 : 0.9, -0.1);
  // A short fill leads into the next section.
  if (lastBarOfSection && style !== 'soft') for (const b of [3.25, 3.5, 3.75]) hit('snare', b, 0.6, -0.1);
}
