import type { Db } from '../../db/connection.ts';
import type { Storage } from '../../media/storage.ts';
import { importFolder, summaryLine, type ImportSummary } from './import-folder.ts';

/** One progress line per this many milliseconds: a 10,000-file scan must not flood the log. */
const PROGRESS_EVERY_MS = 2000;

/**
 * The importer as an import scan runs it while the server serves (CLOUDTUNE_LIBRARY at start,
 * Subsonic's startScan): one folder, every file reported to `onProgress` as it is seen, and
 * `log` told the start, skipped files, progress every few seconds and the summary. Covers taken
 * from the files go to `storage`.
 */
export function folderScanner(db: Db, dataDir: string, log: (line: string) => void, storage?: Storage) {
  return async (
    folder: string,
    { signal, onProgress }: { signal: AbortSignal; onProgress: (progress: { index: number; total: number }) => void },
  ): Promise<ImportSummary> => {
    let lastReport = performance.now();
    log(`Scanning the music library in ${folder}…`);
    const summary = await importFolder(db, dataDir, folder, {
      signal,
      ...(storage ? { storage } : {}),
      onWarning: log,
      onProgress: ({ index, total, path, outcome, detail }) => {
        onProgress({ index, total });
        if (outcome === 'skipped') log(`library: skipped ${path}: ${detail}`);
        if (performance.now() - lastReport < PROGRESS_EVERY_MS) return;
        lastReport = performance.now();
        log(`library: ${index}/${total} files scanned`);
      },
    });
    log(summaryLine(summary));
    return summary;
  };
}
