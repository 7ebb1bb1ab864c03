import type { OpenFile, OpenFiles } from './open-files.ts';
import { StorageMissing, type Storage, type StoredObject } from './storage.ts';
import { TtlCache } from './ttl-cache.ts';

/**
 * A file a response sends: a file of this machine (an imported song, read where it is) or an
 * object the server stored (storage.ts).
 */
export type MediaRef = { path: string } | { object: string };

/** A media file ready to be sent: held open on this machine's disk, or an object in remote storage. */
export type OpenedMedia = { size: number; mtimeMs: number } & ({ kind: 'file'; file: OpenFile } | { kind: 'object'; key: string });

/** A tag naming one version of a file by its size and modification time (for files not named by their content). */
export const versionTag = ({ size, mtimeMs }: OpenedMedia): string => `"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}"`;

/** How media kept in S3 reaches clients: through the server (ranged proxying) or by a redirect to a signed URL. */
export type RemoteMediaMode = 'proxy' | 'redirect';

/**
 * A player's ranges and a screen of covers come in bursts: an object's size and date are asked
 * for once a second at most (the objects are named by their content or made again identically,
 * and one deleted meanwhile is noticed at its GET).
 */
const STAT_TTL_MS = 1000;

/**
 * Opens what a response sends: files on this machine's disk (imported songs, and every object
 * when storage is the data directory) stay open between requests (OpenFiles); an object in
 * remote storage is described by a cached stat and fetched when sent.
 */
export class MediaFiles {
  readonly #stats = new TtlCache<StoredObject>(STAT_TTL_MS, 4096);

  constructor(
    readonly storage: Storage,
    readonly files: OpenFiles,
    readonly remoteMode: RemoteMediaMode,
  ) {}

  /** Rejects with code ENOENT when the file or object is gone. */
  async open(ref: MediaRef): Promise<OpenedMedia> {
    const path = 'path' in ref ? ref.path : this.storage.localPath(ref.object);
    if (path !== undefined) {
      const file = await this.files.acquire(path);
      return { kind: 'file', file, size: file.size, mtimeMs: file.mtimeMs };
    }
    const key = (ref as { object: string }).object;
    let info = this.#stats.get(key);
    if (!info) {
      info = await this.storage.stat(key);
      if (!info) throw new StorageMissing(key);
      this.#stats.set(key, info);
    }
    return { kind: 'object', key, size: info.size, mtimeMs: info.mtimeMs };
  }

  /** An object that turned out to be gone: asked about afresh next time. */
  forget(key: string): void {
    this.#stats.delete(key);
  }
}
