import { ApiError } from '../errors.ts';
import type { Repos } from '../repos/index.ts';
import type { PlayQueueRecord } from '../repos/play-queues.ts';
import type { Clock } from './rate-windows.ts';

/** A saved queue holds at most this many entries (a whole large library queued is refused, not cut short). */
export const MAX_QUEUE_LENGTH = 10_000;
/** A client's name (Subsonic's `c`) is kept to this length. */
const MAX_CLIENT_NAME = 100;

/** Which id was unknown is not said: an answer never repeats the request. */
const SONG_NOT_FOUND = (): ApiError => new ApiError(404, 'Song not found');

export interface QueueToSave {
  songIds: readonly number[];
  /** the current entry's index; null only for an empty queue */
  currentIndex: number | null;
  positionMs: number;
  /** the client saving it */
  changedBy: string;
}

/**
 * The play queue a user keeps on the server so that another device picks up where this one was:
 * one per user, entries in order (repeats allowed), the current entry by index and the position
 * in it. Subsonic's id-based and index-based methods read and write the same queue.
 */
export function createPlayQueueService(repos: Repos, clock: Clock) {
  return {
    /** The saved queue, or undefined when the user never saved one. */
    find: async (userId: number): Promise<PlayQueueRecord | undefined> => await repos.playQueues.find(userId),

    /** Replaces the queue; an empty one clears it. Every song must exist (else 404). */
    async save(userId: number, queue: QueueToSave): Promise<void> {
      for (const id of new Set(queue.songIds)) if (!(await repos.songs.exists(id))) throw SONG_NOT_FOUND();
      await repos.playQueues.save(userId, {
        songIds: [...queue.songIds],
        currentIndex: queue.songIds.length ? queue.currentIndex : null,
        positionMs: queue.songIds.length ? queue.positionMs : 0,
        changedAt: clock(),
        changedBy: queue.changedBy.slice(0, MAX_CLIENT_NAME),
      });
    },
  };
}
export type PlayQueueService = Awaited<ReturnType<typeof createPlayQueueService>>;
