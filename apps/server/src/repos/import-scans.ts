import type { Database } from '../db/database.ts';

export interface ImportScanRecord {
  /** the running scan's id, or null when none runs (or its lease ran out) */
  owner: string | null;
  /** files seen by the running scan, or by the last one */
  count: number;
  startedAt: number | null;
  finishedAt: number | null;
}

/**
 * The import scan's one row (table library_scan): a lease that lets one scan run at a time across every process on
 * the database. Each statement is atomic, so two processes racing for the lease cannot both win.
 */
export function createImportScanRepo(db: Database) {
  const read = db.prepare<[number], ImportScanRecord>(`
    SELECT CASE WHEN lease_until >= ? THEN owner END AS owner, count, started_at AS startedAt, finished_at AS finishedAt
    FROM library_scan WHERE id = 1`);
  const take = db.prepare(`
    UPDATE library_scan SET owner = @owner, lease_until = @until, count = 0, started_at = @now, finished_at = NULL
    WHERE id = 1 AND (owner IS NULL OR lease_until IS NULL OR lease_until < @now)`);
  const progress = db.prepare('UPDATE library_scan SET count = @count, lease_until = @until WHERE id = 1 AND owner = @owner');
  const release = db.prepare(`
    UPDATE library_scan SET owner = NULL, lease_until = NULL, count = @count, finished_at = @now WHERE id = 1 AND owner = @owner`);
  return {
    read: async (now: number): Promise<ImportScanRecord> => (await read.get(now))!,
    /** Takes the lease for `owner` until `until`; false while another scan holds it. */
    take: async (owner: string, now: number, until: number): Promise<boolean> => (await take.run({ owner, now, until })).changes === 1,
    /** Records the files seen and renews the lease; false when the lease was lost (it ran out and another scan took it). */
    progress: async (owner: string, count: number, until: number): Promise<boolean> =>
      (await progress.run({ owner, count, until })).changes === 1,
    /** Ends the scan: the lease is free and `count` stays as its result. */
    release: async (owner: string, count: number, now: number): Promise<void> => {
      await release.run({ owner, count, now });
    },
  };
}
export type ImportScanRepo = Awaited<ReturnType<typeof createImportScanRepo>>;
