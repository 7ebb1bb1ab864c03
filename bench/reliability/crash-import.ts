import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { integrity, libraryCounts, NO_DATABASE, tmpFiles, type LibraryCounts } from './crash-checks.ts';
import { makeMusicFolder } from './music-folder.ts';
import { fmtInt, fmtMs, goal, line } from './report.ts';
import type { Rng } from './rng.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

interface ImportRun {
  ended: string;
  ms: number;
  /** when the database file appeared, ms after the spawn (the import's work starts there) */
  dbAtMs: number;
  /** the last `[n/N]` progress line printed before it ended */
  progress: string;
  stderr: string;
}

/** `cloudtune import <folder>` as a user runs it; SIGKILLed `killAfterDbMs` after its database appears, if given. */
function runImport(dataDir: string, folder: string, killAfterDbMs?: number): Promise<ImportRun> {
  const start = performance.now();
  const child = spawn(process.execPath, ['apps/server/dist/cli.js', 'import', folder], {
    cwd: repoRoot,
    env: { ...process.env, CLOUDTUNE_DATA: dataDir, INIT_CWD: repoRoot },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let progress = 'none';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => {
    const all = [...d.matchAll(/^\[(\d+\/\d+)\]/gm)];
    if (all.length) progress = all[all.length - 1]![1]!;
  });
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(-2000)));
  let timer: NodeJS.Timeout | undefined;
  let dbAtMs = NaN;
  const db = join(dataDir, 'cloudtune.db');
  const watch = setInterval(() => {
    if (!Number.isNaN(dbAtMs) || !existsSync(db)) return;
    dbAtMs = performance.now() - start;
    if (killAfterDbMs !== undefined) timer = setTimeout(() => child.kill('SIGKILL'), killAfterDbMs);
  }, 2);
  return new Promise((resolve) =>
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      clearInterval(watch);
      resolve({ ended: signal ? `killed (${signal})` : `exit ${code}`, ms: performance.now() - start, dbAtMs, progress, stderr });
    }),
  );
}

const same = (a: LibraryCounts | string, b: LibraryCounts | string): boolean => JSON.stringify(a) === JSON.stringify(b);
const show = (c: LibraryCounts | string): string =>
  typeof c === 'string' ? c : `${c.songs} songs (${c.importedFiles} imported files), ${c.albums} albums, ${c.artists} artists`;

/**
 * Part (a): a music-folder import SIGKILLed at random moments. Each round imports into a fresh
 * data directory, kills the import, checks the database, then runs the import to completion and
 * compares the library with an uninterrupted import of the same folder.
 */
export async function crashImport(rng: Rng, opts: { files: number; rounds: number }): Promise<void> {
  const workDir = mkdtempSync(join(tmpdir(), 'cloudtune-crash-import-'));
  try {
    const folder = join(workDir, 'music');
    let start = performance.now();
    await makeMusicFolder(folder, opts.files);
    line(`(a) import: ${opts.files} tagged MP3s made with ffmpeg in ${fmtMs(performance.now() - start)}`);

    const reference = join(workDir, 'reference');
    const full = await runImport(reference, folder);
    const expected = libraryCounts(reference);
    line(
      `    uninterrupted import: ${full.ended} in ${fmtMs(full.ms)} (database created at ${fmtMs(full.dbAtMs)}, progress ${full.progress}); ${show(expected)}`,
    );
    // Kill moments fall between the database's creation and the end of the work: before it there is nothing to break.
    const work = Math.max(50, Math.round(full.ms - (Number.isFinite(full.dbAtMs) ? full.dbAtMs : 0)));
    if (full.ended !== 'exit 0') line(`    its stderr: ${full.stderr.trim()}`);

    let badIntegrity = 0;
    let badCounts = 0;
    let failedRuns = 0;
    let round = 0;
    // A round whose import finished before its kill moment is not a kill: draw again (a bounded number of times).
    for (let attempt = 1; round < opts.rounds && attempt <= opts.rounds * 3; attempt++) {
      const dataDir = join(workDir, `attempt-${attempt}`);
      const killAt = rng.int(0, work);
      const killed = await runImport(dataDir, folder, killAt);
      if (killed.ended === 'exit 0') {
        line(`    (import finished before its kill at +${fmtMs(killAt)}; drawn again)`);
        rmSync(dataDir, { recursive: true, force: true });
        continue;
      }
      round++;
      const afterKill = integrity(dataDir);
      start = performance.now();
      const rerun = await runImport(dataDir, folder);
      const afterRerun = integrity(dataDir);
      const counts = libraryCounts(dataDir);
      const intact = (check: string) => check === 'ok' || check === NO_DATABASE;
      const ok = intact(afterKill) && afterRerun === 'ok' && same(counts, expected) && rerun.ended === 'exit 0';
      if (!intact(afterKill) || afterRerun !== 'ok') badIntegrity++;
      if (!same(counts, expected)) badCounts++;
      if (rerun.ended !== 'exit 0') failedRuns++;
      const tmp = tmpFiles(join(dataDir, 'media'));
      line(
        `    round ${String(round).padStart(2)}: killed ${fmtMs(killAt).padStart(7)} after the database appeared (${killed.ended}, progress ${killed.progress}); integrity ${afterKill}; ` +
          `re-run ${rerun.ended} in ${fmtMs(rerun.ms)}; integrity ${afterRerun}; ${ok ? 'library as expected' : `library: ${show(counts)}`}${tmp.length ? `; ${tmp.length} .tmp files` : ''}`,
      );
      if (rerun.ended !== 'exit 0') line(`      re-run stderr: ${rerun.stderr.trim().slice(-400)}`);
      rmSync(dataDir, { recursive: true, force: true });
    }
    goal(`import: ${opts.rounds} kills`, round === opts.rounds, `${round} imports killed mid-way`);
    goal('import: integrity_check = ok after every kill and re-run', badIntegrity === 0, `${badIntegrity} of ${round} rounds not ok`);
    goal(
      `import: re-run completes and the library equals an uninterrupted import (${fmtInt(opts.files)} files)`,
      badCounts === 0 && failedRuns === 0 && typeof expected !== 'string' && expected.importedFiles === opts.files,
      `${badCounts} rounds differ, ${failedRuns} re-runs failed; reference ${show(expected)}`,
    );
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}
