import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Artist } from '@cloudtune/contract';
import { CoverImage } from './cover-image.tsx';
import { Skeleton } from './skeleton.tsx';
import styles from './artist-card.module.css';

/** displayed picture size at a 1440 px window; the image request doubles it */
const PICTURE = 180;

export type ArtistCardData = Pick<Artist, 'id' | 'name' | 'picUrl' | 'img1v1Url' | 'alias'>;

/** An artist: square picture and name, linking to the artist page (歌手 grid, 相似歌手, search). */
export function ArtistCard({ artist }: { artist: ArtistCardData }) {
  const alias = artist.alias?.find(Boolean);
  return (
    <Link
      to={`/artist/${artist.id}`}
      className={styles.card}
      data-testid="artist-card"
      title={alias ? `${artist.name}（${alias}）` : artist.name}
    >
      <CoverImage src={artist.picUrl || artist.img1v1Url} width={PICTURE} radius={10} alt={artist.name} className={styles.picture} />
      <p className={styles.name}>{artist.name}</p>
    </Link>
  );
}

/** The responsive grid artist cards sit in; `loading` shows placeholder cards. */
export function ArtistGrid({
  children,
  loading = false,
  placeholders = 18,
}: {
  children?: ReactNode;
  loading?: boolean;
  placeholders?: number;
}) {
  return (
    <div className={styles.grid} aria-busy={loading || undefined}>
      {loading
        ? Array.from({ length: placeholders }, (_, i) => (
            <div key={i} className={styles.card} aria-hidden="true">
              <Skeleton style={{ aspectRatio: '1' }} radius={10} />
              <Skeleton height={14} width="60%" style={{ margin: '10px auto 0' }} />
            </div>
          ))
        : children}
    </div>
  );
}
