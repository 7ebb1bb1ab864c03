import { useEffect, useRef, useState, type ChangeEvent, type WheelEvent } from 'react';
import { ReactCrop, type PixelCrop } from 'react-image-crop';
import 'react-image-crop/dist/ReactCrop.css';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { usePinch } from '../../../components/use-pinch.ts';
import { HttpError } from '../../../lib/http.ts';
import { uploadAvatar } from '../api/update.ts';
import {
  CROP_AREA,
  clampSquare,
  displayScale,
  initialSquare,
  isTooBig,
  MIN_CROP,
  OUTPUT_SIZE,
  TOO_BIG_TEXT,
  zoomSquare,
  type Square,
} from '../crop-rules.ts';
import styles from './avatar-dialog.module.css';

interface Loaded {
  url: string;
  width: number;
  height: number;
  /** natural pixels per displayed pixel */
  scale: number;
}

/** The crop drawn at 1024×1024 as a JPEG. */
function renderCrop(img: HTMLImageElement, s: Square): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = OUTPUT_SIZE;
  canvas.height = OUTPUT_SIZE;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new Error('canvas unavailable'));
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(img, s.x, s.y, s.size, s.size, 0, 0, OUTPUT_SIZE, OUTPUT_SIZE);
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('toBlob failed'))), 'image/jpeg', 0.92));
}

function Preview({ image, square, size, label }: { image: Loaded; square: Square; size: number; label: string }) {
  const k = size / square.size;
  return (
    <figure className={styles.preview}>
      <span
        className={styles.previewImage}
        style={{
          width: size,
          height: size,
          backgroundImage: `url(${image.url})`,
          backgroundSize: `${image.width * k}px ${image.height * k}px`,
          backgroundPosition: `${-square.x * k}px ${-square.y * k}px`,
        }}
        role="img"
        aria-label={label}
      />
      <figcaption>{label}</figcaption>
    </figure>
  );
}

/**
 * 上传头像: choose an image (at most 5 MB), move and resize a square crop box
 * that stays inside it (10 px up to the smaller side), see it as 大尺寸封面 and 小尺寸封面, and
 * 保存并关闭 sends the crop drawn at 1024×1024 as imgFile.
 */
export function AvatarDialog({
  file: initialFile,
  onClose,
  onUploaded,
}: {
  file: File;
  onClose: () => void;
  onUploaded: (url: string) => void;
}) {
  const [file, setFile] = useState(initialFile);
  const [image, setImage] = useState<Loaded | null>(null);
  const [square, setSquare] = useState<Square | null>(null);
  const [error, setError] = useState<string | null>(isTooBig(initialFile) ? TOO_BIG_TEXT : null);
  const [saving, setSaving] = useState(false);
  const imgRef = useRef<HTMLImageElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState<string | null>(null);

  useEffect(() => {
    if (isTooBig(file)) return;
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);

  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const next = e.target.files?.[0];
    e.target.value = '';
    if (!next) return;
    if (isTooBig(next)) return setError(TOO_BIG_TEXT);
    setError(null);
    setImage(null);
    setSquare(null);
    setFile(next);
  };

  const onLoad = () => {
    const img = imgRef.current;
    if (!img || !url) return;
    const loaded = { url, width: img.naturalWidth, height: img.naturalHeight, scale: displayScale(img.naturalWidth, img.width) };
    setImage(loaded);
    setSquare(initialSquare(loaded.width, loaded.height));
  };

  const onCrop = (c: PixelCrop) => {
    if (!image) return;
    setSquare(clampSquare({ x: c.x * image.scale, y: c.y * image.scale, size: c.width * image.scale }, image.width, image.height));
  };

  // The wheel zooms the box around its centre (up shrinks it: the picture looks closer).
  const onWheel = (e: WheelEvent<HTMLDivElement>) => {
    if (!image || !square || saving) return;
    setSquare(zoomSquare(square, e.deltaY < 0 ? 1 / 1.1 : 1.1, image.width, image.height));
  };

  // Two fingers pinch the same way: apart shrinks the box (closer), together grows it.
  const pinch = usePinch((ratio) => {
    if (!image || saving) return;
    setSquare((current) => current && zoomSquare(current, 1 / ratio, image.width, image.height));
  });

  const save = async () => {
    if (!imgRef.current || !square) return;
    setSaving(true);
    setError(null);
    try {
      const blob = await renderCrop(imgRef.current, square);
      const { url: avatarUrl } = await uploadAvatar(blob, OUTPUT_SIZE);
      onUploaded(avatarUrl);
    } catch (err) {
      setError((err instanceof HttpError && err.msg) || '上传失败，请重试');
      setSaving(false);
    }
  };

  const shown =
    image && square
      ? {
          unit: 'px' as const,
          x: square.x / image.scale,
          y: square.y / image.scale,
          width: square.size / image.scale,
          height: square.size / image.scale,
        }
      : undefined;
  return (
    // A stray press beside the crop must not lose it: only 关闭 and Escape close, and not while saving.
    <Dialog
      title="上传头像"
      onClose={onClose}
      width={480}
      testId="avatar-dialog"
      closeOnBackdrop={false}
      closable={!saving}
      footer={
        <>
          <input ref={input} type="file" accept="image/*" hidden onChange={choose} data-testid="avatar-reselect" />
          <Button variant="secondary" disabled={saving} onClick={() => input.current?.click()}>
            重新选择
          </Button>
          <Button variant="primary" disabled={saving || !square} loading={saving} onClick={() => void save()}>
            保存并关闭
          </Button>
        </>
      }
    >
      <div className={styles.crop}>
        <div className={styles.area} style={{ width: CROP_AREA, height: CROP_AREA }} data-testid="crop-area" onWheel={onWheel} {...pinch}>
          {url ? (
            <ReactCrop
              crop={shown}
              onChange={onCrop}
              aspect={1}
              keepSelection
              minWidth={image ? MIN_CROP / image.scale : MIN_CROP}
              minHeight={image ? MIN_CROP / image.scale : MIN_CROP}
              disabled={saving}
            >
              <img ref={imgRef} src={url} alt="待裁剪的图片" className={styles.image} onLoad={onLoad} />
            </ReactCrop>
          ) : null}
        </div>
        <div className={styles.previews}>
          {image && square ? (
            <>
              <Preview image={image} square={square} size={104} label="大尺寸封面" />
              <Preview image={image} square={square} size={48} label="小尺寸封面" />
            </>
          ) : null}
        </div>
      </div>
      <p className={styles.error} role="alert">
        {error ?? ''}
      </p>
    </Dialog>
  );
}
