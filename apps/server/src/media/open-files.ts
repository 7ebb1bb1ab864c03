import { close, open } from 'node:fs';
import { stat } from 'node:fs/promises';
import { promisify } from 'node:util';

const openFd = promisify(open);
const closeFd = promisify(close);

/** A media file held open for reading; `release()` once the response is done with it. */
export interface OpenFile {
  fd: number;
  size: number;
  mtimeMs: number;
  release(): void;
}

interface Entry {
  fd: number;
  size: number;
  mtimeMs: number;
  ino: number;
  /** when the path was last stat'ed; within `recheckMs` the entry is trusted as is */
  checkedAt: number;
  refs: number;
  /** replaced or evicted: closed as soon as the last reader releases it */
  retired: boolean;
}

export interface OpenFilesOptions {
  /** how many files stay open (each costs one descriptor) */
  maxOpen?: number;
  /** how long a stat stays trusted: a file replaced on disk is noticed within this time */
  recheckMs?: number;
}

/**
 * Keeps media files open between requests, so streaming a song costs no open/stat/close per
 * request: at most one stat per path every `recheckMs`. A file replaced on disk (new inode,
 * size or mtime) gets a fresh descriptor; the old one closes once its readers are done.
 * Least recently used descriptors beyond `maxOpen` are closed.
 */
export class OpenFiles {
  readonly #entries = new Map<string, Entry>();
  readonly #maxOpen: number;
  readonly #recheckMs: number;

  constructor({ maxOpen = 256, recheckMs = 1000 }: OpenFilesOptions = {}) {
    this.#maxOpen = maxOpen;
    this.#recheckMs = recheckMs;
  }

  /** Opens (or reuses) `path`; rejects like fs.stat/open when it is missing. */
  async acquire(path: string): Promise<OpenFile> {
    const now = performance.now();
    let entry = this.#entries.get(path);
    if (!entry || now - entry.checkedAt >= this.#recheckMs) entry = await this.#refresh(path, now);
    // Most recently used last: Map keeps insertion order.
    this.#entries.delete(path);
    this.#entries.set(path, entry);
    entry.refs++;
    let released = false;
    const held = entry;
    return {
      fd: held.fd,
      size: held.size,
      mtimeMs: held.mtimeMs,
      release: () => {
        if (released) return;
        released = true;
        held.refs--;
        if (held.retired && held.refs === 0) void closeFd(held.fd).catch(() => {});
      },
    };
  }

  /** Forgets `path` (deleted or rewritten by us); readers in flight keep their descriptor. */
  forget(path: string): void {
    const entry = this.#entries.get(path);
    if (!entry) return;
    this.#entries.delete(path);
    this.#retire(entry);
  }

  /** Closes every descriptor not in use (on shutdown). */
  closeAll(): void {
    for (const entry of this.#entries.values()) this.#retire(entry);
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }

  async #refresh(path: string, now: number): Promise<Entry> {
    const info = await stat(path);
    const current = this.#entries.get(path);
    if (current && current.ino === info.ino && current.size === info.size && current.mtimeMs === info.mtimeMs) {
      current.checkedAt = now;
      return current;
    }
    const fd = await openFd(path, 'r');
    // Another request may have opened it meanwhile: keep one descriptor per path.
    const raced = this.#entries.get(path);
    if (raced && raced !== current && raced.ino === info.ino && raced.size === info.size && raced.mtimeMs === info.mtimeMs) {
      void closeFd(fd).catch(() => {});
      return raced;
    }
    if (raced) this.#retire(raced);
    const entry: Entry = { fd, size: info.size, mtimeMs: info.mtimeMs, ino: info.ino, checkedAt: now, refs: 0, retired: false };
    this.#entries.set(path, entry);
    this.#trim();
    return entry;
  }

  #retire(entry: Entry): void {
    if (entry.retired) return;
    entry.retired = true;
    if (entry.refs === 0) void closeFd(entry.fd).catch(() => {});
  }

  #trim(): void {
    for (const [path, entry] of this.#entries) {
      if (this.#entries.size <= this.#maxOpen) return;
      this.#entries.delete(path);
      this.#retire(entry);
    }
  }
}
