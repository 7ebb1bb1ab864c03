import type { Db } from '../db/connection.ts';

/**
 * Leases (migration 040): work that one process at a time may do, whichever process it is. A
 * lease is taken or renewed by one statement — only when free, expired, or already the taker's —
 * so two processes racing for it cannot both hold it.
 */
export function createLeaseRepo(db: Db) {
  const take = db.prepare(`
    INSERT INTO leases (name, holder, expires_at) VALUES (@name, @holder, @until)
    ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
    WHERE leases.holder = excluded.holder OR leases.expires_at <= @now`);
  const release = db.prepare('DELETE FROM leases WHERE name = ? AND holder = ?');
  const holder = db.prepare<[string, number], string>('SELECT holder FROM leases WHERE name = ? AND expires_at > ?').pluck();

  return {
    /** Takes (or renews) `name` for `holder` until `until`; false while another holder's lease runs. */
    take: async (name: string, holder: string, now: number, until: number): Promise<boolean> =>
      (await take.run({ name, holder, now, until })).changes === 1,
    /** Gives the lease up, if `holder` still has it. */
    async release(name: string, holder: string): Promise<void> {
      await release.run(name, holder);
    },
    /** Who holds `name` at `now`; undefined: nobody. */
    holder: async (name: string, now: number): Promise<string | undefined> => await holder.get(name, now),
  };
}
export type LeaseRepo = Awaited<ReturnType<typeof createLeaseRepo>>;
