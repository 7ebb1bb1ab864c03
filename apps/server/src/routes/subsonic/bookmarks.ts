import type { Payload } from '../../http/subsonic-envelope.ts';
import { MAX_BOOKMARK_COMMENT } from '../../services/bookmarks.ts';
import { invalidParam, parseId } from '../../services/subsonic/index.ts';
import type { SubsonicCall } from './browsing.ts';

const iso = (ms: number): string => new Date(ms).toISOString();

/** Bookmarks (Subsonic 1.9): a position kept in a song, one per song, private to its user. */
export const bookmarkMethods: Record<string, (call: SubsonicCall) => Payload | Promise<Payload>> = {
  getBookmarks: async ({ services, userId }) => {
    const list = await services.bookmarks.list(userId);
    const username = await services.subsonic.users.username(userId);
    const entries = new Map(
      (
        await services.subsonic.browsing.songs(
          list.map((b) => b.songId),
          userId,
        )
      ).map((e) => [e.id, e]),
    );
    const bookmark = list.flatMap((b) => {
      const entry = entries.get(String(b.songId));
      if (!entry) return [];
      return [{ position: b.positionMs, username, comment: b.comment, created: iso(b.createdAt), changed: iso(b.changedAt), entry }];
    });
    return { bookmarks: { bookmark } };
  },

  /** Saving again moves the bookmark (and replaces its comment). */
  createBookmark: async ({ params, services, userId }) => {
    const songId = parseId('song', params.required('id'));
    params.required('position');
    const comment = params.string('comment') ?? '';
    if (comment.length > MAX_BOOKMARK_COMMENT) throw invalidParam('comment', `must be at most ${MAX_BOOKMARK_COMMENT} characters`);
    await services.bookmarks.save(userId, { songId, positionMs: params.int('position', 0, 0), comment });
    return {};
  },

  deleteBookmark: async ({ params, services, userId }) => {
    await services.bookmarks.remove(userId, parseId('song', params.required('id')));
    return {};
  },
};
