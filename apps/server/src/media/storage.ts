import { createWriteStream } from 'node:fs';
import { copyFile, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ApiError } from '../errors.ts';
import { temporaryPath } from './store.ts';

/**
 * Where everything the server writes is kept: cloud-drive files, avatars, image variants,
 * transcodes, rendered demo songs, podcast episodes and covers taken from imported music. Two
 * engines: the data directory's `media/` folder (the default) and S3-compatible object storage
 * (s3-storage.ts). The SQLite file, scratch files being made and imported music folders stay on
 * this machine's disk whichever is chosen.
 *
 * A key is a relative, slash-separated name built by the server from validated ids and hashes
 * (`audio/12.mp3`, `cloud/ab/<sha256>.mp3`) — never from anything a client typed. Writes are
 * atomic: an object is either absent or complete, never partial, for any reader of any process.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  /** what the logs and the start-up banner call it: a folder, or s3://bucket/prefix */
  readonly location: string;
  /** Stores `body` whole under `key` (replacing what was there); readers see the old object or the new one, never a part. */
  put(key: string, body: Buffer | Readable, options?: PutOptions): Promise<StoredObject>;
  /**
   * Moves a finished local file (made at `scratchFile(key)`) into storage under `key`; the local
   * file is gone afterwards (a reader holding it open keeps reading it).
   */
  putFile(key: string, path: string, options?: PutOptions): Promise<StoredObject>;
  /** The object's bytes, all or `range` (both ends inclusive); rejects with a StorageMissing when absent. */
  get(key: string, range?: ByteSpan): Promise<Readable>;
  /** Size, modification time and the engine's ETag; undefined when absent. */
  stat(key: string): Promise<StoredObject | undefined>;
  exists(key: string): Promise<boolean>;
  /** Removes the object; nothing happens when it is absent. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix` (budgets and sweeps), in no particular order. */
  list(prefix: string): AsyncIterable<StoredEntry>;
  /**
   * A fresh local path where a file destined for `key` is made (its folder exists): beside the
   * final file for the data directory, so that putFile is a rename; in a staging folder of the
   * data directory otherwise. Named `….<pid>-<random>.tmp`, so a crashed process's leftovers are
   * swept at the next start.
   */
  scratchFile(key: string): Promise<string>;
  /** The object's path on this machine's disk, when the engine keeps objects there (the data directory). */
  localPath(key: string): string | undefined;
  /** A URL anyone may GET the object from for `ttlS` seconds (object storage only). */
  presign?(key: string, ttlS: number, response?: ResponseOverrides): Promise<string>;
  /** Checks that the storage can be used (the bucket exists and answers); rejects with why. */
  check(): Promise<void>;
  close(): void;
}

export interface PutOptions {
  contentType?: string;
}

/** Headers the object's GET answers with, chosen when a URL is signed. */
export interface ResponseOverrides {
  contentType?: string;
  contentDisposition?: string;
  cacheControl?: string;
}

export interface StoredObject {
  size: number;
  mtimeMs: number;
  /** the engine's own tag (not quoted); the server's ETags are its own (the content's hash) */
  etag: string;
}

export interface StoredEntry extends StoredObject {
  key: string;
}

/** Bytes start..end, both inclusive. */
export interface ByteSpan {
  start: number;
  end: number;
}

/** The object asked for is not there. `code` is ENOENT, as a missing file's is, so callers treat both alike. */
export class StorageMissing extends Error {
  readonly code = 'ENOENT';
  constructor(readonly key: string) {
    super(`no stored object ${key}`);
  }
}

export const STORAGE_UNAVAILABLE_MSG = '媒体存储暂时不可用，请稍后再试';

/**
 * The storage could not be reached or refused the request (S3 down, the bucket deleted, wrong
 * credentials): a 503 `{code, msg}` the client may retry, never an internal error. `cause` is
 * what the engine said, for the log. Nothing was changed: a write that fails leaves the old
 * object (or none), and the database is written only after storage.
 */
