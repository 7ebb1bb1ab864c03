import { SUBSONIC_ERRORS, SubsonicError } from '../../errors.ts';
import type { Payload } from '../../http/subsonic-envelope.ts';
import { MAX_QUEUE_LENGTH } from '../../services/play-queue.ts';
import { invalidParam, missingParam, parseId } from '../../services/subsonic/index.ts';
import type { SubsonicCall } from './browsing.ts';

/** When a queue never saved was changed: never, the earliest time there is. */
const NEVER = new Date(0).toISOString();

/** The queue's ids from `id` (repeats kept: the index-based methods can say which one is current). */
function songIds({ params }: SubsonicCall): number[] {
  const ids = params.list('id').map((id) => parseId('song', id));
  if (ids.length > MAX_QUEUE_LENGTH) throw invalidParam('id', `must name at most ${MAX_QUEUE_LENGTH} songs`);
  return ids;
}

/** `current` or `currentIndex` naming no entry: error 10, as OpenSubsonic asks of savePlayQueueByIndex. */
const noSuchEntry = (why: string) => new SubsonicError(SUBSONIC_ERRORS.missingParam, why);

async function save(call: SubsonicCall, songIds: number[], currentIndex: number | null): Promise<Payload> {
  await call.services.playQueue.save(call.userId, {
    songIds,
    currentIndex,
    // A position left out is 0 (OpenSubsonic).
    positionMs: call.params.int('position', 0, 0),
    changedBy: call.params.string('c') ?? '',
  });
  return {};
}

/**
 * The user's queue as both getters answer it: who, when and from which client it was saved, the
 * entries as full songs, and the current one by id or by index. A user who never saved a queue
 * gets the element the spec requires with nothing in it (changed at the epoch, by no client):
 * clients read that as "no queue", where an error would be shown as a failure on every start.
 */
async function answer({ services, userId }: SubsonicCall, by: 'id' | 'index'): Promise<Payload> {
  const queue = await services.playQueue.find(userId);
  const username = await services.subsonic.users.username(userId);
  if (!queue) return { username, changed: NEVER, changedBy: '' };
  const entry = await services.subsonic.browsing.songs(queue.songIds, userId);
  const current =
    queue.currentIndex === null
      ? {}
      : by === 'id'
        ? { current: entry[queue.currentIndex]!.id, position: queue.positionMs }
        : { currentIndex: queue.currentIndex, position: queue.positionMs };
  return {
    ...current,
    username,
    changed: new Date(queue.changedAt).toISOString(),
    changedBy: queue.changedBy,
    ...(entry.length ? { entry } : {}),
  };
}

/**
 * Play queues (Subsonic 1.12, and OpenSubsonic's indexBasedQueue): one per user, saved by one
 * client and restored by another. Both pairs read and write the same queue; saving without `id`
 * clears it.
 */
export const playQueueMethods: Record<string, (call: SubsonicCall) => Payload | Promise<Payload>> = {
  getPlayQueue: async (call) => ({ playQueue: await answer(call, 'id') }),
  getPlayQueueByIndex: async (call) => ({ playQueueByIndex: await answer(call, 'index') }),

  /** `current` must be one of the ids (the first entry with it is current); without ids it is ignored. */
  savePlayQueue: async (call) => {
    const ids = songIds(call);
    if (ids.length === 0) return await save(call, ids, null);
    const current = call.params.string('current');
    if (current === undefined) throw missingParam('current');
    const index = ids.indexOf(parseId('song', current, 'current'));
    if (index < 0) throw noSuchEntry('current must be one of the ids in the queue');
    return await save(call, ids, index);
  },

  /** `currentIndex` from 0 to the queue's length − 1, and none without ids (OpenSubsonic). */
  savePlayQueueByIndex: async (call) => {
    const ids = songIds(call);
    const index = call.params.optionalInt('currentIndex');
    if (ids.length === 0) {
      if (index !== undefined) throw noSuchEntry('currentIndex must not be given without ids');
      return await save(call, ids, null);
    }
    if (index === undefined) throw missingParam('currentIndex');
    if (index < 0 || index >= ids.length) throw noSuchEntry(`currentIndex must be from 0 to ${ids.length - 1}`);
    return await save(call, ids, index);
  },
};
