import type { Repos } from '../../repos/index.ts';
import type { Clock } from '../rate-windows.ts';
import { notFoundError } from './errors.ts';

/**
 * Collecting (收藏) albums and artists, shared by Subsonic's star/unstar and NetEase's /album/sub
 * and /artist/sub (one table each, migration 024). Songs are starred into 我喜欢的音乐 instead.
 */
export function createSubsonicStars(repos: Repos, clock: Clock) {
  return {
    async album(userId: number, albumId: number, on: boolean): Promise<boolean> {
      if (!(await repos.albums.exists(albumId))) throw notFoundError('Album');
      return on ? await repos.subs.albums.add(userId, albumId, clock()) : await repos.subs.albums.remove(userId, albumId);
    },
    async artist(userId: number, artistId: number, on: boolean): Promise<boolean> {
      if (!(await repos.artists.exists(artistId))) throw notFoundError('Artist');
      return on ? await repos.subs.artists.add(userId, artistId, clock()) : await repos.subs.artists.remove(userId, artistId);
    },
  };
}
export type SubsonicStars = Awaited<ReturnType<typeof createSubsonicStars>>;
