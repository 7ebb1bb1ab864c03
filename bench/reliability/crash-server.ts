import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { integrity, processesUsing, tmpFiles } from './crash-checks.ts';
import { fmtMs, goal, line } from './report.ts';
import type { Rng } from './rng.ts';
import { launchServer, type ServerUnderTest } from './server-process.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const IMAGE_SIZES = [64, 100, 180, 300, 500, 640, 1000];

/** Starts renders nobody asked for before: songs never played and pictures at new ids and sizes. */
function startRenders(server: ServerUnderTest, rng: Rng, asked: Set<string>): Promise<string>[] {
  const fresh = (make: () => string) => {
    for (;;) {
      const path = make();
      if (!asked.has(path)) {
        asked.add(path);
        return path;
      }
    }
  };
  const paths = [
    ...Array.from({ length: 3 }, () => fresh(() => `/api/media/audio/${rng.int(20, 480)}.mp3`)),
    ...Array.from({ length: 4 }, () =>
      fresh(() => {
        const side = rng.pick(IMAGE_SIZES);
        return `/api/media/image/${rng.pick(['album', 'playlist', 'artist'])}/${rng.int(1, 36)}.jpg?param=${side}y${side}`;
      }),
    ),
  ];
  // A kill can cut a request off before its answer or in the middle of its body: both are 'cut off'.
  return paths.map(async (p) => {
    try {
      const r = await fetch(`${server.base}${p}`);
      return `${r.status} (${(await r.arrayBuffer()).byteLength} B)`;
    } catch {
      return 'cut off';
    }
  });
}

/** Seconds of audio in a file, by ffprobe; NaN when it cannot tell. */
function durationOf(file: string): number {
  const r = spawnSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], { encoding: 'utf8' });
  return r.status === 0 ? Number(r.stdout.trim()) : NaN;
}

/** Rendered songs whose file is shorter or longer than the song (a render cut short and kept). */
async function incompleteSongs(server: ServerUnderTest): Promise<{ checked: number; bad: string[] }> {
  const dir = join(server.dataDir, 'media', 'audio');
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((n) => /^\d+\.mp3$/.test(n));
  } catch {
    return { checked: 0, bad: [] };
  }
  const bad: string[] = [];
  for (const name of names) {
    const id = Number(name.split('.')[0]);
    const detail = (await fetch(`${server.base}/api/song/detail?ids=${id}`)
      .then((r) => r.json())
      .catch(() => ({ songs: [] }))) as { songs: { dt: number }[] };
    const expected = (detail.songs[0]?.dt ?? NaN) / 1000;
    const actual = durationOf(join(dir, name));
    if (Number.isFinite(actual) && Math.abs(actual - expected) > 1.5)
      bad.push(`song ${id}: ${actual.toFixed(1)} s of ${expected.toFixed(1)} s`);
  }
  return { checked: names.length, bad };
}

/**
 * Part (b): the server SIGKILLed while it renders songs and pictures, restarted each time over the
 * same data directory. After the last restart: the database, stray `.tmp` files, orphaned encoders
 * and whether every song file kept is whole.
 */
export async function crashServer(rng: Rng, opts: { rounds: number }): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cloudtune-crash-server-'));
  const media = join(dataDir, 'media');
  let server = await launchServer(dataDir);
  const asked = new Set<string>();
  let restarts = 0;
  try {
    for (let round = 1; round <= opts.rounds; round++) {
      const renders = startRenders(server, rng, asked);
      const killAt = rng.int(200, 3000);
      await sleep(killAt);
      await server.kill();
      const outcomes = await Promise.all(renders);
      const tmpAfterKill = tmpFiles(media).length;
      const orphans = processesUsing(dataDir);
      const start = performance.now();
      server = await launchServer(dataDir);
      restarts++;
      line(
        `    round ${String(round).padStart(2)}: killed at ${fmtMs(killAt).padStart(8)}; ${outcomes.filter((o) => o === 'cut off').length} of ${outcomes.length} renders cut off; ` +
          `${tmpAfterKill} .tmp files and ${orphans.length} orphaned processes right after the kill; restarted in ${fmtMs(performance.now() - start)}`,
      );
    }
    await sleep(3000);
    const check = integrity(dataDir);
    const tmp = tmpFiles(media);
    const orphans = processesUsing(dataDir).filter((p) => !p.startsWith(`${server.pid} `));
    const songs = await incompleteSongs(server);
    line(
      `    after the last restart (+3 s): integrity ${check}; ${tmp.length} .tmp files${tmp.length ? `: ${tmp.slice(0, 10).join(', ')}` : ''}`,
    );
    if (orphans.length) line(`    processes still using the data directory: ${orphans.join(' | ')}`);
    goal('server: 10 kills, 10 restarts', restarts === opts.rounds, `${restarts} of ${opts.rounds} restarts listened`);
    goal('server: integrity_check = ok after the last restart', check === 'ok', check);
    goal('server: no *.tmp left under <data>/media after the restart', tmp.length === 0, `${tmp.length} .tmp files`);
    goal(
      'server: every song file kept is whole (ffprobe duration = the song, ±1.5 s)',
      songs.bad.length === 0,
      `${songs.bad.length} of ${songs.checked} rendered songs wrong${songs.bad.length ? `: ${songs.bad.slice(0, 5).join('; ')}` : ''}`,
    );
  } finally {
    await server.stop();
  }
}
