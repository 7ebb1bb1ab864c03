import { createHash } from 'node:crypto';
import { read } from 'node:fs';
import { mkdir, open, rename, rm, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Readable } from 'node:stream';
import { temporaryPath } from './store.ts';

/** Reads of a growing file: a quarter megabyte at most, so a reader keeps close behind the writer. */
const READ_CHUNK = 256 * 1024;

export interface CompletedFile {
  size: number;
  md5: string;
}

/** A reader's hold on a live file: the descriptor stays open until every hold is released. */
export interface LiveLease {
  /** the final size when it was known before the end (a fitted MP3), else undefined until complete */
  readonly size: number | undefined;
  /** bytes written so far */
  readonly written: number;
  readonly complete: boolean;
  /** Bytes [start, end] (end inclusive; omitted: to the end, wherever that turns out to be), as they are written. Takes over the lease. */
  stream(start: number, end?: number): Readable;
  release(): void;
}

/**
 * A file being produced (a song being encoded) that readers follow while it grows: written under
 * a temporary name, hashed as it goes, renamed into place when complete. Every reader streams
 * what is written so far and waits for more, so each listener hears the song from the first
 * bytes the encoder makes, however many joined and whenever. The descriptor outlives the
 * rename and stays open while a lease holds it.
 */
export class LiveFile {
  readonly #handle: FileHandle;
  readonly #tmp: string;
  readonly #hash = createHash('md5');
  #declared: number | undefined;
  #written = 0;
  #state: 'growing' | 'complete' | 'failed' = 'growing';
  #error: Error | undefined;
  #refs = 1;
  #closed = false;
  #wake: (() => void)[] = [];
  readonly #started: Promise<void>;
  #start!: () => void;
  #startFailed!: (err: Error) => void;

  private constructor(handle: FileHandle, tmp: string, size: number | undefined) {
    this.#handle = handle;
    this.#tmp = tmp;
    this.#declared = size;
    this.#started = new Promise<void>((resolve, reject) => ((this.#start = resolve), (this.#startFailed = reject)));
    this.#started.catch(() => {});
  }

  /** Opens a temporary file beside `finalPath`; `size`: the exact final size, when known ahead. */
  static async create(finalPath: string, size?: number): Promise<LiveFile> {
    await mkdir(dirname(finalPath), { recursive: true });
    return LiveFile.open(temporaryPath(finalPath), size);
  }

  /** Opens `scratch` (a new file, its folder existing: Storage.scratchFile); `size` as for create. */
  static async open(scratch: string, size?: number): Promise<LiveFile> {
    return new LiveFile(await open(scratch, 'wx+'), scratch, size);
  }

  get written(): number {
    return this.#written;
  }
  get complete(): boolean {
    return this.#state === 'complete';
  }
  /** The final size: declared ahead, or known once complete. */
  get size(): number | undefined {
    return this.#declared ?? (this.complete ? this.#written : undefined);
  }
  /** Resolves at the first bytes written (or completion); rejects if the file fails first. */
  get started(): Promise<void> {
    return this.#started;
  }

  /** Declares the exact final size (before the first bytes, or at least before a reader asks). */
  declareSize(size: number): void {
    this.#declared = size;
  }

  async append(chunk: Buffer): Promise<void> {
    if (this.#state !== 'growing') throw new Error('the file is no longer growing');
    if (this.#declared !== undefined && this.#written + chunk.length > this.#declared) throw new Error('past the declared size');
    let done = 0;
    while (done < chunk.length) done += (await this.#handle.write(chunk, done, chunk.length - done, this.#written + done)).bytesWritten;
    this.#hash.update(chunk);
    this.#written += chunk.length;
    this.#start();
    this.#notify();
  }

  /**
   * The file is complete: readers carry on to its end, from this descriptor. Then it is put in
   * its place — renamed to `target`, or handed to `target` (moved into storage, which may take an
   * upload's time: readers of this process keep reading it meanwhile, and a new reader still
   * gets a lease). A place that fails deletes the temporary file and rejects; readers still
   * finish what was written.
   */
  async commit(target: string | ((tmp: string) => Promise<unknown>)): Promise<CompletedFile> {
    if (this.#declared !== undefined && this.#written !== this.#declared)
      throw new Error(`${this.#written} bytes written, ${this.#declared} declared`);
    this.#state = 'complete';
    this.#start();
    this.#notify();
    try {
      if (typeof target === 'string') await rename(this.#tmp, target);
      else await target(this.#tmp);
    } catch (err) {
      await rm(this.#tmp, { force: true });
      throw err;
    } finally {
      this.#release();
    }
    return { size: this.#written, md5: this.#hash.digest('hex') };
  }

  /** Deletes the temporary file; readers still following it fail with `err`. */
  async fail(err: Error): Promise<void> {
    if (this.#state !== 'growing') return;
    this.#state = 'failed';
    this.#error = err;
    this.#startFailed(err);
    this.#notify();
    this.#release();
    await rm(this.#tmp, { force: true });
  }

  /** A hold on the descriptor for one reader; undefined once it is closed (the file is complete on disk by then). */
  lease(): LiveLease | undefined {
    if (this.#closed || this.#state === 'failed') return undefined;
    this.#refs++;
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      this.#release();
    };
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const live = this;
    return {
      get size() {
        return live.size;
      },
      get written() {
        return live.#written;
      },
      get complete() {
        return live.complete;
      },
      stream: (start, end) => {
        if (!held) throw new Error('lease released');
        held = false;
        return this.#reader(start, end ?? Infinity);
      },
      release,
    };
  }

  #reader(start: number, end: number): Readable {
    let position = start;
    let reading = false;
    const stream = new Readable({
      highWaterMark: READ_CHUNK,
      read: () => pump(),
      destroy: (err, callback) => {
        this.#release();
        callback(err);
      },
    });
    const pump = (): void => {
      if (reading || stream.destroyed) return;
      const limit = Math.min(end + 1, this.#declared ?? (this.complete ? this.#written : Infinity));
      if (position >= limit) return void stream.push(null);
      const available = Math.min(this.#written, limit) - position;
      if (available <= 0) {
        if (this.#state === 'failed') return void stream.destroy(this.#error);
        this.#wake.push(pump);
        return;
      }
      reading = true;
      const buffer = Buffer.allocUnsafe(Math.min(available, READ_CHUNK));
      read(this.#handle.fd, buffer, 0, buffer.length, position, (err, bytesRead) => {
        reading = false;
        if (stream.destroyed) return;
        if (err) return void stream.destroy(err);
        if (bytesRead === 0) return void stream.destroy(new Error('the live file shrank'));
        position += bytesRead;
        if (stream.push(bytesRead === buffer.length ? buffer : buffer.subarray(0, bytesRead))) pump();
      });
    };
    return stream;
  }

  #notify(): void {
    const waiting = this.#wake;
    this.#wake = [];
    for (const wake of waiting) wake();
  }

  #release(): void {
    if (--this.#refs > 0 || this.#closed) return;
    this.#closed = true;
    void this.#handle.close().catch(() => {});
  }
}
