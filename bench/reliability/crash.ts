import { crashImport } from './crash-import.ts';
import { crashServer } from './crash-server.ts';
import { line, section } from './report.ts';
import type { Rng } from './rng.ts';

/** Section 4: kill -9 an import and a rendering server at random moments; the data must survive. */
export async function runCrash(rng: Rng, opts: { files: number; rounds: number }): Promise<void> {
  section('4. Crash safety', `kill -9 at random moments, ${opts.rounds} times each`);
  await crashImport(rng, opts);
  line(`(b) server rendering demo songs and pictures, killed and restarted over the same data directory`);
  await crashServer(rng, opts);
}
