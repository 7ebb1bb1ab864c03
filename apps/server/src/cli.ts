import { parseArgs } from 'node:util';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/connection.ts';
import { needsDemoLibrary, seedDemoLibrary } from './library/demo/index.ts';
import { startLibraryScan } from './library/import/background-scan.ts';
import { importCommand } from './library/import/command.ts';
import { startServer } from './server.ts';

const USAGE = `usage: cloudtune <command>

  serve            start the music server (PORT, HOST, CLOUDTUNE_DATA, CLOUDTUNE_API_ONLY, CLOUDTUNE_WEB_DIST)
  seed [--songs N] [--seed N]
                   build the demo library in CLOUDTUNE_DATA if it is empty (serve does this too)
  import <folder>  import or rescan a music folder (mp3, flac, ogg/opus, m4a, wav + .lrc) into CLOUDTUNE_DATA;
                   serve rescans CLOUDTUNE_LIBRARY in the background after each start`;

async function serve(): Promise<void> {
  const config = loadConfig();
  const { app } = await startServer(config);
  // After listening, so start-up stays fast; logged to stderr (stdout is the one serving line).
  const scan = config.libraryDir ? startLibraryScan(config.dataDir, config.libraryDir, (line) => console.error(line)) : undefined;
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

function seed(args: string[]): void {
  const { values } = parseArgs({ args, options: { songs: { type: 'string' }, seed: { type: 'string' } } });
  const toInt = (name: string, text: string | undefined) => {
    if (text === undefined) return undefined;
    const n = Number(text);
    if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer`);
    return n;
  };
  const config = loadConfig();
  const db = openDatabase(config.dataDir);
  try {
    if (!needsDemoLibrary(db)) {
      console.log(`The library in ${config.dataDir} is not empty; nothing to do.`);
      return;
    }
    const started = performance.now();
    const summary = seedDemoLibrary(db, { songCount: toInt('songs', values.songs), seed: toInt('seed', values.seed) });
    console.log(
      `Seeded the demo library in ${config.dataDir}: ${summary.artists} artists, ${summary.albums} albums, ` +
        `${summary.songs} songs, ${summary.playlists} playlists (${Math.round(performance.now() - started)} ms).`,
    );
  } finally {
    db.close();
  }
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command === 'serve') return serve();
  if (command === 'seed') return seed(rest);
  if (command === 'import') {
    await importCommand(rest, loadConfig());
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
