import { ApiError } from '../errors.ts';
import type { BookmarkRecord } from '../repos/bookmarks.ts';
import type { Repos } from '../repos/index.ts';
import type { Clock } from './rate-windows.ts';

/** A bookmark's comment is at most this long. */
export const MAX_BOOKMARK_COMMENT = 1000;

/** Bookmarks: a position a user keeps in a song, private to them (one per song; saving again moves it). */
export function createBookmarkService(repos: Repos, clock: Clock) {
  return {
    list: (userId: number): BookmarkRecord[] => repos.bookmarks.list(userId),
    save(userId: number, bookmark: { songId: number; positionMs: number; comment: string }): void {
      if (!repos.songs.exists(bookmark.songId)) throw new ApiError(404, 'Song not found');
      repos.bookmarks.save(userId, bookmark, clock());
    },
    /** Deleting a bookmark that is not there leaves nothing to do. */
    remove: (userId: number, songId: number): void => void repos.bookmarks.remove(userId, songId),
  };
}
export type BookmarkService = ReturnType<typeof createBookmarkService>;
