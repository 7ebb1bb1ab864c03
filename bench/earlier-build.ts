import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The last commit whose repositories were synchronous (the one before the async Database interface). */
export const LAST_SYNCHRONOUS_BUILD = '79acc49';

const repository = fileURLToPath(new URL('../', import.meta.url));

/**
 * A checkout of `commit` with its server built, beside this one (a detached git worktree sharing
 * this checkout's npm packages, see linkPackages), for benches that compare builds; `remove()`
 * deletes it. Null when this checkout has no git history holding the commit (an exported copy).
 */
export function earlierBuild(commit: string): { root: string; remove(): void } | null {
  const git = (...args: string[]) =>
    execFileSync('git', ['-C', repository, ...args], { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  try {
    git('cat-file', '-e', `${commit}^{commit}`);
  } catch {
    return null;
  }
  const root = join(mkdtempSync(join(tmpdir(), 'cloudtune-bench-build-')), 'checkout');
  git('worktree', 'add', '--detach', root, commit);
  const remove = () => {
    git('worktree', 'remove', '--force', root);
    rmSync(join(root, '..'), { recursive: true, force: true });
  };
  try {
    linkPackages(root);
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: join(root, 'apps/server'), stdio: 'ignore' });
    return { root, remove };
  } catch (err) {
    remove();
    throw err;
  }
}

/**
 * The checkout's node_modules: a link to each of this checkout's npm packages (both builds run on
 * the same dependencies, so only our code differs), but the workspaces (@cloudtune/…) linked the
 * way npm links them, relative to node_modules, so the checkout bundles its own.
 */
function linkPackages(root: string): void {
  const ours = join(repository, 'node_modules');
  const theirs = join(root, 'node_modules');
  mkdirSync(join(theirs, '@cloudtune'), { recursive: true });
  for (const name of readdirSync(ours)) if (name !== '@cloudtune') symlinkSync(join(ours, name), join(theirs, name));
  for (const name of readdirSync(join(ours, '@cloudtune')))
    symlinkSync(readlinkSync(join(ours, '@cloudtune', name)), join(theirs, '@cloudtune', name));
}
