import { intBetween, pick, rngFor, type Rng } from '../../text/prng.ts';
import { PHRASE_BARS, sectionAt, type SongPlan } from '../song-plan.ts';
import { bassPattern, drumHits } from './patterns.ts';

export type Voice = 'lead' | 'arp' | 'pad' | 'bass' | 'kick' | 'snare' | 'hat';

export interface Note {
  voice: Voice;
  /** seconds */
  start: number;
  /** seconds (drums ignore it and ring out) */
  dur: number;
  midi: number;
  /** 0..1 */
  vel: number;
  /** -1 left .. 1 right */
  pan: number;
}

const SCALES = { major: [0, 2, 4, 5, 7, 9, 11], minor: [0, 2, 3, 5, 7, 8, 10] } as const;
/** Rhythms of one bar in eighth notes; negative = rest. Cadence rhythms end the phrase long. */
const RHYTHMS = [
  [2, 2, 2, 2],
  [3, 1, 2, 2],
  [2, 1, 1, 4],
  [1, 1, 2, 1, 1, 2],
  [2, 2, 1, 1, 2],
  [-1, 1, 2, 2, 2],
  [3, 3, 2],
];
const CADENCES = [
  [2, 2, 4],
  [3, 1, 4],
  [2, 6],
  [1, 1, 2, 4],
  [4, -4],
];

/** A melodic idea: rhythm plus pitches (scale degrees), reused and varied across the song. */
interface Motif {
  rhythm: number[][];
  degrees: number[];
}

const degreeToMidi = (plan: SongPlan, degree: number, base: number): number => {
  const scale = SCALES[plan.mode];
  const octave = Math.floor(degree / 7);
  return base + plan.keyRoot + octave * 12 + scale[((degree % 7) + 7) % 7]!;
};
const chordDegrees = (plan: SongPlan, bar: number): number[] => {
  const root = plan.progression[bar % plan.progression.length]!;
  return [root, root + 2, root + 4];
};

function makeMotif(rng: Rng, low: number, high: number): Motif {
  const rhythm = [pick(rng, RHYTHMS), pick(rng, CADENCES)];
  const count = rhythm.flat().filter((d) => d > 0).length;
  const degrees: number[] = [];
  let d = intBetween(rng, low + 2, high - 2);
  for (let i = 0; i < count; i++) {
    d += pick(rng, [-2, -1, -1, 0, 1, 1, 2, 3, -3]);
    if (d < low) d = low + 1;
    if (d > high) d = high - 1;
    degrees.push(d);
  }
  return { rhythm, degrees };
}

/** Same rhythm, the tail re-pitched: the "answer" to a phrase. */
function vary(rng: Rng, m: Motif, low: number, high: number): Motif {
  const degrees = m.degrees.map((d, i) => (i >= m.degrees.length - 3 ? Math.min(high, Math.max(low, d + pick(rng, [-2, -1, 1, 2]))) : d));
  return { rhythm: m.rhythm, degrees };
}

/** Every note of the song: lead melody, arpeggio, pad chords, bass and drums. */
export function arrange(plan: SongPlan, audioSeed: number): Note[] {
  const rng = rngFor('arrangement', audioSeed);
  const notes: Note[] = [];
  const eighth = plan.beatSec / 2;
  const verse = makeMotif(rng, 0, 8);
  const verseB = makeMotif(rng, 1, 9);
  const chorus = makeMotif(rng, 3, 11);
  const chorusB = makeMotif(rng, 2, 10);
  const motifs = {
    verse: [verse, vary(rng, verse, 0, 8), verseB, vary(rng, verse, 0, 8)],
    chorus: [chorus, vary(rng, chorus, 3, 11), chorusB, vary(rng, chorus, 3, 11)],
  };

  // Lead: the motif of each phrase, its downbeats snapped to the bar's chord so it fits.
  for (const phrase of plan.phrases) {
    const motif = motifs[phrase.kind][phrase.index % 4]!;
    let k = 0;
    motif.rhythm.forEach((bar, b) => {
      let t = (phrase.startBar + b) * plan.barSec;
      let slot = 0;
      for (const len of bar) {
        if (len > 0) {
          let degree = motif.degrees[k++]!;
          if (slot % 4 === 0) degree = nearestChordTone(degree, chordDegrees(plan, phrase.startBar + b));
          notes.push({
            voice: 'lead',
            start: t,
            dur: len * eighth * 0.92,
            midi: degreeToMidi(plan, degree, 60),
            vel: phrase.kind === 'chorus' ? 0.95 : 0.8,
            pan: 0.05,
          });
        }
        t += Math.abs(len) * eighth;
        slot += Math.abs(len);
      }
    });
  }

  const totalBars = Math.ceil(plan.durationSec / plan.barSec);
  for (let bar = 0; bar < totalBars; bar++) {
    const section = sectionAt(plan, bar);
    const t0 = bar * plan.barSec;
    const chord = chordDegrees(plan, bar);
    // Pad: the chord held for the bar, every song section.
    for (const d of chord)
      notes.push({ voice: 'pad', start: t0, dur: plan.barSec, midi: fold(degreeToMidi(plan, d, 48), 53, 67), vel: 0.7, pan: 0 });
    // Arpeggio: rising and falling chord tones, busier in choruses and interludes.
    if (section.kind !== 'verse' || bar % PHRASE_BARS === 1) {
      const steps = plan.bpm < 100 ? 16 : 8;
      const tones = [0, 1, 2, 3, 4, 5, 4, 3].map((i) => degreeToMidi(plan, chord[i % 3]! + 7 * Math.floor(i / 3), 60));
      for (let s = 0; s < steps; s++) {
        notes.push({
          voice: 'arp',
          start: t0 + (s * plan.barSec) / steps,
          dur: plan.barSec / steps,
          midi: tones[s % tones.length]!,
          vel: s % 4 === 0 ? 0.9 : 0.6,
          pan: s % 2 ? 0.45 : -0.45,
        });
      }
    }
    if (section.kind === 'intro') continue;
    const root = degreeToMidi(plan, chord[0]!, 36);
    for (const [beat, len, interval] of bassPattern(plan, bar)) {
      notes.push({
        voice: 'bass',
        start: t0 + beat * plan.beatSec,
        dur: len * plan.beatSec * 0.95,
        midi: root + interval,
        vel: 0.9,
        pan: 0,
      });
    }
    drumHits(plan, section.startBar + section.bars - 1 === bar, (voice, beat, vel, pan) =>
      notes.push({ voice, start: t0 + beat * plan.beatSec, dur: 0.3, midi: 0, vel, pan }),
    );
  }
  return notes.sort((a, b) => a.start - b.start);
}

function nearestChordTone(degree: number, chord: number[]): number {
  let best = degree;
  let bestDistance = Infinity;
  for (const c of chord) {
    for (const candidate of [c - 7, c, c + 7, c + 14]) {
      const dist = Math.abs(candidate - degree);
      if (dist < bestDistance) {
        best = candidate;
        bestDistance = dist;
      }
    }
  }
  return best;
}

/** Moves a pitch by octaves into [low, high]. */
const fold = (midi: number, low: number, high: number): number => {
  while (midi < low) midi += 12;
  while (midi > high) midi -= 12;
  return midi;
};
