import type { SongPlan } from '../song-plan.ts';
import { waves } from './wavetables.ts';

/**
 * The synthesizer's instruments: a wavetable and an envelope each. A song's plan picks one per
 * part, which is much of what makes two demo songs sound different.
 */
export interface Shape {
  table: Float32Array;
  gain: number;
  attack: number;
  /** seconds for the level to fall by e toward `sustain` */
  decay: number;
  sustain: number;
  release: number;
  vibrato?: number;
  detune?: number;
  /** one-pole lowpass coefficient (0 = off, closer to 1 = darker) */
  lowpass?: number;
}

export const LEAD: Record<SongPlan['sounds']['lead'], Shape> = {
  flute: { table: waves.flute, gain: 0.2, attack: 0.03, decay: 0.3, sustain: 0.8, release: 0.08, vibrato: 0.005 },
  square: { table: waves.square, gain: 0.12, attack: 0.01, decay: 0.2, sustain: 0.7, release: 0.05, vibrato: 0.003, lowpass: 0.55 },
  triangle: { table: waves.triangle, gain: 0.2, attack: 0.01, decay: 0.25, sustain: 0.75, release: 0.06, vibrato: 0.004 },
  organ: { table: waves.organ, gain: 0.13, attack: 0.02, decay: 0.4, sustain: 0.85, release: 0.06, vibrato: 0.002 },
};
export const PAD: Record<SongPlan['sounds']['pad'], Shape> = {
  warm: { table: waves.saw, gain: 0.045, attack: 0.35, decay: 1, sustain: 0.9, release: 0.4, detune: 0.004, lowpass: 0.93 },
  choir: { table: waves.choir, gain: 0.05, attack: 0.4, decay: 1, sustain: 0.9, release: 0.5, detune: 0.003, vibrato: 0.003 },
  organ: { table: waves.organ, gain: 0.042, attack: 0.08, decay: 1, sustain: 0.85, release: 0.2, detune: 0.002 },
};
export const ARP: Record<SongPlan['sounds']['arp'], Shape> = {
  pluck: { table: waves.saw, gain: 0.07, attack: 0.003, decay: 0.18, sustain: 0, release: 0.05, lowpass: 0.6 },
  bell: { table: waves.sine, gain: 0.08, attack: 0.002, decay: 0.45, sustain: 0, release: 0.1 },
  glass: { table: waves.triangle, gain: 0.07, attack: 0.002, decay: 0.3, sustain: 0, release: 0.08 },
};
export const BASS: Record<SongPlan['sounds']['bass'], Shape> = {
  round: { table: waves.flute, gain: 0.26, attack: 0.006, decay: 0.5, sustain: 0.6, release: 0.05 },
  pluck: { table: waves.saw, gain: 0.2, attack: 0.004, decay: 0.22, sustain: 0.35, release: 0.04, lowpass: 0.85 },
};
