import { ApiError } from '../errors.ts';
import type { Repos } from '../repos/index.ts';
import type { Clock } from './rate-windows.ts';

export type RatedKind = 'song' | 'album' | 'artist';

/** A user's ratings of songs, albums and artists: 1–5 stars, 0 to take one back. */
export function createRatingService(repos: Repos, clock: Clock) {
  const tables = new Map([
    ['song', { exists: repos.songs.exists, ratings: repos.ratings.songs, name: 'Song' }],
    ['album', { exists: repos.albums.exists, ratings: repos.ratings.albums, name: 'Album' }],
    ['artist', { exists: repos.artists.exists, ratings: repos.ratings.artists, name: 'Artist' }],
  ] as const);
  return {
    async rate(userId: number, kind: RatedKind, id: number, rating: number): Promise<void> {
      if (!Number.isInteger(rating) || rating < 0 || rating > 5) throw new ApiError(400, 'rating must be an integer from 0 to 5');
      const table = tables.get(kind)!;
      if (!(await table.exists(id))) throw new ApiError(404, `${table.name} not found`);
      await table.ratings.set(userId, id, rating, clock());
    },
  };
}
export type RatingService = Awaited<ReturnType<typeof createRatingService>>;
