import { openDatabase } from '../db/connection.ts';
import { importLibrary, summaryLine, type ImportSummary } from '../content/import/import-library.ts';

export interface LibraryScan {
  /** the summary, or undefined if the scan failed (the failure is logged) */
  done: Promise<ImportSummary | undefined>;
  /** Stops after the current batch and waits for the scan to end. */
  stop(): Promise<void>;
}

/** One progress line per this many milliseconds: a 10,000-file scan must not flood the log. */
const PROGRESS_EVERY_MS = 2000;

/**
 * Rescans the library folder (CLOUDTUNE_LIBRARY) while the server already serves: its own
 * database connection (WAL lets the server read meanwhile; writes are short batches), progress
 * and skipped files logged as they come, a summary at the end. Never throws: a failing scan is
 * logged and the server keeps serving what it has.
 */
export function startLibraryScan(dataDir: string, folder: string, log: (line: string) => void): LibraryScan {
  const controller = new AbortController();
  const done = (async () => {
    await new Promise((resolve) => setImmediate(resolve));
    const db = openDatabase(dataDir);
    let lastReport = performance.now();
    try {
      log(`Scanning the music library in ${folder}…`);
      const summary = await importLibrary(db, dataDir, folder, {
        signal: controller.signal,
        onWarning: log,
        onProgress: ({ index, total, path, outcome, detail }) => {
          if (outcome === 'skipped') log(`library: skipped ${path}: ${detail}`);
          if (performance.now() - lastReport < PROGRESS_EVERY_MS) return;
          lastReport = performance.now();
          log(`library: ${index}/${total} files scanned`);
        },
      });
      log(summaryLine(summary));
      return summary;
    } catch (err) {
      log(`library scan failed: ${err instanceof Error ? err.message : String(err)}`);
      return undefined;
    } finally {
      db.close();
    }
  })();
  return {
    done,
    async stop() {
      controller.abort();
      await done;
    },
  };
}
