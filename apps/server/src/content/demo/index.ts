import type { Db } from '../../db/connection.ts';
import { createRepos, withTx } from '../../repos/index.ts';
import { DEMO_ACCOUNT, needsDemoAccount, seedDemoAccount } from './account.ts';
import { seedAlbumsAndSongs } from './albums.ts';
import { seedArtists } from './artists.ts';
import { seedBanners } from './banners.ts';
import { backfillDemoGenres } from './genres.ts';
import { seedTags, seedUsers } from './people.ts';
import { seedPlaylists } from './playlists.ts';
import { seedListening } from './plays.ts';
import { LIBRARY_EPOCH } from './clock.ts';
import { META_KEYS } from '../../repos/meta.ts';

export const DEFAULT_SEED = 20_240_601;

export interface DemoLibraryOptions {
  /** PRNG seed; the same seed always builds the same catalog */
  seed?: number;
  /** number of songs (default 480); artists and albums scale with it */
  songCount?: number;
  /** number of playlists (default 48) */
  playlistCount?: number;
  /** write LRC lyrics (default true; benchmarks building huge catalogs may skip them) */
  withLyrics?: boolean;
  /** index the new catalog for search before returning (default true; benchmarks time it apart) */
  indexSearch?: boolean;
}

export interface DemoLibrarySummary {
  seed: number;
  artists: number;
  albums: number;
  songs: number;
  playlists: number;
}

/**
 * Fills an empty library with the generated demo catalog, metadata only: audio and artwork are
 * rendered on first request. One transaction, so a crash never leaves half a library.
 */
export async function seedDemoLibrary(db: Db, options: DemoLibraryOptions = {}): Promise<DemoLibrarySummary> {
  const seed = options.seed ?? DEFAULT_SEED;
  const songCount = Math.max(1, Math.floor(options.songCount ?? 480));
  const playlistCount = Math.max(1, Math.floor(options.playlistCount ?? 48));
  const albumCount = Math.min(songCount, Math.max(64, Math.ceil(songCount / 7)));
  const artistCount = Math.min(albumCount, Math.max(36, Math.round(songCount / 14)));
  const repos = createRepos(db);

  const summary = await withTx(db, async () => {
    if ((await repos.songs.count()) > 0) throw new Error('seedDemoLibrary needs an empty library');
    const tags = await seedTags(repos);
    const userIds = await seedUsers(repos, seed);
    const artists = await seedArtists(repos, seed, artistCount);
    const songs = await seedAlbumsAndSongs(repos, seed, artists, { albumCount, songCount, withLyrics: options.withLyrics ?? true });
    const playlists = await seedPlaylists(repos, seed, playlistCount, tags, userIds, songs);
    await seedBanners(repos, seed, songs, playlists);
    // The playlist square shows every tag: a tag without a curated playlist gets its most played one.
    await repos.playlists.curateEveryTag();
    await seedListening(repos, seed, { artists, songs, userIds });
    await seedDemoAccount(repos, seed);
    const built = { seed, artists: artists.length, albums: albumCount, songs: songs.length, playlists: playlists.length };
    await repos.meta.set(META_KEYS.demoLibrary, JSON.stringify(built));
    await repos.meta.set(META_KEYS.storyEnd, String(LIBRARY_EPOCH));
    await repos.meta.set(META_KEYS.demoGenres, '1');
    return built;
  });
  if (options.indexSearch ?? true) await repos.searchIndex.refresh();
  return summary;
}

/**
 * A demo library seeded before accounts existed gets its demo account (at start, a write path;
 * whether it may log in is decided by demo mode, not here). Returns the demo account's user id,
 * or null when there is none — a library that is not the demo's, or the demo phone held by an
 * account someone registered, which the demo's published passwords must never reach.
 */
export async function ensureDemoAccount(db: Db): Promise<number | null> {
  const repos = createRepos(db);
  const built = await repos.meta.get(META_KEYS.demoLibrary);
  if (built === undefined) return null;
  if (await needsDemoAccount(repos))
    await withTx(db, async () => await seedDemoAccount(repos, (JSON.parse(built) as { seed?: number }).seed ?? DEFAULT_SEED));
  const owner = (await repos.users.byPhone(DEMO_ACCOUNT.countryCode, DEMO_ACCOUNT.phone))?.id;
  return owner !== undefined && owner === (await repos.users.firstDemoId()) ? owner : null;
}

/**
 * A demo library seeded before genres existed gets them once, at start (the seeded PRNG picks
 * them, which a migration's SQL cannot): the same genres a fresh seed gives. Returns how many
 * songs got genres.
 */
export async function ensureDemoGenres(db: Db): Promise<number> {
  const repos = createRepos(db);
  const built = await repos.meta.get(META_KEYS.demoLibrary);
  if (built === undefined || (await repos.meta.get(META_KEYS.demoGenres)) !== undefined) return 0;
  const seed = (JSON.parse(built) as { seed?: number }).seed ?? DEFAULT_SEED;
  return await withTx(db, async () => {
    const tagged = await backfillDemoGenres(repos, seed);
    await repos.meta.set(META_KEYS.demoGenres, '1');
    return tagged;
  });
}

/** True when the library has never been seeded and holds no songs. */
export async function needsDemoLibrary(db: Db): Promise<boolean> {
  const repos = createRepos(db);
  return (await repos.meta.get(META_KEYS.demoLibrary)) === undefined && (await repos.songs.count()) === 0;
}

export { DEMO_ACCOUNT } from './account.ts';
