import { randomUUID } from 'node:crypto';
import type { Repos } from '../repos/index.ts';
import type { Clock } from './rate-windows.ts';

/**
 * Walks one import folder into the catalog (the importer; the app hands it over, since services
 * never import content/). `onProgress` hears every file as it is seen: its 1-based index among
 * the folder's `total`. Rejects when the folder cannot be walked (gone, unmounted).
 */
export type FolderScanner = (
  folder: string,
  options: { signal: AbortSignal; onProgress: (progress: { index: number; total: number }) => void },
) => Promise<unknown>;

/** Subsonic's scanStatus: whether a scan runs, and the files it has seen (or the last one saw). */
export interface ScanStatus {
  scanning: boolean;
  count: number;
}

/** A scan's lease lasts this long past its last renewal; a process that dies mid-scan frees it by then. */
export const SCAN_LEASE_MS = 60_000;
/** Renewed this often while the scan works (a large file may take seconds to hash between two progress reports). */
const RENEW_EVERY_MS = 10_000;
/** The count is written at most this often: a 10,000-file rescan of unchanged files takes well under a second per thousand. */
const COUNT_EVERY_MS = 250;

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/**
 * Import scans, rescans of the import folders (Subsonic's startScan, CLOUDTUNE_LIBRARY at start): in the
 * background, one at a time across every process on the database. The state lives in the
 * database, not in this process: a lease row says who scans, until when, and how many files it
 * has seen, so getScanStatus answers the same from any process and a scan started elsewhere is
 * seen here. A folder that cannot be walked is logged and skipped — its songs stay (a drive
 * unplugged is not a catalog emptied).
 */
export function createImportScanService(
  repos: Repos,
  scanFolder: FolderScanner,
  { clock, log }: { clock: Clock; log: (line: string) => void },
) {
  let running: { controller: AbortController; done: Promise<void> } | undefined;

  async function status(): Promise<ScanStatus> {
    const row = await repos.importScans.read(clock());
    return { scanning: row.owner !== null, count: row.count };
  }

  async function scan(owner: string, folders: readonly string[], controller: AbortController): Promise<void> {
    let count = 0;
    let lastWrite = performance.now();
    const renew = async () => {
      lastWrite = performance.now();
      if (await repos.importScans.progress(owner, count, clock() + SCAN_LEASE_MS)) return;
      // Stalled past the lease and another scan took over: this one stops rather than race it.
      log('library scan: the lease was lost to another scan; stopping');
      controller.abort();
    };
    const timer = setInterval(() => void renew().catch((err: unknown) => log(`library scan: ${String(err)}`)), RENEW_EVERY_MS);
    timer.unref();
    try {
      // Let the request that started the scan be answered first.
      await new Promise((resolve) => setImmediate(resolve));
      for (const folder of folders) {
        if (controller.signal.aborted) break;
        const before = count;
        try {
          await scanFolder(folder, {
            signal: controller.signal,
            onProgress: ({ index }) => {
              count = before + index;
              if (performance.now() - lastWrite >= COUNT_EVERY_MS)
                void renew().catch((err: unknown) => log(`library scan: ${String(err)}`));
            },
          });
        } catch (err) {
          log(`library scan of ${folder} failed: ${messageOf(err)}`);
        }
      }
    } finally {
      clearInterval(timer);
      await repos.importScans.release(owner, count, clock());
    }
  }

  return {
    status,
    /**
     * Starts a rescan of `folders` (default: every import folder) in the background and answers
     * the status at once. While a scan runs — here or in another process — nothing new starts and
     * the running scan's status is the answer; with no folders nothing starts either.
     */
    async start(only?: readonly string[]): Promise<ScanStatus & { started: boolean }> {
      const folders = only ?? (await repos.importFolders.all()).map((f) => f.path);
      if (folders.length === 0) {
        log('library scan: no library folders to scan (import one: npm run import -- <folder>)');
        return { ...(await status()), started: false };
      }
      const owner = randomUUID();
      if (!(await repos.importScans.take(owner, clock(), clock() + SCAN_LEASE_MS))) return { ...(await status()), started: false };
      const controller = new AbortController();
      const done = scan(owner, folders, controller)
        .catch((err: unknown) => log(`library scan failed: ${messageOf(err)}`))
        .finally(() => {
          if (running?.done === done) running = undefined;
        });
      running = { controller, done };
      return { ...(await status()), started: true };
    },
    /** Resolves when this process runs no scan. */
    idle: async (): Promise<void> => {
      await running?.done;
    },
    /** Stops this process's scan after the file in hand (the catalog keeps what it wrote) and waits for it. */
    async stop(): Promise<void> {
      running?.controller.abort();
      await running?.done;
    },
  };
}
export type ImportScanService = Awaited<ReturnType<typeof createImportScanService>>;
