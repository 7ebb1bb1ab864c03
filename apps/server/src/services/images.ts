import { access, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Repos } from '../repos/index.ts';
import { renderCoverArt, resizeImage } from '../media/cover-image.ts';
import { DiskCache } from '../media/disk-cache.ts';
import { bucketSize, type ImageSize } from '../media/image-sizes.ts';
import { jpegSize } from '../media/jpeg-size.ts';
import { storedCoverPath } from '../media/stored-covers.ts';
import type { MediaPaths } from '../media/store.ts';
import type { ImageKind } from '../media/urls.ts';
import { TtlCache } from '../media/ttl-cache.ts';
import { SharedWork, type WorkQueue } from '../media/work.ts';

export type { ImageSize } from '../media/image-sizes.ts';

export interface ImageFile {
  path: string;
}

export interface ImageServiceOptions {
  /** the encode slots shared with audio rendering and transcoding */
  encoder: WorkQueue;
  /** disk budget of generated art and resized variants */
  cacheBytes: number;
}

/** Original sizes: square covers, wide banners and profile backgrounds (NetEase's proportions). */
const ORIGINAL: Record<ImageKind, ImageSize> = {
  album: { width: 800, height: 800 },
  playlist: { width: 800, height: 800 },
  artist: { width: 800, height: 800 },
  avatar: { width: 400, height: 400 },
  background: { width: 1080, height: 400 },
  banner: { width: 1080, height: 400 },
};

const exists = (path: string): Promise<boolean> =>
  access(path).then(
    () => true,
    () => false,
  );

const RECENT_PATH_TTL_MS = 2000;
const STORED_SIZE_TTL_MS = 3_600_000;

/** A stored cover itself (`<hash>.jpg`) is a user's picture, not a cache entry; its variants are. */
const isStoredOriginal = (path: string): boolean => /[\\/]covers[\\/][0-9a-f]{32}\.jpg$/.test(path);

/**
 * Artwork files: an album, artist or playlist with a stored cover (e.g. embedded in imported
 * audio) shows it, resized; anything else gets generated art, drawn on first request. Requested sizes
 * snap to a few buckets (media/image-sizes.ts), each variant is cut once, all drawing waits
 * for the shared encode slots, and generated files live within a disk budget (least recently
 * used deleted first; they are drawn again identically when asked for).
 */
export function createImageService(repos: Repos, paths: MediaPaths, { encoder, cacheBytes }: ImageServiceOptions) {
  const flights = new SharedWork<void>();
  const cache = new DiskCache([join(paths.root, 'image'), join(paths.root, 'covers')], cacheBytes, (p) => !isStoredOriginal(p));
  const known: Record<ImageKind, (id: number) => boolean> = {
    album: repos.albums.exists,
    playlist: repos.playlists.exists,
    artist: repos.artists.exists,
    avatar: repos.users.exists,
    background: repos.users.exists,
    banner: repos.banners.exists,
  };

  /** `path`, made first if it is missing (one run per path, in an encode slot, cancellable). */
  async function produce(path: string, make: () => Promise<void>, signal?: AbortSignal): Promise<string> {
    if (await exists(path)) {
      cache.touch(path);
      return path;
    }
    await flights.run(
      path,
      (workSignal) =>
        encoder.run(async () => {
          if (workSignal.aborted || (await exists(path))) return;
          await make();
          await cache.add(path, (await stat(path)).size);
        }, workSignal),
      signal,
    );
    return path;
  }

  const stored = (kind: ImageKind, id: number): string | undefined =>
    kind === 'album' || kind === 'artist' || kind === 'playlist' ? repos.storedCovers.find(kind, id) : undefined;

  // A stored cover keeps the size it was embedded at (up to 1400 px): variants are capped by it, so
  // a large one is cut at the bucket asked for and a small one is never blown up. Its file never
  // changes (named by its content): its size is read from the file at most once an hour.
  const storedSizes = new TtlCache<ImageSize>(STORED_SIZE_TTL_MS, 4096);
  async function storedSize(hash: string, path: string, fallback: ImageSize): Promise<ImageSize> {
    const known = storedSizes.get(hash);
    if (known) return known;
    const found = (await jpegSize(path)) ?? fallback;
    storedSizes.set(hash, found);
    return found;
  }

  async function pathOf(kind: ImageKind, id: number, size: ImageSize | undefined, signal?: AbortSignal): Promise<string> {
    const hash = stored(kind, id);
    const cover = hash === undefined ? undefined : storedCoverPath(paths.root, hash);
    // A stored cover deleted behind our back falls back to generated art.
    if (cover !== undefined && (await exists(cover))) {
      const bucket = size && bucketSize(size, await storedSize(hash!, cover, ORIGINAL[kind]));
      if (!bucket) return cover;
      const variant = storedCoverPath(paths.root, hash!, bucket);
      return produce(variant, () => resizeImage(cover, variant, bucket.width, bucket.height), signal);
    }
    // Generated art is drawn at the size asked for (its own bucket), never cut from another
    // file that the budget may have deleted meanwhile.
    const original = ORIGINAL[kind];
    const bucket = (size && bucketSize(size, original)) ?? original;
    const path = bucket === original ? paths.image(kind, id) : paths.image(kind, id, bucket);
    return produce(path, () => renderCoverArt(path, kind, id, bucket.width, bucket.height), signal);
  }

  // A screen asks for the same covers again and again: where one is, is looked up once a while.
  const recent = new TtlCache<string>(RECENT_PATH_TTL_MS, 4096);

  return {
    /**
     * The JPEG (the bucket for `size`); undefined when the entity is unknown. A path found in the
     * last RECENT_PATH_TTL_MS is not looked up again unless `fresh` (the file vanished meanwhile).
     */
    async ensure(kind: ImageKind, id: number, size?: ImageSize, signal?: AbortSignal, fresh = false): Promise<ImageFile | undefined> {
      const key = `${kind}:${id}:${size ? `${size.width}x${size.height}` : ''}`;
      const seen = fresh ? undefined : recent.get(key);
      if (seen) return { path: seen };
      if (!known[kind](id)) return undefined;
      const path = await pathOf(kind, id, size, signal);
      recent.set(key, path);
      return { path };
    },
    /** The disk budget's bookkeeping, for tests and benchmarks. */
    cache,
    /** Resolves when no drawing is in flight. */
    idle: () => flights.idle(),
  };
}
export type ImageService = ReturnType<typeof createImageService>;
