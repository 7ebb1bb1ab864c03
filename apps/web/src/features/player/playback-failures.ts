/**
 * Songs that fail one after another (no URL, unavailable, a network or decode error): the player
 * moves on to the next, but a whole round of the queue failing stops it instead of looping forever.
 * A song that plays, or a song the user picks, starts the count again.
 */
export interface FailureGuard {
  /** a song failed: 'next' to move on, 'stop' when every song of the queue failed in a row */
  fail: (queueLength: number) => 'next' | 'stop';
  reset: () => void;
  readonly count: number;
}

export function createFailureGuard(): FailureGuard {
  let count = 0;
  return {
    fail(queueLength) {
      count++;
      return count >= Math.max(1, queueLength) ? 'stop' : 'next';
    },
    reset() {
      count = 0;
    },
    get count() {
      return count;
    },
  };
}
