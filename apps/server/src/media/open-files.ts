import { close, open, read } from 'node:fs';
import { stat } from 'node:fs/promises';
import { promisify } from 'node:util';

const openFd = promisify(open);
const closeFd = promisify(close);
const readFd = promisify(read);

/** A media file held open for reading; `release()` once the response is done with it. */
export interface OpenFile {
  fd: number;
  size: number;
  mtimeMs: number;
  /** the whole file, when it is hot enough to be kept in memory (see OpenFiles) */
  bytes: Buffer | undefined;
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
  /** requests since the entry was opened */
  hits: number;
  lastUsed: number;
  /** the file's content, kept while it is hot */
  bytes?: Buffer;
  loading?: boolean;
}

export interface OpenFilesOptions {
  /** how many files stay open (each costs one descriptor) */
  maxOpen?: number;
  /** how long a stat stays trusted: a file replaced on disk is noticed within this time */
  recheckMs?: number;
  /** memory for hot files' content; 0 keeps none */
  hotBytes?: number;
  /** files larger than this are always streamed from disk */
  hotFileMaxBytes?: number;
}

/** A file asked for this many times while open is hot: the next requests are served from memory. */
const HOT_AFTER_HITS = 3;
/** Content unused for this long is let go, so memory at rest stays low. */
const HOT_IDLE_MS = 60_000;

/**
 * Keeps media files open between requests, so streaming a song costs no open/stat/close per
 * request: at most one stat per path every `recheckMs`. A file replaced on disk (new inode,
 * size or mtime) gets a fresh descriptor; the old one closes once its readers are done.
 * Least recently used descriptors beyond `maxOpen` are closed, except those being read: the
 * ones beyond the budget (`beyondBudget`) count against the server's connection cap, so slow
 * readers cannot run the process out of descriptors.
 *
 * Hot files — a song a player is fetching in ranges, a cover on every screen — are also kept in
 * memory (within `hotBytes`, least recently used dropped first, and let go after a minute
 * unused): answering from memory costs neither a read into a fresh buffer nor the garbage it
 * leaves, which is what lets Node keep up with a static server here.
 */
export class OpenFiles {
  readonly #entries = new Map<string, Entry>();
  readonly #maxOpen: number;
  readonly #recheckMs: number;
  readonly #hotBudget: number;
  readonly #hotFileMax: number;
  #hotTotal = 0;
  /** retired entries still open because a reader holds them */
  #lingering = 0;
  readonly #sweeper: ReturnType<typeof setInterval>;

  constructor({ maxOpen = 256, recheckMs = 1000, hotBytes = 16 * 1024 * 1024, hotFileMaxBytes = 4 * 1024 * 1024 }: OpenFilesOptions = {}) {
    this.#maxOpen = maxOpen;
    this.#recheckMs = recheckMs;
    this.#hotBudget = hotBytes;
    this.#hotFileMax = hotFileMaxBytes;
    this.#sweeper = setInterval(() => this.#dropIdle(), HOT_IDLE_MS / 2);
    this.#sweeper.unref();
  }

  /** Bytes of file content held in memory. */
  get hotBytes(): number {
    return this.#hotTotal;
  }

  /** Descriptors open beyond `maxOpen`: files being read that could not be closed yet. */
  get beyondBudget(): number {
    return Math.max(0, this.#entries.size + this.#lingering - this.#maxOpen);
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
    entry.hits++;
    entry.lastUsed = now;
    if (entry.hits >= HOT_AFTER_HITS && !entry.bytes) this.#warm(entry);
    let released = false;
    const held = entry;
    return {
      fd: held.fd,
      size: held.size,
      mtimeMs: held.mtimeMs,
      bytes: held.bytes,
      release: () => {
        if (released) return;
        released = true;
        held.refs--;
        if (held.refs > 0) return;
        if (held.retired) this.#closeRetired(held);
        else if (this.#entries.size > this.#maxOpen) this.#trim();
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
    clearInterval(this.#sweeper);
    for (const entry of this.#entries.values()) this.#retire(entry);
    this.#entries.clear();
  }

  /** Reads a hot file into memory in the background; requests meanwhile stream from disk. */
  #warm(entry: Entry): void {
    if (entry.loading || entry.retired || entry.size > this.#hotFileMax || entry.size > this.#hotBudget) return;
    entry.loading = true;
    entry.refs++;
    const bytes = Buffer.allocUnsafe(entry.size);
    readFd(entry.fd, bytes, 0, entry.size, 0)
      .then(({ bytesRead }) => {
        if (bytesRead !== entry.size || entry.retired) return;
        entry.bytes = bytes;
        this.#hotTotal += bytes.length;
        this.#trimHot(entry);
      })
      .catch(() => {})
      .finally(() => {
        entry.loading = false;
        entry.refs--;
        if (entry.retired && entry.refs === 0) this.#closeRetired(entry);
      });
  }

  #dropBytes(entry: Entry): void {
    if (!entry.bytes) return;
    this.#hotTotal -= entry.bytes.length;
    entry.bytes = undefined;
    entry.hits = 0;
  }

  /** Least recently used content goes first until memory fits the budget. */
  #trimHot(keep: Entry): void {
    for (const entry of this.#entries.values()) {
      if (this.#hotTotal <= this.#hotBudget) return;
      if (entry !== keep) this.#dropBytes(entry);
    }
  }

  #dropIdle(): void {
    const now = performance.now();
    for (const entry of this.#entries.values()) if (now - entry.lastUsed >= HOT_IDLE_MS) this.#dropBytes(entry);
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
    const entry: Entry = {
      fd,
      size: info.size,
      mtimeMs: info.mtimeMs,
      ino: info.ino,
      checkedAt: now,
      refs: 0,
      retired: false,
      hits: 0,
      lastUsed: now,
    };
    this.#entries.set(path, entry);
    this.#trim();
    return entry;
  }

  #retire(entry: Entry): void {
    if (entry.retired) return;
    entry.retired = true;
    this.#dropBytes(entry);
    if (entry.refs === 0) void closeFd(entry.fd).catch(() => {});
    else this.#lingering++;
  }

  /** The last reader of a retired entry is done with it. */
  #closeRetired(entry: Entry): void {
    this.#lingering--;
    void closeFd(entry.fd).catch(() => {});
  }

  /**
   * Least recently used descriptors beyond `maxOpen` are closed. One being read stays open and
   * shared — closing it would only make the next request for it open a second descriptor.
   */
  #trim(): void {
    for (const [path, entry] of this.#entries) {
      if (this.#entries.size <= this.#maxOpen) return;
      if (entry.refs > 0) continue;
      this.#entries.delete(path);
      this.#retire(entry);
    }
  }
}
