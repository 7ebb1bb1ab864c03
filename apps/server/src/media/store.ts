import { randomBytes } from 'node:crypto';

/** Where a file is written before it is complete: `<file>.<pid>-<random>.tmp` (strays are swept at start). */
export const temporaryPath = (finalPath: string): string => `${finalPath}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;

/** At most `limit` tasks run at once (audio encoding is CPU-bound; two cores serve two songs). */
export type ConcurrencyLimit = <T>(task: () => Promise<T>) => Promise<T>;

export function concurrencyLimit(limit: number): ConcurrencyLimit {
  let active = 0;
  const queue: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= limit) await new Promise<void>((resolve) => queue.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      queue.shift()?.();
    }
  };
}
