import { access, stat } from 'node:fs/promises';
import type { Repos } from '../repos/index.ts';
import { SingleFlight, type MediaPaths } from '../library/media-store.ts';
import { renderCoverArt, resizeImage } from '../library/cover-image.ts';
import type { ImageKind } from './media-urls.ts';

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

const exists = (path: string): Promise<boolean> => access(path).then(() => true, () => false);

/**
 * Artwork files: the original is drawn on first request, resized variants are cut from it on
 * first request of each size; both are cached on disk.
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

  async function pathOf(kind: ImageKind, id: number, size?: ImageSize): Promise<string> {
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
