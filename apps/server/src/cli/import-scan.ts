import { openDatabase } from '../db/connection.ts';
import { folderScanner } from '../content/import/folder-scan.ts';
import type { Storage } from '../media/storage.ts';
import { createRepos } from '../repos/index.ts';
import { createImportScanService } from '../services/import-scans.ts';

export interface ImportScan {
  /** resolves when the scan has ended (a failure is logged, never thrown) */
  done: Promise<void>;
  /** Stops after the current batch and waits for the scan to end. */
  stop(): Promise<void>;
}

/**
 * Rescans the import folder of CLOUDTUNE_LIBRARY while the server already serves: its own
 * database connection (readers are not blocked meanwhile; writes are short batches), progress
 * and skipped files logged as they come, a summary at the end. It is the server's one import scan
 * (services/import-scans.ts): Subsonic apps see it in getScanStatus, and while another process
 * scans it does not start. Never throws: a failing scan is logged and the server keeps serving.
 */
export async function startImportScan(
  dataDir: string,
  folder: string,
  log: (line: string) => void,
  storage?: Storage,
  databaseUrl?: string | null,
): Promise<ImportScan> {
  const db = await openDatabase(dataDir, { url: databaseUrl });
  const scans = createImportScanService(createRepos(db), folderScanner(db, dataDir, log, storage), { clock: Date.now, log });
  if (!(await scans.start([folder])).started) log(`A library scan is already running; ${folder} is not scanned again now.`);
  const done = scans.idle().finally(() => db.close());
  return {
    done,
    async stop() {
      await scans.stop();
      await done;
    },
  };
}
