import { chance, pick, type Rng } from '../../text/prng.ts';
import { chinese, english, japanese, korean, otherRegions, type Part } from './pools/people.ts';
import { chineseTitle, englishTitle, japaneseTitle, koreanTitle } from './pools/titles.ts';

/** NetEase artist areas and types. */
export type Area = 7 | 96 | 8 | 16 | 0;
export type ArtistType = 1 | 2 | 3;

export interface GeneratedName {
  name: string;
  /** lower-case romanisation used for search */
  latin: string;
  aliases: string[];
  trans: string | null;
}

const cap = (s: string): string => s.replace(/(^|[\s-])(\p{L})/gu, (_m, sep: string, ch: string) => sep + ch.toUpperCase());
const join = (...parts: Part[]): Part => [
  parts.map((p) => p[0]).join(''),
  parts
    .map((p) => p[1])
    .filter(Boolean)
    .join(' '),
];

/** An invented artist name fitting the area and type (男 1 / 女 2 / 乐队 3). */
export function artistName(rng: Rng, area: Area, type: ArtistType, surname?: Part): GeneratedName {
  switch (area) {
    case 7: {
      if (type === 3) {
        const [name, latin] = join(pick(rng, chinese.bandHeads), pick(rng, chinese.bandTails));
        return { name, latin, aliases: [], trans: null };
      }
      const family = surname ?? pick(rng, chinese.surnames);
      const given = pick(rng, type === 1 ? chinese.givenMale : chinese.givenFemale);
      const [name, latin] = join(family, given);
      // NetEase lists the pinyin spelling of Chinese artists as an alias ("Xingye Zhou").
      return { name, latin, aliases: [cap(`${given[1].replace(/ /g, '')} ${family[1]}`)], trans: null };
    }
    case 96: {
      if (type === 3) {
        const name = `The ${pick(rng, english.bandHeads)} ${pick(rng, english.bandTails)}`;
        return { name, latin: name.toLowerCase(), aliases: [], trans: null };
      }
      const first = pick(rng, type === 1 ? english.firstMale : english.firstFemale);
      const name = `${first} ${pick(rng, english.last)}`;
      return { name, latin: name.toLowerCase(), aliases: [], trans: null };
    }
    case 8: {
      if (type === 3) {
        const [name, latin] = join(pick(rng, japanese.bandHeads), pick(rng, japanese.bandTails));
        return { name, latin, aliases: [cap(latin)], trans: null };
      }
      const family = pick(rng, japanese.family);
      const given = pick(rng, type === 1 ? japanese.givenMale : japanese.givenFemale);
      const name = `${family[0]}${given[0]}`;
      return { name, latin: `${family[1]} ${given[1]}`, aliases: [cap(`${given[1]} ${family[1]}`)], trans: null };
    }
    case 16: {
      if (type === 3) {
        const name = pick(rng, korean.groups);
        return { name, latin: name.toLowerCase(), aliases: [], trans: null };
      }
      const family = pick(rng, korean.family);
      const given = pick(rng, type === 1 ? korean.givenMale : korean.givenFemale);
      const name = `${family[0]}${given[0]}`;
      return { name, latin: `${family[1]} ${given[1]}`, aliases: [cap(`${family[1]} ${given[1]}`)], trans: null };
    }
    default: {
      if (type === 3) {
        const name = pick(rng, otherRegions.bands);
        return { name, latin: name.toLowerCase(), aliases: [], trans: null };
      }
      const name = `${pick(rng, type === 1 ? otherRegions.firstMale : otherRegions.firstFemale)} ${pick(rng, otherRegions.last)}`;
      return { name, latin: name.toLowerCase(), aliases: [], trans: null };
    }
  }
}

export interface Title {
  name: string;
  latin: string;
}

/** A song or album title in the artist's language (欧美 and 其他 sing in English). */
export function title(rng: Rng, area: Area): Title {
  switch (area) {
    case 7: {
      const noun = pick(rng, chineseTitle.nouns);
      const head = chance(rng, 0.35) ? join(pick(rng, chineseTitle.modifiers), noun) : noun;
      const frame = pick(rng, chineseTitle.frames);
      return { name: frame[0].replace('{}', head[0]), latin: frame[1].replace('{}', head[1]).trim() };
    }
    case 8: {
      const [name, latin] = join(pick(rng, japaneseTitle.heads), pick(rng, japaneseTitle.tails));
      return { name, latin };
    }
    case 16: {
      if (chance(rng, 0.4)) return englishTitle_(rng);
      const [name, latin] = join(pick(rng, koreanTitle.heads), pick(rng, koreanTitle.tails));
      return { name, latin };
    }
    default:
      return englishTitle_(rng);
  }
}

function englishTitle_(rng: Rng): Title {
  const name = pick(rng, englishTitle.frames)
    .replace('{a}', pick(rng, englishTitle.adjectives))
    .replace('{n}', pick(rng, englishTitle.nouns));
  return { name, latin: name.toLowerCase() };
}

/** Draws until `taken` lacks the name; after a few tries numbers it ("晚风 2"), as huge catalogs must. */
export function unique<T extends { name: string }>(taken: Set<string>, draw: () => T): T {
  for (let i = 0; i < 12; i++) {
    const candidate = draw();
    if (!taken.has(candidate.name)) {
      taken.add(candidate.name);
      return candidate;
    }
  }
  const base = draw();
  let n = 2;
  while (taken.has(`${base.name} ${n}`)) n++;
  const name = `${base.name} ${n}`;
  taken.add(name);
  return { ...base, name };
}
