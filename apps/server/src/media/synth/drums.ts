import type { Note } from './arrangement.ts';
import { NOISE_MASK, SAMPLE_RATE as SR, TABLE_MASK, TABLE_SIZE, noise, waves } from './wavetables.ts';
import { panGains, type Mix, type Voice } from './mix.ts';

/**
 * Drum voices: a pitch-swept sine kick, a noise-and-tone snare, a high-passed noise hat. Each
 * keeps its state between the windows it is drawn in (see Voice); `frames` is the song's length.
 */
export function kick(note: Note, frames: number): Voice {
  const start = Math.round(note.start * SR);
  const end = Math.min(frames, start + Math.round(0.35 * SR));
  const sweepK = Math.exp(-1 / (0.035 * SR));
  const ampK = Math.exp(-1 / (0.16 * SR));
  let sweep = 110;
  let amp = 0.26 * note.vel;
  let phase = 0;
  return {
    start,
    end,
    render({ left, right, offset }: Mix, from: number, to: number) {
      // State in locals while drawing (the loop's speed), kept for the next window after.
      let s = sweep;
      let a = amp;
      let p = phase;
      for (let i = from; i < to; i++) {
        const v = waves.sine[p & TABLE_MASK]! * a;
        p += ((48 + s) * TABLE_SIZE) / SR;
        s *= sweepK;
        a *= ampK;
        left[i - offset]! += v;
        right[i - offset]! += v;
      }
      sweep = s;
      amp = a;
      phase = p;
    },
  };
}

export function snare(note: Note, frames: number): Voice {
  const start = Math.round(note.start * SR);
  const end = Math.min(frames, start + Math.round(0.25 * SR));
  const [gl, gr] = panGains(note.pan);
  const noiseK = Math.exp(-1 / (0.07 * SR));
  const toneK = Math.exp(-1 / (0.04 * SR));
  let noiseAmp = 0.13 * note.vel;
  let toneAmp = 0.1 * note.vel;
  let phase = 0;
  let f = 0;
  return {
    start,
    end,
    render({ left, right, offset }: Mix, from: number, to: number) {
      let na = noiseAmp;
      let ta = toneAmp;
      let p = phase;
      let lp = f;
      for (let i = from; i < to; i++) {
        lp += 0.5 * (noise[(i * 7) & NOISE_MASK]! - lp);
        const v = lp * na + waves.sine[p & TABLE_MASK]! * ta;
        p += (190 * TABLE_SIZE) / SR;
        na *= noiseK;
        ta *= toneK;
        left[i - offset]! += v * gl;
        right[i - offset]! += v * gr;
      }
      noiseAmp = na;
      toneAmp = ta;
      phase = p;
      f = lp;
    },
  };
}

export function hat(note: Note, frames: number): Voice {
  const start = Math.round(note.start * SR);
  const end = Math.min(frames, start + Math.round(0.12 * SR));
  const [gl, gr] = panGains(note.pan);
  const k = Math.exp(-1 / (0.025 * SR));
  let amp = 0.05 * note.vel;
  return {
    start,
    end,
    render({ left, right, offset }: Mix, from: number, to: number) {
      let a = amp;
      for (let i = from; i < to; i++) {
        // first difference of white noise: a cheap high-pass that leaves the "tss"
        const v = (noise[i & NOISE_MASK]! - noise[(i - 1) & NOISE_MASK]!) * a;
        a *= k;
        left[i - offset]! += v * gl;
        right[i - offset]! += v * gr;
      }
      amp = a;
    },
  };
}
