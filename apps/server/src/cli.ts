import { loadConfig } from './config.ts';

const USAGE = `usage: cloudtune <command>

  serve            start the music server (PORT, HOST, CLOUDTUNE_DEMO, CLOUDTUNE_DATA, CLOUDTUNE_API_ONLY, CLOUDTUNE_WEB_DIST)
  seed [--songs N] [--seed N]
                   build the demo library in CLOUDTUNE_DATA if it is empty (serve does this too);
                   N songs from 1 to 1,000,000 (default 480)
  import <folder>  import or rescan a music folder (mp3, flac, ogg/opus, m4a, wav + .lrc) into CLOUDTUNE_DATA;
                   serve rescans CLOUDTUNE_LIBRARY in the background after each start
  migrate --to <postgres://…> [--storage s3://bucket/prefix] [--include-caches] [--restart]
                   copy the library of CLOUDTUNE_DATA into PostgreSQL (and its files into S3), then
                   compare both sides; the source is only read. --to and --storage default to
                   CLOUDTUNE_DATABASE_URL and CLOUDTUNE_STORAGE_URL; S3 is reached with the variables
                   serve reads. Ctrl-C stops it; run it again to go on where it stopped`;

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  // Each command loads only what it needs: the server never loads the importer's tag parsers.
  if (command === 'serve') return (await import('./cli/serve.ts')).serveCommand(loadConfig());
  if (command === 'seed') return await (await import('./cli/seed.ts')).seedCommand(rest, loadConfig());
  if (command === 'import') {
    await (await import('./cli/import.ts')).importCommand(rest, loadConfig());
    return;
  }
  if (command === 'migrate') {
    await (await import('./cli/migrate.ts')).migrateCommand(rest);
    return;
  }
  console.log(USAGE);
  if (command !== 'help' && command !== '--help') process.exitCode = 1;
}

main(process.argv.slice(2)).catch((err: unknown) => {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') console.error('Cloudtune: the port is already in use; set PORT to another one.');
  else console.error('Cloudtune:', err instanceof Error ? err.message : err);
  process.exit(1);
});
