import type { Repos } from '../../repos/index.ts';
import { copywriters, playlistDescriptions, playlistTaglines, tagPhrases } from './pools/playlist-words.ts';
import { intBetween, logUniform, pick, rngFor, sample, shuffled } from '../../text/prng.ts';
import { DAY_MS, daysBefore } from './clock.ts';
import type { SeededSong } from './albums.ts';
import type { SeededTag } from './people.ts';
import type { Area } from './names.ts';

/** A language tag narrows a playlist to artists of that area. */
const LANGUAGE_AREAS: Record<string, Area> = { 华语: 7, 粤语: 7, 欧美: 96, 日语: 8, 韩语: 16 };

export interface SeededPlaylist {
  id: number;
  playCount: number;
}

export async function seedPlaylists(
  repos: Repos,
  seed: number,
  count: number,
  tags: SeededTag[],
  userIds: number[],
  songs: SeededSong[],
): Promise<SeededPlaylist[]> {
  const rng = rngFor(seed, 'playlists');
  const ranks = shuffled(
    rng,
    Array.from({ length: count }, (_, i) => i),
  );
  const names = new Set<string>();
  const playlists: SeededPlaylist[] = [];
  for (let i = 0; i < count; i++) {
    // The first tag walks the whole catalogue so every tag has at least one playlist.
    const first = tags[i % tags.length]!;
    const others = sample(
      rng,
      tags.filter((t) => t.category !== first.category),
      intBetween(rng, 0, 2),
    );
    const chosen = [first, ...others.filter((t, k) => others.findIndex((o) => o.category === t.category) === k)];

    let name = `${tagPhrases[first.name] ?? first.name}｜${pick(rng, playlistTaglines)}`;
    for (let n = 2; names.has(name); n++) name = `${tagPhrases[first.name] ?? first.name}｜${pick(rng, playlistTaglines)} ${n}`;
    names.add(name);

    const area = chosen.map((t) => LANGUAGE_AREAS[t.name]).find((a) => a !== undefined);
    const pool = area === undefined ? songs : songs.filter((s) => s.area === area);
    const trackIds = sample(rng, pool, Math.min(pool.length, intBetween(rng, 15, 60))).map((s) => s.id);

    const createdAt = daysBefore(intBetween(rng, 30, 1500));
    const updatedAt = Math.min(daysBefore(1), createdAt + intBetween(rng, 1, 300) * DAY_MS);
    const playCount = logUniform(rng, 2_000, 50_000_000);
    const id = await repos.playlists.insert({
      name,
      creatorId: pick(rng, userIds),
      description: `${pick(rng, playlistDescriptions)}\n关键词：${chosen.map((t) => t.name).join('、')}`,
      copywriter: pick(rng, copywriters),
      playCount,
      subscribedCount: Math.round(playCount / intBetween(rng, 30, 90)),
      shareCount: Math.round(playCount / intBetween(rng, 400, 1200)),
      commentCount: Math.round(playCount / intBetween(rng, 800, 3000)),
      highQuality: rng() < 0.35,
      recommendRank: ranks[i]!,
      createdAt,
      updatedAt,
    });
    await repos.playlists.setTags(
      id,
      chosen.map((t) => t.id),
    );
    await repos.playlists.appendTracks(id, trackIds, updatedAt);
    playlists.push({ id, playCount });
  }
  return playlists;
}
