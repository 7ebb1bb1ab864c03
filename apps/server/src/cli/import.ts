import { relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Config } from '../config.ts';
import { openDatabase } from '../db/connection.ts';
import { needsDemoLibrary, seedDemoLibrary } from '../content/demo/index.ts';
import { importFolder, musicFolder, summaryLine, type ImportSummary } from '../content/import/import-folder.ts';
import { openStorage } from '../media/open-storage.ts';

/**
 * `cloudtune import <folder>`: imports or rescans a music folder into the library in
 * CLOUDTUNE_DATA, printing a line per written track and a summary; skipped files go to stderr.
 * A relative folder is taken from where npm was run (INIT_CWD), like CLOUDTUNE_DATA. The folder
 * is checked before the data directory is touched, so a typo never creates or seeds a library.
 * An empty data directory first gets the demo library, as `serve` would give it, so the home
 * page (banners, playlists) is not empty beside the imported music.
 */
export async function importCommand(args: string[], config: Config, env: NodeJS.ProcessEnv = process.env): Promise<ImportSummary> {
  const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
  if (positionals.length !== 1) throw new Error('usage: cloudtune import <music folder>');
  const folder = await musicFolder(resolve(env.INIT_CWD ?? process.cwd(), positionals[0]!));
  // Covers taken from the music go where the server keeps what it writes.
  const storage = await openStorage(config.storage, config.dataDir);
  await storage.check();
  const db = await openDatabase(config.dataDir, { url: config.databaseUrl });
  const controller = new AbortController();
  const stop = () => {
    console.error('Stopping after the current batch…');
    controller.abort();
  };
  process.once('SIGINT', stop);
  try {
    if (await needsDemoLibrary(db)) await seedDemoLibrary(db);
    const summary = await importFolder(db, config.dataDir, folder, {
      signal: controller.signal,
      storage,
      onWarning: (message) => console.error(message),
      onProgress: ({ index, total, path, outcome, detail }) => {
        const at = `[${index}/${total}]`;
        if (outcome === 'added') console.log(`${at} ${detail}`);
        else if (outcome === 'updated') console.log(`${at} ${detail} (updated)`);
        else if (outcome === 'skipped') console.error(`${at} skipped ${relative(folder, path) || path}: ${detail}`);
      },
    });
    console.log(summaryLine(summary));
    return summary;
  } finally {
    process.off('SIGINT', stop);
    await db.close();
    storage.close();
  }
}
