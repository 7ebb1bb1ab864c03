import type { SongPlan } from '../song-plan.ts';
import type { Note } from './arrangement.ts';
import { SAMPLE_RATE as SR, TABLE_MASK, TABLE_SIZE, midiToHz, waves } from './wavetables.ts';
import { ARP, BASS, LEAD, PAD, type Shape } from './instruments.ts';
import { hat, kick, snare } from './drums.ts';
import { panGains, type Mix } from './mix.ts';

/** Renders one note into the mix. Whole notes at once: envelopes and filters keep their state in locals. */
export function renderNote(mix: Mix, note: Note, plan: SongPlan): void {
  switch (note.voice) {
    case 'lead':
      return tone(mix, note, LEAD[plan.sounds.lead]);
    case 'pad':
      return tone(mix, note, PAD[plan.sounds.pad]);
    case 'arp':
      return plan.sounds.arp === 'bell' ? bell(mix, note) : tone(mix, note, ARP[plan.sounds.arp]);
    case 'bass':
      return tone(mix, note, BASS[plan.sounds.bass]);
    case 'kick':
      return kick(mix, note);
    case 'snare':
      return snare(mix, note);
    case 'hat':
      return hat(mix, note);
  }
}

function tone(mix: Mix, note: Note, s: Shape): void {
  const { left, right } = mix;
  const table = s.table;
  const sine = waves.sine;
  const start = Math.round(note.start * SR);
  const held = Math.round(note.dur * SR);
  const release = Math.max(1, Math.round(s.release * SR));
  const end = Math.min(left.length, start + held + release);
  const attack = Math.max(1, Math.round(s.attack * SR));
  const decayK = Math.exp(-1 / (s.decay * SR));
  const sustain = s.sustain;
  const inc = (midiToHz(note.midi) * TABLE_SIZE) / SR;
  const spread = s.detune ?? 0;
  const [panL, panR] = panGains(note.pan);
  const gain = s.gain * note.vel;
  const gl = gain * panL;
  const gr = gain * panR;
  const lfoInc = (5.5 * TABLE_SIZE) / SR;
  const vib = s.vibrato ?? 0;
  const vibFrom = Math.round(0.12 * SR);
  const lp = s.lowpass ?? 0;
  const lpMix = 1 - lp;
  const incL = inc * (1 - spread);
  const incR = inc * (1 + spread);
  let pl = (note.midi * 977) % TABLE_SIZE;
  let pr = pl;
  let lfo = 0;
  let level = 1;
  let fl = 0;
  let fr = 0;
  for (let i = start, n = 0; i < end; i++, n++) {
    // attack ramp, then an exponential fall toward the sustain level, then a linear release
    let env: number;
    if (n < attack) env = n / attack;
    else {
      env = sustain + (1 - sustain) * level;
      level *= decayK;
    }
    if (n >= held) env *= 1 - (n - held) / release;
    let bend = 1;
    if (vib !== 0 && n > vibFrom) {
      bend = 1 + vib * sine[lfo & TABLE_MASK]!;
      lfo += lfoInc;
    }
    pl += incL * bend;
    let l = table[pl & TABLE_MASK]!;
    let r = l;
    if (spread !== 0) {
      pr += incR * bend;
      r = table[pr & TABLE_MASK]!;
    }
    if (lp !== 0) {
      fl += lpMix * (l - fl);
      fr += lpMix * (r - fr);
      l = fl;
      r = fr;
    }
    left[i]! += l * env * gl;
    right[i]! += r * env * gr;
  }
}

/** Two-operator FM bell: the modulation fades faster than the tone, like a struck bar. */
function bell(mix: Mix, note: Note): void {
  const start = Math.round(note.start * SR);
  const length = Math.round(0.9 * SR);
  const end = Math.min(mix.left.length, start + length);
  const fadeFrom = start + length - Math.round(0.1 * SR);
  const inc = (midiToHz(note.midi) * TABLE_SIZE) / SR;
  const [gl, gr] = panGains(note.pan);
  const ampK = Math.exp(-1 / (0.28 * SR));
  const modK = Math.exp(-1 / (0.12 * SR));
  let amp = 0.075 * note.vel;
  let index = 2.2 * TABLE_SIZE * 0.15;
  let pc = 0;
  let pm = 0;
  for (let i = start; i < end; i++) {
    const mod = waves.sine[pm & TABLE_MASK]! * index;
    // the last 100 ms fade linearly so the cut-off tail never clicks
    const tail = i < fadeFrom ? 1 : (end - i) / (end - fadeFrom);
    const v = waves.sine[(pc + mod) & TABLE_MASK]! * amp * tail;
    pc += inc;
    pm += inc * 3.5;
    amp *= ampK;
    index *= modK;
    mix.left[i]! += v * gl;
    mix.right[i]! += v * gr;
  }
}
