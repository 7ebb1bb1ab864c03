import type { Repos } from '../repos/index.ts';
import { renderCoverArt, resizeImage } from '../media/cover-image.ts';
import { DiskCache } from '../media/disk-cache.ts';
import { bucketSize, type ImageSize } from '../media/image-sizes.ts';
import { storedJpegSize } from '../media/jpeg-size.ts';
import { readObject, type Storage } from '../media/storage.ts';
import { storedCoverKey } from '../media/stored-covers.ts';
import type { ImageKind } from '../media/urls.ts';
import { TtlCache } from '../media/ttl-cache.ts';
import { SharedWork, type WorkQueue } from '../media/work.ts';

export type { ImageSize } from '../media/image-sizes.ts';

/** An image in storage. */
export interface ImageFile {
  object: string;
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

/** Where generated art is stored: the original size, or a bucket's. */
export const imageKey = (kind: string, id: number, size?: ImageSize): string =>
  `image/${kind}/${size ? `${id}_${size.width}x${size.height}.jpg` : `${id}.jpg`}`;

const RECENT_PATH_TTL_MS = 2000;
const STORED_SIZE_TTL_MS = 3_600_000;

/** A stored cover itself (`covers/<hash>.jpg`) is a user's picture, not a cache entry; its variants are. */
const isStoredOriginal = (key: string): boolean => /^covers\/[0-9a-f]{32}\.jpg$/.test(key);

/**
 * Artwork files: an album, artist or playlist with a stored cover (e.g. embedded in imported
 * audio) shows it, resized; anything else gets generated art, drawn on first request. Requested sizes
 * snap to a few buckets (media/image-sizes.ts), each variant is cut once, all drawing waits
 * for the shared encode slots, and generated objects live within a storage budget (least
 * recently used deleted first; they are drawn again identically when asked for).
 */
export function createImageService(repos: Repos, storage: Storage, { encoder, cacheBytes }: ImageServiceOptions) {
  const flights = new SharedWork<void>();
  const cache = new DiskCache(storage, ['image/', 'covers/'], cacheBytes, (key) => !isStoredOriginal(key));
  const known: Record<ImageKind, (id: number) => Promise<boolean>> = {
    album: repos.albums.exists,
    playlist: repos.playlists.exists,
    artist: repos.artists.exists,
    avatar: repos.users.exists,
    background: repos.users.exists,
    banner: repos.banners.exists,
  };

  /** The object `key`, made first if it is missing (one run per key, in an encode slot, cancellable). */
  async function produce(key: string, make: () => Promise<Buffer>, signal?: AbortSignal): Promise<string> {
    if (await storage.exists(key)) {
      cache.touch(key);
      return key;
    }
    await flights.run(
      key,
      (workSignal) =>
        encoder.run(async () => {
          if (workSignal.aborted || (await storage.exists(key))) return;
          const jpeg = await make();
          await storage.put(key, jpeg, { contentType: 'image/jpeg' });
          await cache.add(key, jpeg.length);
        }, workSignal),
      signal,
    );
    return key;
  }

  const stored = async (kind: ImageKind, id: number): Promise<string | undefined> =>
    kind === 'album' || kind === 'artist' || kind === 'playlist' ? await repos.storedCovers.find(kind, id) : undefined;

  // A stored cover keeps the size it was embedded at (up to 1400 px): variants are capped by it, so
  // a large one is cut at the bucket asked for and a small one is never blown up. Its file never
  // changes (named by its content): its size is read from the file at most once an hour.
  const storedSizes = new TtlCache<ImageSize>(STORED_SIZE_TTL_MS, 4096);
  async function storedSize(hash: string, key: string, fallback: ImageSize): Promise<ImageSize> {
    const known = storedSizes.get(hash);
    if (known) return known;
    const found = (await storedJpegSize(storage, key)) ?? fallback;
    storedSizes.set(hash, found);
    return found;
  }

  async function keyOf(kind: ImageKind, id: number, size: ImageSize | undefined, signal?: AbortSignal): Promise<string> {
    const hash = await stored(kind, id);
    const cover = hash === undefined ? undefined : storedCoverKey(hash);
    // A stored cover deleted behind our back falls back to generated art.
    if (cover !== undefined && (await storage.exists(cover))) {
      const bucket = size && bucketSize(size, await storedSize(hash!, cover, ORIGINAL[kind]));
      if (!bucket) return cover;
      const variant = storedCoverKey(hash!, bucket);
      return produce(variant, async () => resizeImage(await readObject(storage, cover), bucket.width, bucket.height), signal);
    }
    // Generated art is drawn at the size asked for (its own bucket), never cut from another
    // object that the budget may have deleted meanwhile.
    const original = ORIGINAL[kind];
    const bucket = (size && bucketSize(size, original)) ?? original;
    const key = bucket === original ? imageKey(kind, id) : imageKey(kind, id, bucket);
    return produce(key, () => renderCoverArt(kind, id, bucket.width, bucket.height), signal);
  }

  // A screen asks for the same covers again and again: where one is, is looked up once a while.
  const recent = new TtlCache<string>(RECENT_PATH_TTL_MS, 4096);

  return {
    /**
     * The JPEG (the bucket for `size`); undefined when the entity is unknown. An object found in the
     * last RECENT_PATH_TTL_MS is not looked up again unless `fresh` (it vanished meanwhile).
     */
    async ensure(kind: ImageKind, id: number, size?: ImageSize, signal?: AbortSignal, fresh = false): Promise<ImageFile | undefined> {
      const key = `${kind}:${id}:${size ? `${size.width}x${size.height}` : ''}`;
      const seen = fresh ? undefined : recent.get(key);
      if (seen) return { object: seen };
      if (!(await known[kind](id))) return undefined;
      const object = await keyOf(kind, id, size, signal);
      recent.set(key, object);
      return { object };
    },
    /** The storage budget's bookkeeping, for tests and benchmarks. */
    cache,
    /** Resolves when no drawing is in flight. */
    idle: () => flights.idle(),
  };
}
export type ImageService = Awaited<ReturnType<typeof createImageService>>;
