import type { NewPlay } from '../../repos/plays.ts';
import type { ListenableSong } from '../../repos/songs.ts';
import type { Repos } from '../../repos/index.ts';
import { chance, intBetween, pick, rngFor, type Rng } from '../../text/prng.ts';
import { DAY_MS, LIBRARY_EPOCH } from './clock.ts';
import type { SeededArtist } from './artists.ts';
import type { SeededSong } from './albums.ts';

/**
 * The demo's listening history: a month of plays ending at LIBRARY_EPOCH, so the charts have
 * something true to rank on a fresh install. Deterministic like the rest of the demo.
 *  - popular songs are played far more (weight grows with the cube of popularity);
 *  - some songs (mostly lesser known) are trending up this week, others fading: 飙升榜 differs
 *    from 热歌榜;
 *  - nobody plays a song before its release, and new releases get a burst of attention;
 *  - plays follow the catalogue's areas, so every regional chart has songs.
 */
export const HISTORY_DAYS = 30;

export interface ListeningInput {
  artists: SeededArtist[];
  songs: SeededSong[];
  userIds: number[];
}

type Trend = (day: number) => number;
const STEADY: Trend = () => 1;
/** Quiet at first, catching on last week, taking off this week. */
const RISING: Trend = (day) => (day >= HISTORY_DAYS - 7 ? 6 : day >= HISTORY_DAYS - 14 ? 1 : 0.4);
const FADING: Trend = (day) => (day >= HISTORY_DAYS - 7 ? 0.25 : 1.3);

/** About 60 plays per song, kept within 20k–60k plays so seeding stays quick at any size. */
export const playCountFor = (songCount: number): number => Math.min(60_000, Math.max(20_000, songCount * 60));

/** 原创音乐人: roughly two in five of the lesser-known artists, and at least three. */
async function flagIndependentArtists(repos: Repos, rng: Rng, artists: SeededArtist[]): Promise<void> {
  const byFame = [...artists].sort((a, b) => a.popularity - b.popularity || a.id - b.id);
  const chosen = byFame.filter((a) => a.popularity < 70 && chance(rng, 0.4)).map((a) => a.id);
  for (const a of byFame) if (chosen.length < Math.min(3, artists.length) && !chosen.includes(a.id)) chosen.push(a.id);
  await repos.artists.markIndependent(chosen);
}

function* generatePlays(listenable: readonly ListenableSong[], rng: Rng, input: ListeningInput): Generator<NewPlay> {
  const facts = new Map(listenable.map((s) => [s.id, s]));
  const songs = input.songs.filter((s) => facts.has(s.id));
  if (songs.length === 0) return;
  const trends = songs.map((s) => (chance(rng, s.popularity < 60 ? 0.12 : 0.04) ? RISING : chance(rng, 0.06) ? FADING : STEADY));
  const base = songs.map((s) => ((s.popularity + 5) / 105) ** 3 + 0.003);
  const start = LIBRARY_EPOCH - HISTORY_DAYS * DAY_MS;
  const total = playCountFor(songs.length);
  const weights = new Float64Array(songs.length);

  for (let day = 0; day < HISTORY_DAYS; day++) {
    const dayStart = start + day * DAY_MS;
    // Listening grows over the month and peaks at weekends.
    const volume = (total / HISTORY_DAYS) * (0.85 + (0.3 * day) / HISTORY_DAYS) * (day % 7 >= 5 ? 1.15 : 0.94);
    let sum = 0;
    songs.forEach((s, i) => {
      const f = facts.get(s.id)!;
      const sinceRelease = (dayStart + DAY_MS - f.publishTime) / DAY_MS;
      const release = sinceRelease <= 0 ? 0 : sinceRelease < 21 ? 4 : 1;
      sum += base[i]! * trends[i]!(day) * release;
      weights[i] = sum;
    });
    if (sum === 0) continue;
    for (let n = Math.round(volume); n > 0; n--) {
      const i = lowerBound(weights, rng() * sum);
      const f = facts.get(songs[i]!.id)!;
      const playedAt = Math.max(dayStart + Math.floor(rng() * DAY_MS), f.publishTime + 1);
      const whole = Math.round(f.durationMs / 1000);
      yield {
        songId: f.id,
        userId: chance(rng, 0.4) && input.userIds.length ? pick(rng, input.userIds) : null,
        sourceId: 0,
        playedAt: Math.min(playedAt, LIBRARY_EPOCH - 1),
        // Most listens run to the end; about one in five is skipped part-way.
        seconds: chance(rng, 0.8) ? whole : intBetween(rng, 1, Math.max(1, whole - 1)),
      };
    }
  }
}

/** The first index whose cumulative weight exceeds `x`. */
function lowerBound(cumulative: Float64Array, x: number): number {
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid]! > x) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Flags the independent artists and writes the listening history (inside the seed's transaction). */
export async function seedListening(repos: Repos, seed: number, input: ListeningInput): Promise<void> {
  await flagIndependentArtists(repos, rngFor(seed, 'independent-artists'), input.artists);
  await repos.plays.insertMany(generatePlays(await repos.songs.listenable(), rngFor(seed, 'plays'), input));
}
