import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Storage } from './storage.ts';

/**
 * A storage budget over objects that can be made again (resized images, generated art): an
 * index in memory of every cached object, least recently used first, filled by one listing of
 * the prefixes at start (what is in storage counts, whoever put it there). Adding an object past
 * the budget deletes the least recently used ones. Objects for which `evictable` is false (e.g.
 * covers taken from a user's music) are never counted or deleted.
 */
export class DiskCache {
  readonly #files = new Map<string, number>();
  #total = 0;
  readonly #loaded: Promise<void>;

  constructor(
    readonly storage: Storage,
    readonly prefixes: readonly string[],
    readonly budgetBytes: number,
    readonly evictable: (key: string) => boolean = () => true,
  ) {
    this.#loaded = Promise.all(prefixes.map((p) => this.#scan(p))).then(() => this.#evict(undefined));
    this.#loaded.catch(() => {});
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

  /** Marks a cached object as just used (most recent). */
  touch(path: string): void {
    const size = this.#files.get(path);
    if (size === undefined) return;
    this.#files.delete(path);
    this.#files.set(path, size);
  }

  /** Records a new object, then deletes least recently used ones (never this one) beyond the budget. */
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
      await this.storage.delete(path);
    }
  }

  async #scan(prefix: string): Promise<void> {
    const found: { key: string; size: number; usedMs: number }[] = [];
    for await (const { key, size, mtimeMs } of this.storage.list(prefix)) {
      if (this.evictable(key)) found.push({ key, size, usedMs: mtimeMs });
    }
    // Oldest first: the order objects were last used in before the restart (as far as storage knows).
    found.sort((a, b) => a.usedMs - b.usedMs);
    for (const f of found) {
      this.#files.set(f.key, f.size);
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
