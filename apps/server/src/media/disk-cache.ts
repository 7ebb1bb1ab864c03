import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * A disk budget over files that can be made again (resized images, generated art): an index in
 * memory of every cached file, least recently used first, filled by one scan of the folders at
 * start. Adding a file past the budget deletes the least recently used ones. Files for which
 * `evictable` is false (e.g. covers taken from a user's music) are never counted or deleted.
 */
export class DiskCache {
  readonly #files = new Map<string, number>();
  #total = 0;
  readonly #loaded: Promise<void>;

  constructor(
    readonly folders: readonly string[],
    readonly budgetBytes: number,
    readonly evictable: (path: string) => boolean = () => true,
  ) {
    this.#loaded = Promise.all(folders.map((f) => this.#scan(f))).then(() => this.#evict(undefined));
  }

  /** Resolves once the start-up scan is done. */
  ready(): Promise<void> {
    return this.#loaded;
  }

  get totalBytes(): number {
    return this.#total;
  }
  get count(): number {
    return this.#files.size;
  }

  /** Marks a cached file as just used (most recent). */
  touch(path: string): void {
    const size = this.#files.get(path);
    if (size === undefined) return;
    this.#files.delete(path);
    this.#files.set(path, size);
  }

  /** Records a new file, then deletes least recently used files (never this one) beyond the budget. */
  async add(path: string, size: number): Promise<void> {
    if (!this.evictable(path)) return;
    await this.#loaded;
    const before = this.#files.get(path);
    if (before !== undefined) this.#total -= before;
    this.#files.delete(path);
    this.#files.set(path, size);
    this.#total += size;
    await this.#evict(path);
  }

  /** Forgets a file deleted elsewhere. */
  forget(path: string): void {
    const size = this.#files.get(path);
    if (size === undefined) return;
    this.#files.delete(path);
    this.#total -= size;
  }

  async #evict(keep: string | undefined): Promise<void> {
    for (const [path, size] of this.#files) {
      if (this.#total <= this.budgetBytes) return;
      if (path === keep) continue;
      this.#files.delete(path);
      this.#total -= size;
      // A reader holding the file open keeps reading it; the next request makes it again.
      await rm(path, { force: true });
    }
  }

  async #scan(folder: string): Promise<void> {
    const entries = await readdir(folder, { withFileTypes: true, recursive: true }).catch(() => []);
    const found: { path: string; size: number; atimeMs: number }[] = [];
    for (const entry of entries) {
      if (!entry.isFile() || entry.name.endsWith('.tmp')) continue;
      const path = join(entry.parentPath ?? entry.path, entry.name);
      if (!this.evictable(path)) continue;
      const info = await stat(path).catch(() => undefined);
      if (info) found.push({ path, size: info.size, atimeMs: Math.max(info.atimeMs, info.mtimeMs) });
    }
    // Oldest first: the order files were last used in before the restart (as far as the disk knows).
    found.sort((a, b) => a.atimeMs - b.atimeMs);
    for (const f of found) {
      this.#files.set(f.path, f.size);
      this.#total += f.size;
    }
  }
}

/**
 * Deletes `.tmp` files a crashed process left behind (writes in progress are named
 * `<file>.<pid>-<random>.tmp`); those of a process still running are kept.
 */
export async function removeStrayTemporaries(folder: string): Promise<number> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true }).catch(() => []);
  let removed = 0;
  for (const entry of entries) {
    const pid = entry.isFile() ? /\.(\d+)-[0-9a-f]+\.tmp$/.exec(entry.name)?.[1] : undefined;
    if (pid === undefined || (Number(pid) !== process.pid && isRunning(Number(pid)))) continue;
    await rm(join(entry.parentPath ?? entry.path, entry.name), { force: true });
    removed++;
  }
  return removed;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
