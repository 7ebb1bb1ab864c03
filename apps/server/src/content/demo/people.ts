import type { Repos } from '../../repos/index.ts';
import { demoUsers } from './pools/people.ts';
import { hotTags, tagCategories } from './pools/playlist-words.ts';
import { intBetween, pick, rngFor } from '../../text/prng.ts';
import { daysBefore } from './clock.ts';

const CITIES: readonly [number, number][] = [
  [110000, 110101],
  [310000, 310101],
  [440000, 440100],
  [510000, 510100],
  [330000, 330100],
];

/** The listeners who "made" the demo playlists. */
export async function seedUsers(repos: Repos, seed: number): Promise<number[]> {
  const rng = rngFor(seed, 'users');
  const ids: number[] = [];
  for (const u of demoUsers) {
    const [province, city] = pick(rng, CITIES);
    ids.push(
      await repos.users.insert({
        nickname: u.nickname,
        signature: u.signature,
        gender: u.gender,
        birthday: daysBefore(intBetween(rng, 18 * 365, 40 * 365)),
        province,
        city,
        vipType: rng() < 0.3 ? 11 : 0,
        userType: 0,
        isDemo: true,
        createdAt: daysBefore(intBetween(rng, 500, 3000)),
      }),
    );
  }
  return ids;
}

export interface SeededTag {
  id: number;
  name: string;
  category: number;
}

/** The playlist-square tag catalogue, each tag with its category 0–4. */
export async function seedTags(repos: Repos): Promise<SeededTag[]> {
  const tags: SeededTag[] = [];
  for (const [category, names] of tagCategories.entries())
    for (const [position, name] of names.entries())
      tags.push({ id: await repos.tags.insert(name, category, hotTags.has(name), position), name, category });
  return tags;
}
