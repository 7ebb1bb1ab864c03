import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, importFolder, openDatabase, type Db } from '@cloudtune/server';
import { fmt } from './process-stats.ts';

/** CPU seconds this process's ended children (the measuring ffmpegs) have used, from /proc/self/stat. */
function childCpuSeconds(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

/**
 * Even loudness (decision 0046): how fast the server measures songs in the background, and that
 * it slows neither an import nor playback — each beside the same work with the measurement off,
 * in the same run, alternating.
 */
const FILES = Number(process.env.BENCH_LOUDNESS_FILES ?? 40);
const SONG_SECONDS = 60;
const PLAYS = Number(process.env.BENCH_LOUDNESS_PLAYS ?? 120);
const ROUNDS = 2;
/** The goals: a 10,000-song library of 4-minute songs measured in a night on one core (≥ 100× real time); imports and plays as fast with it as without (≥ 90 %). */
const GOAL_REALTIME = 100;
const GOAL_KEPT = 0.9;

function ffmpeg(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args], { stdio: 'ignore' });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited ${code}`))));
  });
}

/** A folder of untagged songs (pink noise at levels 2 dB apart), half MP3 and half FLAC, ten an album. */
async function musicFolder(root: string): Promise<void> {
  for (let i = 0; i < FILES; i += 2) {
    await Promise.all(
      [i, i + 1].map(async (n) => {
        const dir = join(root, `Artist ${n % 3}`, `Album ${Math.floor(n / 10)}`);
        mkdirSync(dir, { recursive: true });
        const level = -(8 + (n % 10) * 2);
        const source = ['-f', 'lavfi', '-i', `anoisesrc=color=pink:amplitude=0.5:duration=${SONG_SECONDS}:seed=${n}`];
        const meta = [
          '-metadata',
          `title=Song ${n}`,
          '-metadata',
          `artist=Artist ${n % 3}`,
          '-metadata',
          `album=Album ${Math.floor(n / 10)}`,
        ];
        const audio = ['-af', `volume=${level}dB`, '-ac', '2', '-ar', '44100', ...meta];
        await ffmpeg(n % 2 ? [...source, ...audio, '-b:a', '192k', join(dir, `${n}.mp3`)] : [...source, ...audio, join(dir, `${n}.flac`)]);
      }),
    );
  }
}

const pendingOf = async (db: Db): Promise<number> =>
  (await db.prepare<[], number>('SELECT COUNT(*) FROM loudness_queue').pluck().get()) ?? 0;
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** A server (this process) over a fresh data directory, measuring or not, and the folder imported into it. */
async function importRun(music: string, measureLoudness: boolean) {
  const dataDir = mkdtempSync(join(tmpdir(), 'cloudtune-bench-loudness-'));
  const app = await buildApp({ dataDir, demo: true, measureLoudness });
  const db = await openDatabase(dataDir);
  const started = performance.now();
  const summary = await importFolder(db, dataDir, music);
  const importS = (performance.now() - started) / 1000;
  return {
    app,
    db,
    filesPerS: summary.added / importS,
    started,
    async close() {
      await db.close();
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** `PLAYS` plays of the library's songs (/song/url, then the whole file), as a player makes them: CPU of this process and time to the first byte. */
async function playback(app: Awaited<ReturnType<typeof buildApp>>, db: Db) {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const ids = await db.prepare<[], number>('SELECT song_id FROM library_files ORDER BY song_id').pluck().all();
  const cpu = process.cpuUsage();
  const firstBytes: number[] = [];
  for (let i = 0; i < PLAYS; i++) {
    const id = ids[i % ids.length]!;
    const asked = performance.now();
    const url = ((await (await fetch(`${address}/api/song/url?id=${id}`)).json()) as { data: { url: string }[] }).data[0]!.url;
    const res = await fetch(url);
    const reader = res.body!.getReader();
    await reader.read();
    firstBytes.push(performance.now() - asked);
    while (!(await reader.read()).done);
  }
  const used = process.cpuUsage(cpu);
  return { cpuMsPerPlay: (used.user + used.system) / 1000 / PLAYS, firstByteMs: median(firstBytes) };
}

export async function measureLoudnessWork(): Promise<void> {
  if (FILES <= 0) return;
  console.log(`\n## Loudness (${FILES} untagged songs of ${SONG_SECONDS} s, ${ROUNDS} rounds; this process's server)`);
  const work = mkdtempSync(join(tmpdir(), 'cloudtune-bench-music-'));
  try {
    await musicFolder(work);
    const imports = { off: [] as number[], on: [] as number[] };
    const plays = { off: [] as { cpuMsPerPlay: number; firstByteMs: number }[], on: [] as { cpuMsPerPlay: number; firstByteMs: number }[] };
    const analysis: number[] = [];
    const cpuPerSong: number[] = [];
    const before = async () => {
      // The same import and plays with the measurement off.
      const off = await importRun(work, false);
      imports.off.push(off.filesPerS);
      plays.off.push(await playback(off.app, off.db));
      await off.close();
    };
    const after = async () => {
      // Measured in the background while the import runs and while the songs are played.
      const cpu = childCpuSeconds();
      const on = await importRun(work, true);
      imports.on.push(on.filesPerS);
      plays.on.push(await playback(on.app, on.db));
      while ((await pendingOf(on.db)) > 0) await new Promise((r) => setTimeout(r, 50));
      analysis.push(FILES / ((performance.now() - on.started) / 1000));
      await on.close();
      cpuPerSong.push((childCpuSeconds() - cpu) / FILES);
    };
    // Alternating which goes first, so neither always meets a cold disk cache.
    for (let round = 0; round < ROUNDS; round++) {
      for (const run of round % 2 ? [after, before] : [before, after]) await run();
    }
    const songsPerS = median(analysis);
    const perCore = SONG_SECONDS / median(cpuPerSong);
    console.log(
      `  background analysis: ${fmt(songsPerS, 2)} songs/s from the import's start (${fmt(songsPerS * SONG_SECONDS)}× real time on this machine's idle CPU) ` +
        `  rounds: ${analysis.map((x) => fmt(x, 2)).join(', ')}`,
    );
    console.log(
      `  its cost: ${fmt(median(cpuPerSong), 2)} CPU s a ${SONG_SECONDS} s song = ${fmt(perCore)}× real time per core (goal ≥ ${GOAL_REALTIME}×: ${perCore >= GOAL_REALTIME ? 'met' : 'MISSED'})`,
    );
    const [importOff, importOn] = [median(imports.off), median(imports.on)];
    console.log(
      `  import: ${fmt(importOff, 1)} files/s with the measurement off (baseline), ${fmt(importOn, 1)} files/s with it = ${fmt((importOn / importOff) * 100)} % (goal ≥ ${GOAL_KEPT * 100} %: ${importOn / importOff >= GOAL_KEPT ? 'met' : 'MISSED'})`,
    );
    const cpuOff = median(plays.off.map((p) => p.cpuMsPerPlay));
    const cpuOn = median(plays.on.map((p) => p.cpuMsPerPlay));
    const ttfbOff = median(plays.off.map((p) => p.firstByteMs));
    const ttfbOn = median(plays.on.map((p) => p.firstByteMs));
    console.log(
      `  playback (${PLAYS} plays): ${fmt(cpuOff, 2)} ms CPU a play and ${fmt(ttfbOff, 1)} ms to the first byte with it off (baseline); ` +
        `${fmt(cpuOn, 2)} ms and ${fmt(ttfbOn, 1)} ms while measuring (goal: within ${Math.round((1 / GOAL_KEPT - 1) * 100)} %: ${cpuOn <= cpuOff / GOAL_KEPT && ttfbOn <= ttfbOff / GOAL_KEPT ? 'met' : 'MISSED'})`,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