export class StorageUnavailable extends ApiError {
  constructor(
    readonly why: string,
    options?: { cause?: unknown },
  ) {
    super(503, STORAGE_UNAVAILABLE_MSG, 5);
    this.name = 'StorageUnavailable';
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

export const isMissing = (err: unknown): boolean => (err as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';

const KEY = /^[a-z0-9][a-z0-9._-]*(?:\/[a-z0-9][a-z0-9._-]*)*$/i;

/** A key is relative, slash-separated, with no empty, `.` or `..` segment: it can never leave its folder or prefix. */
export function checkKey(key: string): string {
  if (!KEY.test(key) || key.split('/').some((s) => s === '.' || s === '..') || key.endsWith('.tmp')) {
    throw new Error(`not a storage key: ${JSON.stringify(key)}`);
  }
  return key;
}

/**
 * The data directory's `media/` folder: an object is the file at `<root>/<key>`, the layout the
 * server always had, so an existing data directory keeps working as it is. A write goes to a
 * temporary file beside its final name and is renamed into place.
 */
export class LocalStorage implements Storage {
  readonly kind = 'local' as const;
  readonly location: string;

  constructor(readonly root: string) {
    this.location = root;
  }

  #path(key: string): string {
    return join(this.root, checkKey(key));
  }

  localPath(key: string): string {
    return this.#path(key);
  }

  async scratchFile(key: string): Promise<string> {
    const path = this.#path(key);
    await mkdir(dirname(path), { recursive: true });
    return temporaryPath(path);
  }

  async put(key: string, body: Buffer | Readable): Promise<StoredObject> {
    const tmp = await this.scratchFile(key);
    try {
      // `flush`: the bytes reach the disk before the rename makes them visible.
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(tmp, { flush: true }));
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
    return this.putFile(key, tmp);
  }

  async putFile(key: string, path: string): Promise<StoredObject> {
    const target = this.#path(key);
    await mkdir(dirname(target), { recursive: true });
    try {
      await rename(path, target);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      // Another file system: copied beside the target first, so the rename stays atomic.
      const tmp = temporaryPath(target);
      try {
        await copyFile(path, tmp);
        await rename(tmp, target);
      } finally {
        await rm(tmp, { force: true });
      }
      await rm(path, { force: true });
    }
    return (await this.stat(key))!;
  }

  async get(key: string, range?: ByteSpan): Promise<Readable> {
    const handle = await open(this.#path(key), 'r').catch((err: unknown) => {
      throw isMissing(err) ? new StorageMissing(key) : err;
    });
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async stat(key: string): Promise<StoredObject | undefined> {
    const info = await stat(this.#path(key)).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    return { size: info.size, mtimeMs: info.mtimeMs, etag: `${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}` };
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== undefined;
  }

  async delete(key: string): Promise<void> {
    await rm(this.#path(key), { force: true });
  }

  async *list(prefix: string): AsyncIterable<StoredEntry> {
    // The folder the prefix names (all of it when the prefix ends inside a name).
    const folder = join(this.root, prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '');
    const entries = await readdir(folder, { withFileTypes: true, recursive: true }).catch(() => []);
    for (const entry of entries) {
      if (!entry.isFile() || entry.name.endsWith('.tmp')) continue;
      const path = join(entry.parentPath ?? entry.path, entry.name);
      const key = relative(this.root, path).split(sep).join('/');
      if (!key.startsWith(prefix) || !KEY.test(key)) continue;
      const info = await stat(path).catch(() => undefined);
      if (!info) continue;
      // The last use the disk knows of: the order files were used in before a restart.
      const used = Math.max(info.atimeMs, info.mtimeMs);
      yield { key, size: info.size, mtimeMs: used, etag: `${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}` };
    }
  }

  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true });
  }

  close(): void {}
}

/** How the server reaches an S3-compatible object store (config.ts reads it from the environment). */
export interface S3StorageConfig {
  kind: 's3';
  bucket: string;
  /** keys are stored under `<prefix>/`; '' = the bucket's root */
  prefix: string;
  /** http(s) URL of an S3-compatible server; null = AWS's own for the region */
  endpoint: string | null;
  region: string;
  /** path-style URLs (`<endpoint>/<bucket>/<key>`), which MinIO-like servers want */
  pathStyle: boolean;
  /** null = the SDK's usual sources (environment, profile, instance role) */
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | null;
}

export type StorageConfig = { kind: 'local' } | S3StorageConfig;

/** The whole object in memory (small ones: covers, avatars). */
export async function readObject(storage: Storage, key: string): Promise<Buffer> {
  const path = storage.localPath(key);
  if (path) {
    const { readFile } = await import('node:fs/promises');
    return readFile(path).catch((err: unknown) => Promise.reject(isMissing(err) ? new StorageMissing(key) : err));
  }
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.get(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
