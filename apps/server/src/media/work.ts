/**
 * Bounded, cancellable media work (rendering, transcoding, resizing): a listener who leaves
 * must not make the next one wait, and a flood of requests must not queue without end.
 */

/** Thrown when the wait line is full: the caller answers "busy, retry" instead of queueing. */
export class QueueFullError extends Error {
  constructor(readonly waiting: number) {
    super(`media work queue is full (${waiting} waiting)`);
  }
}

const aborted = (signal: AbortSignal): Error =>
  signal.reason instanceof Error ? signal.reason : new DOMException('the request was abandoned', 'AbortError');

/** Rejects as soon as `signal` aborts; otherwise settles like `promise`. */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(aborted(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(aborted(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => (signal.removeEventListener('abort', onAbort), resolve(v)),
      (e: unknown) => (signal.removeEventListener('abort', onAbort), reject(e)),
    );
  });
}

/**
 * At most `concurrency` tasks run at once; at most `maxWaiting` wait (more → QueueFullError).
 * A waiting task whose signal aborts leaves the line without ever running; a running one gets
 * the signal to stop its work (e.g. kill ffmpeg).
 */
export class WorkQueue {
  #active = 0;
  readonly #waiting: { start: () => void; signal?: AbortSignal }[] = [];

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
  ) {}

  get active(): number {
    return this.#active;
  }
  get waiting(): number {
    return this.#waiting.length;
  }

  async run<T>(task: (signal?: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) throw aborted(signal);
    if (this.#active >= this.concurrency) {
      if (this.#waiting.length >= this.maxWaiting) throw new QueueFullError(this.#waiting.length);
      await new Promise<void>((resolve, reject) => {
        const place = { start: resolve, signal };
        this.#waiting.push(place);
        signal?.addEventListener(
          'abort',
          () => {
            const at = this.#waiting.indexOf(place);
            if (at < 0) return;
            this.#waiting.splice(at, 1);
            reject(aborted(signal));
          },
          { once: true },
        );
      });
    }
    this.#active++;
    try {
      return await task(signal);
    } finally {
      this.#active--;
      this.#next();
    }
  }

  #next(): void {
    while (this.#active < this.concurrency) {
      const place = this.#waiting.shift();
      if (!place) return;
      if (place.signal?.aborted) continue;
      place.start();
      return;
    }
  }
}

interface Flight<V> {
  promise: Promise<V>;
  controller: AbortController;
  /** callers still waiting; null once one caller came without a signal (it never leaves) */
  interested: number | null;
}

/**
 * Concurrent requests for the same key share one run. The run is cancelled (its signal aborts)
 * only when every caller has left; a caller without a signal keeps it alive to the end.
 */
export class SharedWork<V> {
  readonly #inFlight = new Map<string, Flight<V>>();

  run(key: string, work: (signal: AbortSignal) => Promise<V>, signal?: AbortSignal): Promise<V> {
    if (signal?.aborted) return Promise.reject(aborted(signal));
    let flight = this.#inFlight.get(key);
    if (!flight) {
      const controller = new AbortController();
      const promise = work(controller.signal).finally(() => {
        if (this.#inFlight.get(key) === flight) this.#inFlight.delete(key);
      });
      flight = { promise, controller, interested: 0 };
      this.#inFlight.set(key, flight);
      // A run nobody waits for any more may reject with nobody listening.
      promise.catch(() => {});
    }
    const joined = flight;
    if (!signal) {
      joined.interested = null;
      return joined.promise;
    }
    if (joined.interested !== null) joined.interested++;
    signal.addEventListener(
      'abort',
      () => {
        if (joined.interested === null) return;
        joined.interested--;
        if (joined.interested === 0) {
          joined.controller.abort();
          if (this.#inFlight.get(key) === joined) this.#inFlight.delete(key);
        }
      },
      { once: true },
    );
    return untilAborted(joined.promise, signal);
  }

  /** Resolves once every run in flight now has settled (for a clean shutdown). */
  async idle(): Promise<void> {
    await Promise.allSettled([...this.#inFlight.values()].map((f) => f.promise));
  }
}
