import { openDatabase } from '../db/connection.ts';
import { folderScanner } from '../content/import/folder-scan.ts';
import { createRepos } from '../repos/index.ts';
import { createLibraryScanService } from '../services/library-scan.ts';

export interface LibraryScan {
  /** resolves when the scan has ended (a failure is logged, never thrown) */
  done: Promise<void>;
  /** Stops after the current batch and waits for the scan to end. */
  stop(): Promise<void>;
}

/**
 * Rescans the library folder (CLOUDTUNE_LIBRARY) while the server already serves: its own
 * database connection (WAL lets the server read meanwhile; writes are short batches), progress
 * and skipped files logged as they come, a summary at the end. It is the library's one scan
 * (services/library-scan.ts): Subsonic apps see it in getScanStatus, and while another process
 * scans it does not start. Never throws: a failing scan is logged and the server keeps serving.
 */
export function startLibraryScan(dataDir: string, folder: string, log: (line: string) => void): LibraryScan {
  const db = openDatabase(dataDir);
  const scans = createLibraryScanService(createRepos(db), folderScanner(db, dataDir, log), { clock: Date.now, log });
  if (!scans.start([folder]).started) log(`A library scan is already running; ${folder} is not scanned again now.`);
  const done = scans.idle().finally(() => db.close());
  return {
    done,
    async stop() {
      await scans.stop();
      await done;
    },
  };
}
