import { chorusLines, verseLines } from './pools/lyric-lines.ts';
import { PHRASE_BARS, type SongPlan } from '../../media/song-plan.ts';
import { rngFor, sample } from '../../text/prng.ts';

export interface WrittenLyrics {
  lrc: string;
  /** Chinese translation LRC for songs sung in English, else null */
  translation: string | null;
}

/** `[mm:ss.xx]`, the timestamp form LRC players (and the 8–9 character rule) expect. */
export function lrcTime(sec: number): string {
  const cs = Math.max(0, Math.round(sec * 100));
  const mm = String(Math.floor(cs / 6000)).padStart(2, '0');
  const ss = String(Math.floor((cs % 6000) / 100)).padStart(2, '0');
  return `[${mm}:${ss}.${String(cs % 100).padStart(2, '0')}]`;
}

/**
 * Writes LRC lyrics timed to the plan's phrases: one line per sung phrase, credits first (so a
 * line shows within the first two seconds), empty lines where the voice rests. Choruses repeat
 * their lines like a real song's; verses alternate between two sets.
 */
export function writeLyrics(plan: SongPlan, audioSeed: number, language: 'zh' | 'en', credit: string): WrittenLyrics {
  const rng = rngFor('lyrics', audioSeed);
  const verseSets = [sample(rng, verseLines, 4), sample(rng, verseLines, 4)];
  const chorus = sample(rng, chorusLines, 4);
  const sung: string[] = [];
  const translated: string[] = [];
  const credits = [`${lrcTime(0)}作词 : ${credit}`, `${lrcTime(Math.min(1, plan.barSec / 2))}作曲 : ${credit}`];

  let previousEnd = -1;
  for (const phrase of plan.phrases) {
    if (previousEnd >= 0 && phrase.startSec - previousEnd > 0.5) sung.push(lrcTime(previousEnd));
    const pair = phrase.kind === 'chorus' ? chorus[phrase.index % 4]! : verseSets[phrase.ordinal % 2]![phrase.index % 4]!;
    const time = lrcTime(phrase.startSec);
    sung.push(time + (language === 'zh' ? pair[0] : pair[1]));
    translated.push(time + pair[0]);
    previousEnd = phrase.startSec + PHRASE_BARS * plan.barSec;
  }
  if (previousEnd >= 0 && previousEnd < plan.durationSec) sung.push(lrcTime(previousEnd));

  return {
    lrc: [...credits, ...sung].join('\n') + '\n',
    translation: language === 'en' ? translated.join('\n') + '\n' : null,
  };
}
