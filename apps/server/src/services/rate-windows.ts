import { withWriteTx, type Repos } from '../repos/index.ts';

/** Milliseconds now; injected so tests can move time instead of waiting for it. */
export type Clock = () => number;

/**
 * Token buckets per key, kept in the database so every server process spends the same budget:
 * `capacity` actions at once, refilled at `capacity` per `periodMs`. take() spends one token and
 * says whether there was one. A bucket left alone for `periodMs` is full again, which is what an
 * absent row means, so rows live that long.
 */
export class TokenBuckets {
  constructor(
    readonly repos: Pick<Repos, 'db' | 'rateWindows'>,
    /** which budget this is (its rows' limiter) */
    readonly limiter: string,
    readonly capacity: number,
    readonly periodMs: number,
    readonly clock: Clock,
  ) {}

  async take(key: string): Promise<boolean> {
    // Read and written under the write lock: two processes cannot both spend the last token.
    return await withWriteTx(this.repos.db, async () => {
      const now = this.clock();
      const bucket = await this.repos.rateWindows.find(this.limiter, key, now);
      const tokens = bucket ? Math.min(this.capacity, bucket.amount + ((now - bucket.at) * this.capacity) / this.periodMs) : this.capacity;
      const ok = tokens >= 1;
      await this.repos.rateWindows.put(this.limiter, key, { amount: ok ? tokens - 1 : tokens, at: now }, now + this.periodMs);
      return ok;
    });
  }
}

/** One request counted in a fixed window: how many the window has seen, and the ms until it ends. */
export interface WindowHit {
  count: number;
  ttlMs: number;
}

/**
 * Request budgets shared by every process on the database: fixed windows (the per-route limits
 * of http/rate-limit.ts), token buckets (services that meter an action), and their pruning.
 */
export function createRateWindows(repos: Repos, clock: Clock) {
  return {
    /** Counts a request of `key` against `limiter`'s window of `windowMs`. */
    async hit(limiter: string, key: string, windowMs: number): Promise<WindowHit> {
      const now = clock();
      const { count, endsAt } = await repos.rateWindows.hit(limiter, key, now, windowMs);
      return { count, ttlMs: Math.max(0, endsAt - now) };
    },
    buckets: (limiter: string, capacity: number, periodMs: number) => new TokenBuckets(repos, limiter, capacity, periodMs, clock),
    /** Forgets windows and buckets that ran out (a sweep). */
    prune: async (): Promise<number> => await repos.rateWindows.prune(clock()),
  };
}
export type RateWindows = Awaited<ReturnType<typeof createRateWindows>>;
