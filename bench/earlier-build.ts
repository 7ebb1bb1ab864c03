import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The last commit whose repositories were synchronous (the one before the async Database interface). */
export const LAST_SYNCHRONOUS_BUILD = '79acc49';

const repository = fileURLToPath(new URL('../', import.meta.url));

/**
 * A checkout of `commit` with its server built, beside this one (a detached git worktree sharing
 * this checkout's node_modules), for benches that compare builds; `remove()` deletes it. Null
 * when this checkout has no git history holding the commit (an exported copy).
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
    symlinkSync(join(repository, 'node_modules'), join(root, 'node_modules'));
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: join(root, 'apps/server'), stdio: 'ignore' });
    return { root, remove };
  } catch (err) {
    remove();
    throw err;
  }
}
