import { useState } from 'react';
import { sizedImage } from '../lib/image.ts';
import styles from './cover-image.module.css';

interface CoverImageProps {
  src: string | null | undefined;
  /** Displayed width in CSS px; the request asks for twice that */
  width: number;
  height?: number;
  alt?: string;
  radius?: number | string;
  className?: string;
  /** above-the-fold images load eagerly */
  eager?: boolean;
}

/** A cover with a neutral placeholder while loading or when the image is missing/broken. */
export function CoverImage({ src, width, height = width, alt = '', radius, className, eager }: CoverImageProps) {
  const [failed, setFailed] = useState(false);
  const url = failed ? '' : sizedImage(src, width, height);
  return (
    <span className={`${styles.cover} ${className ?? ''}`} style={{ borderRadius: radius, aspectRatio: `${width} / ${height}` }}>
      {url ? (
        <img src={url} alt={alt} loading={eager ? 'eager' : 'lazy'} decoding="async" draggable={false} onError={() => setFailed(true)} />
      ) : null}
    </span>
  );
}
