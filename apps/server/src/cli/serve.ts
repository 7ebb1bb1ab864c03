import type { Config } from '../config.ts';
import { startBanner, startServer } from '../server.ts';

/**
 * `cloudtune serve`: listens, prints the one serving line (stdout) and whether it is a demo
 * (stderr), rescans CLOUDTUNE_LIBRARY, stops cleanly on a signal.
 */
export async function serveCommand(config: Config): Promise<void> {
  const { app } = await startServer(config);
  console.error(startBanner(config));
  if (app.storage.kind === 's3') console.error(`Media is kept in ${app.storage.location} (CLOUDTUNE_STORAGE_URL).`);
  // After listening, so start-up stays fast; logged to stderr (stdout is the one serving line).
  const scan = config.libraryDir
    ? await (
        await import('./import-scan.ts')
      ).startImportScan(config.dataDir, config.libraryDir, (line) => console.error(line), app.storage, config.databaseUrl)
    : undefined;
  let closing = false;
  const stop = (signal: string) => {
    if (closing) return;
    closing = true;
    Promise.all([scan?.stop(), app.close()]).then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(`error while stopping on ${signal}:`, err);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}
