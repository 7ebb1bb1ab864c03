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
  const take = async (name: string, ms: number) => await repos.leases.take(name, holder, clock(), clock() + ms);

  return {
    /** This process's holder id. */
    holder,
    /** Whether this process holds `name` now. */
    holds: async (name: string): Promise<boolean> => (await repos.leases.holder(name, clock())) === holder,
    /** Takes or renews `name` for `ms`; false while another process holds it. */
    take,
    async release(name: string): Promise<void> {
      await repos.leases.release(name, holder);
    },

    /** Runs `work` if no other process is running it (else returns undefined), holding `name` meanwhile. */
    async runOnce<T>(name: string, work: () => T | Promise<T>, ms = RUN_LEASE_MS): Promise<T | undefined> {
      if (!(await take(name, ms))) return undefined;
      try {
        return await work();
      } finally {
        await repos.leases.release(name, holder);
      }
    },

    /** runOnce for work that takes time: the lease is renewed while it runs. */
    async runOnceAsync<T>(name: string, work: () => Promise<T>, ms = RUN_LEASE_MS): Promise<T | undefined> {
      if (!(await take(name, ms))) return undefined;
      const renew = setInterval(() => void take(name, ms).catch(() => {}), ms / 3);
      renew.unref();
      try {
        return await work();
      } finally {
        clearInterval(renew);
        await repos.leases.release(name, holder);
      }
    },

    /**
     * Every `periodMs`, runs `work` in the one process holding `name`: the holder keeps the lease
     * from tick to tick (for two periods), another process takes it over once it lapses. The
     * returned stop gives it up at once.
     */
    every(
      name: string,
      periodMs: number,
      work: () => void | Promise<void>,
      onError: (err: unknown) => void = () => {},
    ): () => Promise<void> {
      const tick = async () => {
        try {
          if (await take(name, 2 * periodMs)) await work();
        } catch (err) {
          onError(err);
        }
      };
      const timer = setInterval(() => void tick(), periodMs);
      timer.unref();
      return async () => {
        clearInterval(timer);
        await repos.leases.release(name, holder);
      };
    },
  };
}
export type Leases = Awaited<ReturnType<typeof createLeases>>;
