import type { Database } from '../db/database.ts';

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
export function createImportFolderRepo(db: Database) {
  const all = db.prepare<[], ImportFolderRecord>(
    'SELECT path, added_at AS addedAt, last_scan_at AS lastScanAt FROM library_folders ORDER BY path',
  );
  const add = db.prepare('INSERT INTO library_folders (path, added_at) VALUES (?, ?) ON CONFLICT (path) DO NOTHING');
  const scanned = db.prepare('UPDATE library_folders SET last_scan_at = ? WHERE path = ?');
  return {
    all: async (): Promise<ImportFolderRecord[]> => await all.all(),
    /** Records a folder (a folder already known keeps its row). */
    async add(path: string, now = Date.now()): Promise<void> {
      await add.run(path, now);
    },
    /** A scan of the folder went to its end. */
    async scanned(path: string, now = Date.now()): Promise<void> {
      await scanned.run(now, path);
    },
  };
}
export type ImportFolderRepo = Awaited<ReturnType<typeof createImportFolderRepo>>;
