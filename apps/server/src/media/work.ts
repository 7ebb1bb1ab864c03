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

interface Flight<V, P> {
  promise: Promise<V>;
  controller: AbortController;
  /** callers still waiting; null once one caller came without a signal (it never leaves) */
  interested: number | null;
  /** what the run published while working (e.g. the file it is writing); undefined if it finished without */
  published: Promise<P | undefined>;
}

/** A caller's share of a run: its result, and what the run publishes before it ends. */
export interface Joined<V, P> {
  result: Promise<V>;
  /** resolves with the first thing the run publishes, or undefined when it ends without; rejects when it fails */
  published: Promise<P | undefined>;
}

/**
 * Concurrent requests for the same key share one run. The run is cancelled (its signal aborts)
 * only when every caller has left; a caller without a signal keeps it alive to the end. A run
 * may publish something before it ends (a file being written that callers read while it grows).
 */
export class SharedWork<V, P = never> {
  readonly #inFlight = new Map<string, Flight<V, P>>();

  run(key: string, work: (signal: AbortSignal, publish: (p: P) => void) => Promise<V>, signal?: AbortSignal): Promise<V> {
    return this.join(key, work, signal).result;
  }

  /** Starts the run for `key`, or joins the one in flight. */
  join(key: string, work: (signal: AbortSignal, publish: (p: P) => void) => Promise<V>, signal?: AbortSignal): Joined<V, P> {
    if (signal?.aborted) {
      const left = Promise.reject(aborted(signal));
      left.catch(() => {});
      return { result: left, published: left };
    }
    let flight = this.#inFlight.get(key);
    if (!flight) {
      const controller = new AbortController();
      let publish!: (p: P | undefined) => void;
      let failed!: (err: unknown) => void;
      const published = new Promise<P | undefined>((resolve, reject) => ((publish = resolve), (failed = reject)));
      const promise = work(controller.signal, publish).finally(() => {
        if (this.#inFlight.get(key) === flight) this.#inFlight.delete(key);
      });
      promise.then(() => publish(undefined), failed);
      flight = { promise, controller, interested: 0, published };
      this.#inFlight.set(key, flight);
      // A run nobody waits for any more may reject with nobody listening.
      promise.catch(() => {});
      published.catch(() => {});
    }
    const joined = flight;
    if (!signal) {
      joined.interested = null;
      return { result: joined.promise, published: joined.published };
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
    const result = untilAborted(joined.promise, signal);
    const published = untilAborted(joined.published, signal);
    result.catch(() => {});
    published.catch(() => {});
    return { result, published };
  }

  /** Whether a run for `key` is in flight. */
  has(key: string): boolean {
    return this.#inFlight.has(key);
  }

  /** Resolves once every run in flight now has settled (for a clean shutdown). */
  async idle(): Promise<void> {
    await Promise.allSettled([...this.#inFlight.values()].map((f) => f.promise));
  }
}
