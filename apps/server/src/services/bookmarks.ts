import { ApiError } from '../errors.ts';
import type { BookmarkRecord } from '../repos/bookmarks.ts';
import type { Repos } from '../repos/index.ts';
import type { Clock } from './rate-windows.ts';

/** A bookmark's comment is at most this long. */
export const MAX_BOOKMARK_COMMENT = 1000;

/** Bookmarks: a position a user keeps in a song, private to them (one per song; saving again moves it). */
export function createBookmarkService(repos: Repos, clock: Clock) {
  return {
    list: async (userId: number): Promise<BookmarkRecord[]> => await repos.bookmarks.list(userId),
    async save(userId: number, bookmark: { songId: number; positionMs: number; comment: string }): Promise<void> {
      if (!(await repos.songs.exists(bookmark.songId))) throw new ApiError(404, 'Song not found');
      await repos.bookmarks.save(userId, bookmark, clock());
    },
    /** Deleting a bookmark that is not there leaves nothing to do. */
    remove: async (userId: number, songId: number): Promise<void> => void (await repos.bookmarks.remove(userId, songId)),
  };
}
export type BookmarkService = Awaited<ReturnType<typeof createBookmarkService>>;
