import { createRequire } from 'node:module';
import type { pinyin as PinyinFn } from 'pinyin-pro';
import { foldText } from './normalize.ts';

/**
 * Pinyin forms of a name, for search (`zhoujielun`, `zjl`) and the artist list's initial filter.
 * Non-Han characters pass through folded, so mixed names (`G.E.M.邓紫棋`) keep their Latin part.
 */
export interface PinyinForms {
  /** full syllables without tones or spaces: 周杰伦 → "zhoujielun" */
  full: string;
  /** first letter of each syllable / word: 周杰伦 → "zjl" */
  initials: string;
}

const HAN = /\p{Script=Han}/u;

/**
 * pinyin-pro's dictionary costs ~6 MB of memory; a server that is not importing or indexing new
 * Chinese names never needs it. SQLite calls these functions synchronously, hence require.
 */
let pinyinFn: typeof PinyinFn | undefined;
const pinyin: typeof PinyinFn = ((...args: Parameters<typeof PinyinFn>) => {
  pinyinFn ??= (createRequire(import.meta.url)('pinyin-pro') as { pinyin: typeof PinyinFn }).pinyin;
  return pinyinFn(...args);
}) as typeof PinyinFn;

export function pinyinForms(name: string): PinyinForms {
  const folded = foldText(name);
  if (!HAN.test(folded)) {
    const words = folded.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    return { full: words.join(''), initials: words.map((w) => w[0]).join('') };
  }
  const syllables = pinyin(folded, { toneType: 'none', type: 'array', nonZh: 'consecutive', v: true })
    .map((s) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ''))
    .filter(Boolean);
  return { full: syllables.join(''), initials: syllables.map((s) => s[0]).join('') };
}

/**
 * The letter a name files under in the A–Z artist index: a Chinese name by its pinyin
 * (周杰伦 → "Z"), a Latin name by its first letter; anything else (kana, hangul, digits) → "#".
 */
export function nameInitial(name: string): string {
  const first = pinyinForms(name).full[0]?.toUpperCase() ?? '';
  return /^[A-Z]$/.test(first) ? first : '#';
}
