import { access, stat } from 'node:fs/promises';
import type { Repos } from '../repos/index.ts';
import { SingleFlight, type MediaPaths } from '../media/store.ts';
import { renderCoverArt, resizeImage } from '../media/cover-image.ts';
import { storedCoverPath } from '../media/stored-covers.ts';
import type { ImageKind } from '../media/urls.ts';

export interface ImageSize {
  width: number;
  height: number;
}

export interface ImageFile {
  path: string;
  size: number;
  mtimeMs: number;
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

/**
 * Artwork files: an album, artist or playlist with a stored cover (e.g. embedded in imported
 * audio) shows it; anything else gets generated art, drawn on first request. Resized variants
 * are cut on first request of each size; all are cached on disk. Variants of a stored cover are
 * named by its hash, so a changed cover never serves an old variant.
 */
export function createImageService(repos: Repos, paths: MediaPaths) {
  const flights = new SingleFlight<string>();
  const known: Record<ImageKind, (id: number) => boolean> = {
    album: repos.albums.exists,
    playlist: repos.playlists.exists,
    artist: repos.artists.exists,
    avatar: repos.users.exists,
    background: repos.users.exists,
    banner: repos.banners.exists,
  };

  const produce = (path: string, make: () => Promise<void>): Promise<string> =>
    flights.run(path, async () => {
      if (!(await exists(path))) await make();
      return path;
    });

  const stored = (kind: ImageKind, id: number): string | undefined =>
    kind === 'album' || kind === 'artist' || kind === 'playlist' ? repos.storedCovers.find(kind, id) : undefined;

  async function pathOf(kind: ImageKind, id: number, size?: ImageSize): Promise<string> {
    const hash = stored(kind, id);
    const cover = hash === undefined ? undefined : storedCoverPath(paths.root, hash);
    // A stored cover deleted behind our back falls back to generated art.
    if (hash !== undefined && cover !== undefined && (await exists(cover))) {
      if (!size) return cover;
      const variant = storedCoverPath(paths.root, hash, size);
      if (await exists(variant)) return variant;
      return produce(variant, () => resizeImage(cover, variant, size.width, size.height));
    }
    const original = ORIGINAL[kind];
    const base = paths.image(kind, id);
    if (!(await exists(base))) await produce(base, () => renderCoverArt(base, kind, id, original.width, original.height));
    if (!size || (size.width === original.width && size.height === original.height)) return base;
    const variant = paths.image(kind, id, size);
    if (await exists(variant)) return variant;
    return produce(variant, () => resizeImage(base, variant, size.width, size.height));
  }

  return {
    /** The JPEG (resized when `size` is given); undefined when the entity is unknown. */
    async ensure(kind: ImageKind, id: number, size?: ImageSize): Promise<ImageFile | undefined> {
      if (!known[kind](id)) return undefined;
      const path = await pathOf(kind, id, size);
      const info = await stat(path);
      return { path, size: info.size, mtimeMs: info.mtimeMs };
    },
  };
}
export type ImageService = ReturnType<typeof createImageService>;
