import { chance, intBetween, pick, rngFor } from '../text/prng.ts';

/**
 * The arrangement skeleton of a demo song: tempo, key, chords and where each sung phrase
 * starts. The synthesizer renders from it and the lyric writer times its lines from it, which
 * is how lyric lines land on the melody's phrases.
 */
export type SectionKind = 'intro' | 'verse' | 'chorus' | 'interlude';
export type DrumStyle = 'none' | 'soft' | 'pop' | 'dance' | 'halftime';

export interface Section {
  kind: SectionKind;
  startBar: number;
  bars: number;
  /** 0 for the first verse, 1 for the second, ... (same for choruses) */
  ordinal: number;
}

export interface Phrase {
  startSec: number;
  startBar: number;
  kind: 'verse' | 'chorus';
  /** index of the phrase inside its section (0–3) */
  index: number;
  ordinal: number;
}

export interface SongPlan {
  durationSec: number;
  bpm: number;
  beatSec: number;
  barSec: number;
  /** semitones above C */
  keyRoot: number;
  mode: 'major' | 'minor';
  /** scale degrees (0-based) of the four chords that repeat every four bars */
  progression: readonly number[];
  sections: Section[];
  phrases: Phrase[];
  sounds: { lead: LeadSound; arp: ArpSound; pad: PadSound; bass: BassSound; drums: DrumStyle };
  /** seconds of fade at the end */
  fadeOutSec: number;
}

export type LeadSound = 'flute' | 'square' | 'triangle' | 'organ';
export type ArpSound = 'pluck' | 'bell' | 'glass';
export type PadSound = 'warm' | 'choir' | 'organ';
export type BassSound = 'round' | 'pluck';

export const PHRASE_BARS = 2;
const SECTION_BARS = 8;
const MAJOR_PROGRESSIONS = [
  [0, 4, 5, 3],
  [5, 3, 0, 4],
  [0, 5, 3, 4],
  [1, 4, 0, 5],
  [0, 3, 4, 3],
  [0, 3, 5, 4],
];
const MINOR_PROGRESSIONS = [
  [0, 5, 2, 6],
  [0, 3, 4, 0],
  [0, 6, 5, 6],
  [0, 5, 3, 4],
];
const FORM: readonly SectionKind[] = ['verse', 'chorus', 'interlude', 'verse', 'chorus', 'chorus', 'interlude'];

export function planSong(audioSeed: number, durationMs: number): SongPlan {
  const rng = rngFor('song-plan', audioSeed);
  // 84–132 bpm keeps a two-bar phrase between 3.6 and 5.7 s: lyric lines change every few seconds.
  const bpm = intBetween(rng, 84, 132);
  const beatSec = 60 / bpm;
  const barSec = beatSec * 4;
  const durationSec = durationMs / 1000;
  const mode = chance(rng, 0.6) ? 'major' : 'minor';
  const progression = pick(rng, mode === 'major' ? MAJOR_PROGRESSIONS : MINOR_PROGRESSIONS);
  const fadeOutSec = Math.min(4, durationSec * 0.08);

  const sections: Section[] = [{ kind: 'intro', startBar: 0, bars: 1, ordinal: 0 }];
  const ordinals = { intro: 1, verse: 0, chorus: 0, interlude: 0 };
  let bar = 1;
  for (let i = 0; bar * barSec < durationSec; i++) {
    const kind = FORM[i % FORM.length]!;
    const bars = kind === 'interlude' ? 2 : SECTION_BARS;
    sections.push({ kind, startBar: bar, bars, ordinal: ordinals[kind]++ });
    bar += bars;
  }

  // A phrase is sung only if it starts before the fade begins.
  const lastPhraseStart = durationSec - fadeOutSec - 1;
  const phrases: Phrase[] = [];
  for (const s of sections) {
    if (s.kind !== 'verse' && s.kind !== 'chorus') continue;
    for (let p = 0; p < s.bars / PHRASE_BARS; p++) {
      const startBar = s.startBar + p * PHRASE_BARS;
      const startSec = startBar * barSec;
      if (startSec > lastPhraseStart) break;
      phrases.push({ startSec, startBar, kind: s.kind, index: p, ordinal: s.ordinal });
    }
  }

  return {
    durationSec,
    bpm,
    beatSec,
    barSec,
    keyRoot: intBetween(rng, 0, 11),
    mode,
    progression,
    sections,
    phrases,
    sounds: {
      lead: pick(rng, ['flute', 'square', 'triangle', 'organ'] as const),
      arp: pick(rng, ['pluck', 'bell', 'glass'] as const),
      pad: pick(rng, ['warm', 'choir', 'organ'] as const),
      bass: pick(rng, ['round', 'pluck'] as const),
      drums: pick(rng, ['none', 'soft', 'pop', 'pop', 'dance', 'halftime'] as const),
    },
    fadeOutSec,
  };
}

/** The section a bar belongs to (the last one for bars past the end). */
export function sectionAt(plan: SongPlan, bar: number): Section {
  let found = plan.sections[0]!;
  for (const s of plan.sections) if (s.startBar <= bar) found = s;
  return found;
}
