import type { Repos } from '../../repos/index.ts';
import { bannerTitles } from './pools/playlist-words.ts';
import { pick, rngFor } from '../../text/prng.ts';
import type { SeededSong } from './albums.ts';
import type { SeededPlaylist } from './playlists.ts';

/** Carousel order: songs (1), playlists (10, the product's playlist code) and external links (3000). */
const ORDER = [1, 10, 3000, 1, 10, 1, 10, 3000] as const;

export async function seedBanners(repos: Repos, seed: number, songs: SeededSong[], playlists: SeededPlaylist[]): Promise<void> {
  const rng = rngFor(seed, 'banners');
  const topSongs = [...songs].sort((a, b) => b.popularity - a.popularity || a.id - b.id);
  const topPlaylists = [...playlists].sort((a, b) => b.playCount - a.playCount || a.id - b.id);
  let song = 0;
  let playlist = 0;
  let link = 0;
  for (const [position, targetType] of ORDER.entries()) {
    if (targetType === 1) {
      await repos.banners.insert({
        targetType,
        targetId: topSongs[song++ % topSongs.length]!.id,
        url: null,
        typeTitle: pick(rng, bannerTitles.song),
        titleColor: 'red',
        position,
      });
    } else if (targetType === 10) {
      await repos.banners.insert({
        targetType,
        targetId: topPlaylists[playlist++ % topPlaylists.length]!.id,
        url: null,
        typeTitle: pick(rng, bannerTitles.playlist),
        titleColor: 'red',
        position,
      });
    } else {
      // example.com is reserved for examples: the link is obviously a demo, never someone's site.
      await repos.banners.insert({
        targetType,
        targetId: 0,
        url: `https://example.com/cloudtune/events/${++link}`,
        typeTitle: pick(rng, bannerTitles.external),
        titleColor: 'blue',
        position,
      });
    }
  }
}
