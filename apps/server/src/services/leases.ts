import { randomUUID } from 'node:crypto';
import type { Repos } from '../repos/index.ts';
import type { Clock } from './rate-windows.ts';

/** A lease taken for one run lasts this long unless the work renews it; a holder that dies frees it by then. */
export const RUN_LEASE_MS = 60_000;

/**
 * Work that one server process at a time does, whichever it is: a lease row in the database
 * names its holder until it expires. Each process has its own holder id; a process that stops
 * gives its leases up, one that dies loses them when they expire.
 */
export function createLeases(repos: Repos, clock: Clock) {
  const holder = randomUUID();
  const take = (name: string, ms: number) => repos.leases.take(name, holder, clock(), clock() + ms);

  return {
    /** This process's holder id. */
    holder,
    /** Whether this process holds `name` now. */
    holds: (name: string): boolean => repos.leases.holder(name, clock()) === holder,
    /** Takes or renews `name` for `ms`; false while another process holds it. */
    take,
    release(name: string): void {
      repos.leases.release(name, holder);
    },

    /** Runs `work` if no other process is running it (else returns undefined), holding `name` meanwhile. */
    runOnce<T>(name: string, work: () => T, ms = RUN_LEASE_MS): T | undefined {
      if (!take(name, ms)) return undefined;
      try {
        return work();
      } finally {
        repos.leases.release(name, holder);
      }
    },

    /** runOnce for work that takes time: the lease is renewed while it runs. */
    async runOnceAsync<T>(name: string, work: () => Promise<T>, ms = RUN_LEASE_MS): Promise<T | undefined> {
      if (!take(name, ms)) return undefined;
      const renew = setInterval(() => take(name, ms), ms / 3);
      renew.unref();
      try {
        return await work();
      } finally {
        clearInterval(renew);
        repos.leases.release(name, holder);
      }
    },

    /**
     * Every `periodMs`, runs `work` in the one process holding `name`: the holder keeps the lease
     * from tick to tick (for two periods), another process takes it over once it lapses. The
     * returned stop gives it up at once.
     */
    every(name: string, periodMs: number, work: () => void, onError: (err: unknown) => void = () => {}): () => void {
      const tick = () => {
        try {
          if (take(name, 2 * periodMs)) work();
        } catch (err) {
          onError(err);
        }
      };
      const timer = setInterval(tick, periodMs);
      timer.unref();
      return () => {
        clearInterval(timer);
        repos.leases.release(name, holder);
      };
    },
  };
}
export type Leases = ReturnType<typeof createLeases>;
