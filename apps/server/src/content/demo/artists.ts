import type { Repos } from '../../repos/index.ts';
import { artistFlavors } from './pools/titles.ts';
import { chinese } from './pools/people.ts';
import { intBetween, pick, rngFor, shuffled } from '../../text/prng.ts';
import { daysBefore } from './clock.ts';
import { artistName, unique, type Area, type ArtistType } from './names.ts';

export interface SeededArtist {
  id: number;
  name: string;
  area: Area;
  popularity: number;
}

/** Share of each area in the demo (36 artists: 12 华语, 10 欧美, 5 日本, 5 韩国, 4 其他). */
const AREA_WEIGHTS: readonly [Area, number][] = [
  [7, 12],
  [96, 10],
  [8, 5],
  [16, 5],
  [0, 4],
];
const AREA_NAMES: Record<Area, string> = { 7: '华语', 96: '欧美', 8: '日本', 16: '韩国', 0: '其他地区' };
const TYPE_NAMES: Record<ArtistType, string> = { 1: '男歌手', 2: '女歌手', 3: '乐队' };

export async function seedArtists(repos: Repos, seed: number, count: number): Promise<SeededArtist[]> {
  const total = AREA_WEIGHTS.reduce((n, [, w]) => n + w, 0);
  const taken = new Set<string>();
  const artists: SeededArtist[] = [];
  for (const [area, weight] of AREA_WEIGHTS) {
    const areaCount = Math.max(3, Math.round((count * weight) / total));
    const rng = rngFor(seed, 'artists', area);
    // Cycling 男/女/乐队 guarantees every type in every area; the shuffle varies the order.
    const types = shuffled(rng, [1, 2, 3] as const);
    for (let i = 0; i < areaCount; i++) {
      const type = types[i % 3]!;
      // The first Chinese solo artists are 周…, so pinyin search ("zhou") has something to find.
      const surname = area === 7 && type !== 3 && i < 3 ? chinese.surnames[0] : undefined;
      const name = unique(taken, () => artistName(rng, area, type, surname));
      const popularity = intBetween(rng, 5, 100);
      const id = await repos.artists.insert({
        name: name.name,
        nameLatin: name.latin,
        trans: name.trans,
        aliases: name.aliases,
        area,
        type,
        briefDesc: `${name.name}，${AREA_NAMES[area]}${TYPE_NAMES[type]}。${pick(rng, artistFlavors)}`,
        popularity,
        createdAt: daysBefore(intBetween(rng, 400, 4000)),
      });
      artists.push({ id, name: name.name, area, popularity });
    }
  }
  return artists;
}
