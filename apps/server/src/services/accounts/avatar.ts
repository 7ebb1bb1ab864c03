import { createHash } from 'node:crypto';
import { ApiError, badRequest } from '../../errors.ts';
import { loadSharp } from '../../media/sharp.ts';
import type { Storage } from '../../media/storage.ts';
import type { MediaUrls } from '../../media/urls.ts';
import type { WorkQueue } from '../../media/work.ts';
import type { Repos } from '../../repos/index.ts';
import { avatarImgIdOf } from '../shapes.ts';
import type { SessionUser } from './sessions.ts';

/** An avatar picture of at most 5 MB. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_TOO_LARGE_MSG = '请选择不超过5M的图片';
/** Formats taken, as sharp reads them from the bytes (a name or declared type is never believed). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);
/** A 48-megapixel phone photo (8000×6000) passes; a decompression bomb does not. */
export const AVATAR_MAX_PIXELS = 50_000_000;
export const AVATAR_TOO_MANY_PIXELS_MSG = `图片尺寸过大，请选择不超过${AVATAR_MAX_PIXELS / 10_000}万像素（如 8000×6000）的图片`;
const HASH = /^[0-9a-f]{32}$/;

export interface AvatarCrop {
  /** side of the square JPEG made (NetEase's imgSize) */
  imgSize: number;
  /** left edge of the square taken from the picture; none = centred */
  imgX?: number;
  /** top edge of the square taken from the picture; none = centred */
  imgY?: number;
}

/** Where an uploaded avatar is stored: one object per picture, named by its content. */
export const avatarKey = (hash: string): string => `avatars/${hash}.jpg`;

const notAnImage = (): ApiError => badRequest('imgFile must be a JPEG, PNG, WebP, GIF or AVIF image');

/**
 * /avatar/upload: the picture, sniffed by sharp, is cropped to a square, made `imgSize` pixels
 * JPEG, and stored once per content as `avatars/<hash>.jpg` (a new avatar is a new
 * URL, so every copy of the old one cached anywhere stays right until replaced). The previous
 * file is deleted once no account shows it any more.
 */
export function createAvatarService(repos: Repos, storage: Storage, encoder: WorkQueue) {
  async function render(bytes: Buffer, crop: AvatarCrop): Promise<Buffer> {
    const sharp = await loadSharp();
    const options = { limitInputPixels: AVATAR_MAX_PIXELS, failOn: 'error' as const };
    // The header alone, read without the pixel limit (nothing is decoded yet): a picture too large
    // is told so, rather than taken for something that is no picture.
    const meta = await sharp(bytes, { ...options, limitInputPixels: false })
      .metadata()
      .catch(() => undefined);
    if (!meta?.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) throw notAnImage();
    if (meta.width * (meta.pageHeight ?? meta.height) > AVATAR_MAX_PIXELS) throw badRequest(AVATAR_TOO_MANY_PIXELS_MSG);
    // EXIF orientation first, so offsets mean what the person saw.
    const upright = await sharp(bytes, options).rotate().toBuffer({ resolveWithObject: true });
    const { width, height } = upright.info;
    let image = sharp(upright.data);
    if (crop.imgX !== undefined || crop.imgY !== undefined) {
      const left = Math.min(crop.imgX ?? 0, width - 1);
      const top = Math.min(crop.imgY ?? 0, height - 1);
      const side = Math.min(width - left, height - top);
      image = image.extract({ left, top, width: side, height: side });
    }
    return image
      .resize(crop.imgSize, crop.imgSize, { fit: 'cover', position: 'centre' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 88 })
      .toBuffer();
  }

  return {
    async upload(viewer: SessionUser, bytes: Buffer, crop: AvatarCrop, urls: MediaUrls) {
      if (bytes.length > AVATAR_MAX_BYTES) throw new ApiError(413, AVATAR_TOO_LARGE_MSG);
      if (bytes.length === 0) throw notAnImage();
      const jpeg = await encoder.run(() =>
        render(bytes, crop).catch((err: unknown) => Promise.reject(err instanceof ApiError ? err : notAnImage())),
      );
      const hash = createHash('sha256').update(jpeg).digest('hex').slice(0, 32);
      const key = avatarKey(hash);
      if (!(await storage.exists(key))) await storage.put(key, jpeg, { contentType: 'image/jpeg' });
      const previous = (await repos.users.findById(viewer.id))?.avatarHash ?? null;
      await repos.users.setAvatarHash(viewer.id, hash);
      if (previous && previous !== hash && (await repos.users.avatarUsers(previous)) === 0) {
        await storage.delete(avatarKey(previous));
      }
      const url = urls.uploadedAvatar(hash);
      const imgId = avatarImgIdOf({ avatarHash: hash });
      return { code: 200 as const, data: { code: 200, url_pre: url, url, imgId, imgIdStr: String(imgId) } };
    },

    /** The stored object of the avatar the user uploaded; undefined when they show generated art. */
    async fileOf(userId: number): Promise<{ object: string } | undefined> {
      const hash = (await repos.users.findById(userId))?.avatarHash;
      return hash ? { object: avatarKey(hash) } : undefined;
    },

    /** The stored object of an uploaded avatar, when `hash` names one some account shows. */
    async file(hash: string): Promise<{ object: string } | undefined> {
      if (!HASH.test(hash) || (await repos.users.avatarUsers(hash)) === 0) return undefined;
      return { object: avatarKey(hash) };
    },
  };
}
export type AvatarService = Awaited<ReturnType<typeof createAvatarService>>;
