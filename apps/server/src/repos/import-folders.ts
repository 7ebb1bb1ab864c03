import type { Db } from '../db/connection.ts';

export interface ImportFolderRecord {
  /** real absolute path */
  path: string;
  addedAt: number;
  /** end of the last complete scan; null before one */
  lastScanAt: number | null;
}

/**
 * The import folders: the music folders imported into the catalog (table library_folders), what a
 * rescan walks again.
 */
export function createImportFolderRepo(db: Db) {
  const all = db.prepare<[], ImportFolderRecord>(
    'SELECT path, added_at AS addedAt, last_scan_at AS lastScanAt FROM library_folders ORDER BY path',
  );
  const add = db.prepare('INSERT INTO library_folders (path, added_at) VALUES (?, ?) ON CONFLICT (path) DO NOTHING');
  const scanned = db.prepare('UPDATE library_folders SET last_scan_at = ? WHERE path = ?');
  return {
    all: (): ImportFolderRecord[] => all.all(),
    /** Records a folder (a folder already known keeps its row). */
    add(path: string, now = Date.now()): void {
      add.run(path, now);
    },
    /** A scan of the folder went to its end. */
    scanned(path: string, now = Date.now()): void {
      scanned.run(now, path);
    },
  };
}
export type ImportFolderRepo = ReturnType<typeof createImportFolderRepo>;
