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
 * Who waits for a task, most urgent first: a listener who pressed play (the first second of a
 * song is what they hear next), anyone else waiting for an answer (a cover on the page), and
 * work nobody waits for yet (the next song of a queue, rendered ahead).
 */
export type WorkPriority = 'listener' | 'normal' | 'background';
const RANK: Record<WorkPriority, number> = { listener: 0, normal: 1, background: 2 };

/** Thrown into a background task whose slot a listener took; the work may be started again later. */
export class PreemptedError extends Error {
  override readonly name = 'PreemptedError';
  constructor() {
    super('a listener needed the encode slot');
  }
}

/**
 * A task's priority, which can rise while it waits or runs (a prepared render a listener joins),
 * and whether a listener's task is still making the opening of its song (what they hear first).
 */
export class WorkLane {
  #priority: WorkPriority;
  #opening = true;
  readonly #onRaise = new Set<() => void>();

  constructor(priority: WorkPriority) {
    this.#priority = priority;
  }
  get priority(): WorkPriority {
    return this.#priority;
  }
  /** Raises the priority (never lowers it). */
  raise(to: WorkPriority): void {
    if (RANK[to] >= RANK[this.#priority]) return;
    this.#priority = to;
    for (const hook of [...this.#onRaise]) hook();
  }
  /** True until the task says the opening of its song is made (see opened()). */
  get opening(): boolean {
    return this.#opening;
  }
  /** The opening is made: from now on the task gives way to other listeners' openings. */
  opened(): void {
    if (!this.#opening) return;
    this.#opening = false;
    for (const hook of [...this.#onRaise]) hook();
  }
  /** Calls `hook` when the priority rises or the opening is made, until the returned function is called. */
  watch(hook: () => void): () => void {
    this.#onRaise.add(hook);
    return () => this.#onRaise.delete(hook);
  }
}

interface Waiting {
  start: () => void;
  signal?: AbortSignal;
  lane: WorkLane;
  unwatch: () => void;
}

interface Paused {
  lane: WorkLane;
  resume: () => void;
  unwatch: () => void;
}

interface Running {
  lane: WorkLane;
  preempt: AbortController;
  /** the slot was handed to a listener already: the task's end frees nothing */
  released: boolean;
}

/**
 * At most `concurrency` tasks run at once; at most `maxWaiting` wait (more → QueueFullError).
 * A waiting task whose signal aborts leaves the line without ever running; a running one gets
 * the signal to stop its work (e.g. kill ffmpeg).
 *
 * The line is ordered by priority, first come first served within one. A listener never waits
 * behind background work: when every slot is busy and one runs a background task, that task is
 * pre-empted (its signal aborts with a PreemptedError) and its slot goes to the listener at once,
 * while the pre-empted task winds down.
 */
export class WorkQueue {
  #active = 0;
  readonly #waiting: Waiting[] = [];
  readonly #running = new Set<Running>();
  /** tasks paused by yieldToListeners until they need not wait */
  #paused: Paused[] = [];

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

  /**
   * Runs `task` in a slot. `signal`: the requester left. `priority`: a name, or a lane the caller
   * may raise later. The task's own signal also aborts when it is pre-empted.
   */
  async run<T>(task: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal, priority: WorkPriority | WorkLane = 'normal'): Promise<T> {
    if (signal?.aborted) throw aborted(signal);
    const lane = priority instanceof WorkLane ? priority : new WorkLane(priority);
    if (this.#active < this.concurrency || this.#preemptFor(lane)) this.#active++;
    else {
      if (this.#waiting.length >= this.maxWaiting) throw new QueueFullError(this.#waiting.length);
      await new Promise<void>((resolve, reject) => {
        const place: Waiting = {
          start: resolve,
          signal,
          lane,
          // Raised to a listener while waiting: it may take a background task's slot now.
          unwatch: lane.watch(() => {
            if (this.#preemptFor(lane)) this.#startWaiting(place);
          }),
        };
        this.#waiting.push(place);
        signal?.addEventListener(
          'abort',
          () => {
            const at = this.#waiting.indexOf(place);
            if (at < 0) return;
            this.#waiting.splice(at, 1);
            place.unwatch();
            reject(aborted(signal));
          },
          { once: true },
        );
      });
    }
    // Here the slot is counted: taken above, or by #startWaiting when the task left the line.
    const running: Running = { lane, preempt: new AbortController(), released: false };
    this.#running.add(running);
    // Its opening made: the tasks that gave way to it may go on.
    const unwatch = lane.watch(() => this.#recheck());
    try {
      return await task(signal ? AbortSignal.any([signal, running.preempt.signal]) : running.preempt.signal);
    } finally {
      unwatch();
      this.#running.delete(running);
      if (!running.released) {
        this.#active--;
        this.#next();
      }
      this.#recheck();
    }
  }

  /**
   * Resolves at once, or when `lane`'s task need not give way any more. A task calls it between
   * steps of its work:
   * - background work (a song made ahead) waits while any listener's task runs: the song made for
   *   later stops taking the server's thread and the cores from the one being listened to;
   * - a listener's task past its opening waits while another listener's task makes its opening:
   *   it is seconds ahead of its listener, and the newcomer hears nothing yet.
   */
  yieldToListeners(lane: WorkLane): Promise<void> | undefined {
    if (!this.#mustWait(lane)) return undefined;
    return new Promise((resolve) => {
      const pause = {
        lane,
        resume: resolve,
        // Raised (a listener joined it) or its state changed: it may go on now.
        unwatch: lane.watch(() => this.#recheck()),
      };
      this.#paused.push(pause);
    });
  }

  #mustWait(lane: WorkLane): boolean {
    if (lane.priority === 'background') return this.#runs((r) => r.priority === 'listener');
    if (lane.priority === 'listener' && !lane.opening) return this.#runs((r) => r !== lane && r.priority === 'listener' && r.opening);
    return false;
  }

  #runs(test: (lane: WorkLane) => boolean): boolean {
    for (const r of this.#running) if (!r.released && test(r.lane)) return true;
    return false;
  }

  /** Resumes the paused tasks that need not wait any more. */
  #recheck(): void {
    const still: Paused[] = [];
    for (const pause of this.#paused.splice(0)) {
      if (this.#mustWait(pause.lane)) still.push(pause);
      else {
        pause.unwatch();
        pause.resume();
      }
    }
    this.#paused.push(...still);
  }

  /**
   * For a listener with every slot busy: pre-empts the background task started last and frees
   * its slot. True when a slot was freed.
   */
  #preemptFor(lane: WorkLane): boolean {
    if (lane.priority !== 'listener') return false;
    let victim: Running | undefined;
    for (const r of this.#running) if (!r.released && r.lane.priority === 'background') victim = r;
    if (!victim) return false;
    victim.released = true;
    this.#active--;
    victim.preempt.abort(new PreemptedError());
    return true;
  }

  #startWaiting(place: Waiting): void {
    const at = this.#waiting.indexOf(place);
    if (at < 0) return;
    this.#waiting.splice(at, 1);
    place.unwatch();
    this.#active++;
    place.start();
  }

  /** The most urgent waiting task, the earliest of its priority. */
  #nextWaiting(): Waiting | undefined {
    let best: Waiting | undefined;
    for (const place of this.#waiting) if (!best || RANK[place.lane.priority] < RANK[best.lane.priority]) best = place;
    return best;
  }

  #next(): void {
    while (this.#active < this.concurrency) {
      const place = this.#nextWaiting();
      if (!place) return;
      if (place.signal?.aborted) {
        this.#waiting.splice(this.#waiting.indexOf(place), 1);
        place.unwatch();
        continue;
      }
      this.#startWaiting(place);
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
