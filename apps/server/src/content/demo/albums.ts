import type { Repos } from '../../repos/index.ts';
import { planSong } from '../../media/song-plan.ts';
import { demoAlbumGenres } from './genres.ts';
import { writeLyrics } from './lyrics.ts';
import { albumFlavors, companies } from './pools/titles.ts';
import { chance, deriveSeed, intBetween, pick, rngFor } from '../../text/prng.ts';
import { DAY_MS, daysBefore } from './clock.ts';
import { title, unique, type Area } from './names.ts';
import type { SeededArtist } from './artists.ts';

export interface SeededSong {
  id: number;
  area: Area;
  popularity: number;
}

interface AlbumShape {
  artist: SeededArtist;
  size: number;
}

/** Every artist gets an album, the rest go to popular artists more often. */
function shapeAlbums(seed: number, artists: SeededArtist[], albumCount: number, songCount: number): AlbumShape[] {
  const rng = rngFor(seed, 'album-shapes');
  const shapes: AlbumShape[] = [];
  for (let i = 0; i < albumCount; i++) {
    const artist = i < artists.length ? artists[i]! : weightedArtist(rng, artists);
    const roll = rng();
    const size = roll < 0.2 ? intBetween(rng, 1, 2) : roll < 0.45 ? intBetween(rng, 3, 5) : intBetween(rng, 7, 12);
    shapes.push({ artist, size });
  }
  // Nudge sizes until the song total is exact.
  let total = shapes.reduce((n, s) => n + s.size, 0);
  while (total !== songCount) {
    const shape = shapes[Math.floor(rng() * shapes.length)]!;
    if (total < songCount && shape.size < 16) {
      shape.size++;
      total++;
    } else if (total > songCount && shape.size > 1) {
      shape.size--;
      total--;
    }
  }
  return shapes;
}

function weightedArtist(rng: () => number, artists: SeededArtist[]): SeededArtist {
  for (;;) {
    const a = artists[Math.floor(rng() * artists.length)]!;
    if (rng() * 100 < a.popularity + 10) return a;
  }
}

export interface AlbumSeedOptions {
  albumCount: number;
  songCount: number;
  withLyrics: boolean;
}

export async function seedAlbumsAndSongs(
  repos: Repos,
  seed: number,
  artists: SeededArtist[],
  opts: AlbumSeedOptions,
): Promise<SeededSong[]> {
  const songs: SeededSong[] = [];
  const albumNames = new Map<number, Set<string>>();
  for (const [albumIndex, shape] of shapeAlbums(seed, artists, opts.albumCount, opts.songCount).entries()) {
    const rng = rngFor(seed, 'album', albumIndex);
    const { artist, size } = shape;
    const taken = albumNames.get(artist.id) ?? new Set<string>();
    albumNames.set(artist.id, taken);
    const albumTitle = unique(taken, () => title(rng, artist.area));
    const type = size <= 2 ? 'Single' : size <= 5 ? 'EP/Single' : '专辑';
    const publishTime = daysBefore(intBetween(rng, 10, 16 * 365));
    const year = new Date(publishTime).getUTCFullYear();
    const albumId = await repos.albums.insert({
      name: albumTitle.name,
      nameLatin: albumTitle.latin,
      artistId: artist.id,
      type,
      subType: '录音室版',
      company: pick(rng, companies),
      description: `${artist.name}于${year}年发行的${type === '专辑' ? '专辑' : '单曲'}《${albumTitle.name}》，收录${size}首作品。${pick(rng, albumFlavors)}`,
      aliases: [],
      publishTime,
      createdAt: publishTime,
    });
    const genres = demoAlbumGenres(seed, albumId);

    const trackNames = new Set<string>();
    for (let track = 1; track <= size; track++) {
      const songTitle = track === 1 && size <= 2 ? albumTitle : unique(trackNames, () => title(rng, artist.area));
      trackNames.add(songTitle.name);
      const featured = chance(rng, 0.08) ? artists.find((a) => a.area === artist.area && a.id !== artist.id && rng() < 0.3) : undefined;
      const audioSeed = deriveSeed(seed, 'audio', songs.length);
      const durationMs = intBetween(rng, 30_000, 120_000);
      const popularity = Math.max(0, Math.min(100, artist.popularity + intBetween(rng, -25, 10)));
      const id = await repos.songs.insert({
        name: songTitle.name,
        nameLatin: songTitle.latin,
        albumId,
        discNo: 1,
        trackNo: track,
        durationMs,
        popularity,
        aliases: [],
        audioSeed,
        publishTime,
        createdAt: publishTime + DAY_MS,
        artistIds: featured ? [artist.id, featured.id] : [artist.id],
      });
      await repos.genres.setSongGenres(id, genres);
      // About 15% of songs are instrumental: no lyrics row, /lyric answers nolyric.
      if (opts.withLyrics && chance(rng, 0.85)) {
        const lyrics = writeLyrics(planSong(audioSeed, durationMs), audioSeed, artist.area === 7 ? 'zh' : 'en', artist.name);
        await repos.lyrics.insert(id, lyrics.lrc, lyrics.translation);
      }
      songs.push({ id, area: artist.area, popularity });
    }
  }
  return songs;
}
