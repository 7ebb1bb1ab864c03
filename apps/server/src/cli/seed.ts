import { parseArgs } from 'node:util';
import type { Config } from '../config.ts';
import { openDatabase } from '../db/connection.ts';
import { needsDemoLibrary, seedDemoLibrary } from '../content/demo/index.ts';

/** A million songs seed in about a minute into a ~600 MB database; more is a typo, not a wish. */
export const MAX_SEED_SONGS = 1_000_000;
const MAX_SEED = 2 ** 31 - 1;

/** `--name` as an integer in [min, max], or undefined when absent; a readable error otherwise. */
function intOption(name: string, text: string | undefined, min: number, max: number): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!/^\s*\d+\s*$/.test(text) || !Number.isSafeInteger(n) || n < min || n > max) {
    throw new Error(`--${name} must be an integer from ${min} to ${max.toLocaleString('en-US')}, got "${text}"`);
  }
  return n;
}

/** `cloudtune seed [--songs N] [--seed N]`: builds the demo library into an empty data directory. */
export async function seedCommand(args: string[], config: Config, print: (line: string) => void = console.log): Promise<void> {
  const { values } = parseArgs({ args, options: { songs: { type: 'string' }, seed: { type: 'string' } } });
  // Checked before the data directory is opened: a bad value creates nothing.
  const songCount = intOption('songs', values.songs, 1, MAX_SEED_SONGS);
  const seed = intOption('seed', values.seed, 0, MAX_SEED);
  const db = await openDatabase(config.dataDir, { url: config.databaseUrl });
  try {
    if (!(await needsDemoLibrary(db))) {
      print(`The library in ${config.dataDir} is not empty; nothing to do.`);
      return;
    }
    const started = performance.now();
    const summary = await seedDemoLibrary(db, { songCount, seed });
    print(
      `Seeded the demo library in ${config.dataDir}: ${summary.artists} artists, ${summary.albums} albums, ` +
        `${summary.songs} songs, ${summary.playlists} playlists (${Math.round(performance.now() - started)} ms).`,
    );
  } finally {
    await db.close();
  }
}
