import type { Note } from './arrangement.ts';
import { NOISE_MASK, SAMPLE_RATE as SR, TABLE_MASK, TABLE_SIZE, noise, waves } from './wavetables.ts';
import { panGains, type Mix } from './mix.ts';

/** Drum voices: a pitch-swept sine kick, a noise-and-tone snare, a high-passed noise hat. */
export function kick(mix: Mix, note: Note): void {
  const start = Math.round(note.start * SR);
  const end = Math.min(mix.left.length, start + Math.round(0.35 * SR));
  const sweepK = Math.exp(-1 / (0.035 * SR));
  const ampK = Math.exp(-1 / (0.16 * SR));
  let sweep = 110;
  let amp = 0.26 * note.vel;
  let phase = 0;
  for (let i = start; i < end; i++) {
    const v = waves.sine[phase & TABLE_MASK]! * amp;
    phase += ((48 + sweep) * TABLE_SIZE) / SR;
    sweep *= sweepK;
    amp *= ampK;
    mix.left[i]! += v;
    mix.right[i]! += v;
  }
}

export function snare(mix: Mix, note: Note): void {
  const start = Math.round(note.start * SR);
  const end = Math.min(mix.left.length, start + Math.round(0.25 * SR));
  const [gl, gr] = panGains(note.pan);
  const noiseK = Math.exp(-1 / (0.07 * SR));
  const toneK = Math.exp(-1 / (0.04 * SR));
  let noiseAmp = 0.13 * note.vel;
  let toneAmp = 0.1 * note.vel;
  let phase = 0;
  let f = 0;
  for (let i = start; i < end; i++) {
    f += 0.5 * (noise[(i * 7) & NOISE_MASK]! - f);
    const v = f * noiseAmp + waves.sine[phase & TABLE_MASK]! * toneAmp;
    phase += (190 * TABLE_SIZE) / SR;
    noiseAmp *= noiseK;
    toneAmp *= toneK;
    mix.left[i]! += v * gl;
    mix.right[i]! += v * gr;
  }
}

export function hat(mix: Mix, note: Note): void {
  const start = Math.round(note.start * SR);
  const end = Math.min(mix.left.length, start + Math.round(0.12 * SR));
  const [gl, gr] = panGains(note.pan);
  const k = Math.exp(-1 / (0.025 * SR));
  let amp = 0.05 * note.vel;
  for (let i = start; i < end; i++) {
    // first difference of white noise: a cheap high-pass that leaves the "tss"
    const v = (noise[i & NOISE_MASK]! - noise[(i - 1) & NOISE_MASK]!) * amp;
    amp *= k;
    mix.left[i]! += v * gl;
    mix.right[i]! += v * gr;
  }
}
