import type { SongPlan } from '../song-plan.ts';
import type { Note } from './arrangement.ts';
import { SAMPLE_RATE as SR, TABLE_MASK, TABLE_SIZE, midiToHz, waves } from './wavetables.ts';
import { ARP, BASS, LEAD, PAD, type Shape } from './instruments.ts';
import { hat, kick, snare } from './drums.ts';
import { panGains, type Mix, type Voice } from './mix.ts';

/** A note's voice, ready to be drawn window by window; `frames`: the song's length. */
export function startNote(note: Note, plan: SongPlan, frames: number): Voice {
  switch (note.voice) {
    case 'lead':
      return tone(note, LEAD[plan.sounds.lead], frames);
    case 'pad':
      return tone(note, PAD[plan.sounds.pad], frames);
    case 'arp':
      return plan.sounds.arp === 'bell' ? bell(note, frames) : tone(note, ARP[plan.sounds.arp], frames);
    case 'bass':
      return tone(note, BASS[plan.sounds.bass], frames);
    case 'kick':
      return kick(note, frames);
    case 'snare':
      return snare(note, frames);
    case 'hat':
      return hat(note, frames);
  }
}

function tone(note: Note, s: Shape, frames: number): Voice {
  const table = s.table;
  const sine = waves.sine;
  const start = Math.round(note.start * SR);
  const held = Math.round(note.dur * SR);
  const release = Math.max(1, Math.round(s.release * SR));
  const end = Math.min(frames, start + held + release);
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
  const state = { pl: (note.midi * 977) % TABLE_SIZE, pr: 0, lfo: 0, level: 1, fl: 0, fr: 0 };
  state.pr = state.pl;
  return {
    start,
    end,
    render({ left, right, offset }: Mix, from: number, to: number) {
      // State in locals while drawing (the loop's speed), kept for the next window after.
      let { pl, pr, lfo, level, fl, fr } = state;
      for (let i = from, n = from - start; i < to; i++, n++) {
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
        left[i - offset]! += l * env * gl;
        right[i - offset]! += r * env * gr;
      }
      Object.assign(state, { pl, pr, lfo, level, fl, fr });
    },
  };
}

/** Two-operator FM bell: the modulation fades faster than the tone, like a struck bar. */
function bell(note: Note, frames: number): Voice {
  const start = Math.round(note.start * SR);
  const length = Math.round(0.9 * SR);
  const end = Math.min(frames, start + length);
  const fadeFrom = start + length - Math.round(0.1 * SR);
  const inc = (midiToHz(note.midi) * TABLE_SIZE) / SR;
  const [gl, gr] = panGains(note.pan);
  const ampK = Math.exp(-1 / (0.28 * SR));
  const modK = Math.exp(-1 / (0.12 * SR));
  const state = { amp: 0.075 * note.vel, index: 2.2 * TABLE_SIZE * 0.15, pc: 0, pm: 0 };
  return {
    start,
    end,
    render({ left, right, offset }: Mix, from: number, to: number) {
      let { amp, index, pc, pm } = state;
      for (let i = from; i < to; i++) {
        const mod = waves.sine[pm & TABLE_MASK]! * index;
        // the last 100 ms fade linearly so the cut-off tail never clicks
        const tail = i < fadeFrom ? 1 : (end - i) / (end - fadeFrom);
        const v = waves.sine[(pc + mod) & TABLE_MASK]! * amp * tail;
        pc += inc;
        pm += inc * 3.5;
        amp *= ampK;
        index *= modK;
        left[i - offset]! += v * gl;
        right[i - offset]! += v * gr;
      }
      Object.assign(state, { amp, index, pc, pm });
    },
  };
}
